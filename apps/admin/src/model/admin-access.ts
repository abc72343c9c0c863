import type { SessionUser } from '@causeway/core/users/user.entity';

/** The parts of a person or organization that decide who may act on them. */
export type PersonTarget = { uid: string; organizationId: string | null };

/**
 * What the signed-in admin may do in the admin area, mirroring the API's authorization table so the
 * screens only offer actions that will be accepted. Platform staff (a super user, or an admin who
 * belongs to no organization) act everywhere; an organization admin acts inside their own organization.
 */
export type AdminAccess = ReturnType<typeof adminAccessOf>;

export function adminAccessOf(user: Pick<SessionUser, 'uid' | 'admin' | 'superUser' | 'organizationId' | 'demoUser'>) {
  const platformStaff = user.superUser || (user.admin && user.organizationId === null);
  const organizationAdmin = !platformStaff && user.admin && user.organizationId !== null;
  const ownOrganizationId = organizationAdmin ? user.organizationId : null;
  const inOwnOrganization = (organizationId: string | null) =>
    organizationAdmin && organizationId !== null && organizationId === ownOrganizationId;
  const managesPeopleOf = (organizationId: string | null) => platformStaff || inOwnOrganization(organizationId);

  return {
    uid: user.uid,
    platformStaff,
    organizationAdmin,
    /** The organization an organization admin is confined to; null for platform staff. */
    ownOrganizationId,
    listOrganizations: platformStaff,
    createOrganization: platformStaff,
    deleteOrganization: platformStaff,
    readOrganization: (organizationId: string) => platformStaff || inOwnOrganization(organizationId),
    editOrganization: (organizationId: string) => platformStaff || inOwnOrganization(organizationId),
    listPeople: platformStaff || organizationAdmin,
    editPerson: (target: PersonTarget) => managesPeopleOf(target.organizationId),
    setAdmin: (target: PersonTarget) => managesPeopleOf(target.organizationId),
    setSuperUser: user.superUser,
    /** Moving people between organizations is a platform decision. */
    moveBetweenOrganizations: platformStaff,
    softDelete: (target: PersonTarget) => target.uid !== user.uid && managesPeopleOf(target.organizationId),
    hardDelete: (target: PersonTarget) => target.uid !== user.uid && platformStaff,
    invite: !user.demoUser && (platformStaff || organizationAdmin),
    settings: platformStaff,
    auditLog: platformStaff,
  };
}
