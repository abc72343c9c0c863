import type { NewOrganization, Organization, OrganizationPatch } from '../organizations/organization.entity';

export interface OrganizationRepository {
  findById(organizationId: string): Promise<Organization | null>;
  /** Alphabetical by name; soft-deleted organizations only when asked for. */
  list(options?: { includeDeleted?: boolean }): Promise<Organization[]>;
  /** Conflict when the organizationId is taken. */
  create(organization: NewOrganization): Promise<Organization>;
  /** Applies the supplied fields and makes the organization active again (SPEC §4); null when none. */
  update(organizationId: string, patch: OrganizationPatch): Promise<Organization | null>;
  /** Sets isDeleted; false when no such organization. */
  softDelete(organizationId: string): Promise<boolean>;
}
