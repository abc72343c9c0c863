import type { DocumentData } from 'firebase-admin/firestore';
import { EventTypes } from '@causeway/core/events/domain-event';
import { Organization } from '@causeway/core/organizations/organization.entity';
import type { OrganizationRepository } from '@causeway/core/ports/organization.repository';
import { conflict } from '@causeway/core/shared/errors';
import {
  changeWithFirestoreEvent,
  createDocument,
  definedOnly,
  softDeleteDocument,
  toIso,
  type FirestoreContext,
  readIn,
} from './firestore-context';

/** `organizations` collection; the document id is the organizationId. */
export function createFirestoreOrganizationRepository(context: FirestoreContext): OrganizationRepository {
  const organizations = () => context.firestore.collection('organizations');
  const read = async (organizationId: string) => {
    const snapshot = await readIn(context, organizations().doc(organizationId));
    return snapshot.exists ? fromDocument(snapshot.id, snapshot.data() ?? {}) : null;
  };
  return {
    findById: read,
    async list(options = {}) {
      // Sorted here, not by the query: stored names differ in case, and orderBy would drop documents lacking one.
      const snapshot = await readIn(context, organizations());
      return snapshot.docs
        .map((doc) => fromDocument(doc.id, doc.data()))
        .filter((organization) => options.includeDeleted || !organization.isDeleted)
        .sort(alphabetically);
    },
    async create(input) {
      const organization = normalized(Organization.parse(input));
      return createDocument(
        context,
        organizations().doc(organization.organizationId),
        organization,
        (created) => ({
          type: EventTypes.organizationCreated,
          aggregateType: 'organization',
          aggregateId: created.organizationId,
          payload: { organization: created },
        }),
        organizationTaken,
      );
    },
    async update(organizationId, patch) {
      const current = await read(organizationId);
      if (!current) return null;
      const organization = normalized(
        Organization.parse({
          ...current,
          ...definedOnly(patch),
          organizationId,
          created_date: current.created_date,
          // SPEC §4: updating an organization makes it active again.
          isDeleted: false,
        }),
      );
      return changeWithFirestoreEvent(
        context,
        (batch) => {
          // merge keeps fields of existing documents that the entity does not know.
          batch.set(organizations().doc(organizationId), organization, { merge: true });
          return organization;
        },
        (updated) => ({
          type: EventTypes.organizationUpdated,
          aggregateType: 'organization',
          aggregateId: organizationId,
          payload: { organization: updated },
        }),
      );
    },
    async softDelete(organizationId) {
      return softDeleteDocument(context, organizations().doc(organizationId), () => ({
        type: EventTypes.organizationDeleted,
        aggregateType: 'organization',
        aggregateId: organizationId,
        payload: { organizationId },
      }));
    },
  };
}

const organizationTaken = () => conflict('An organization with this id already exists.');

/** A stored document as an entity; documents written before this store may lack fields or hold nulls. */
export function fromDocument(id: string, data: DocumentData): Organization {
  return Organization.parse({
    ...data,
    organizationId: id,
    email: typeof data.email === 'string' && data.email.trim() !== '' ? data.email : null,
    donationPercentage: data.donationPercentage == null ? undefined : Number(data.donationPercentage),
    isDeleted: data.isDeleted ?? undefined,
    created_date: toIso(data.created_date),
  });
}

/** Case-insensitive by name, then by code units, as the Postgres store orders with `collate "C"`. */
function alphabetically(a: Organization, b: Organization): number {
  return (
    compare(a.name.toLowerCase(), b.name.toLowerCase()) ||
    compare(a.name, b.name) ||
    compare(a.organizationId, b.organizationId)
  );
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Values as Postgres gives them back: timestamps in UTC to the millisecond, percentages to two decimals. */
const normalized = (organization: Organization): Organization => ({
  ...organization,
  donationPercentage: Math.round(organization.donationPercentage * 100) / 100,
  created_date: toIso(organization.created_date),
});
