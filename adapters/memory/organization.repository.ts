import { EventTypes } from '@causeway/core/events/domain-event';
import { Organization } from '@causeway/core/organizations/organization.entity';
import type { OrganizationRepository } from '@causeway/core/ports/organization.repository';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, insertRecord, type MemoryContext } from './memory-state';

export function createMemoryOrganizationRepository(context: MemoryContext): OrganizationRepository {
  const organizations = () => context.state().table<Organization>('organizations');
  return {
    async findById(organizationId) {
      const organization = organizations().get(organizationId);
      return organization ? copy(organization) : null;
    },
    async list(options = {}) {
      return [...organizations().values()]
        .filter((organization) => options.includeDeleted || !organization.isDeleted)
        .sort(alphabetically)
        .map(copy);
    },
    create(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const organization = normalized(Organization.parse(input));
          return insertRecord(organizations(), organization.organizationId, organization, () =>
            conflict('An organization with this id already exists.'),
          );
        },
        (created) => ({
          type: EventTypes.organizationCreated,
          aggregateType: 'organization',
          aggregateId: created.organizationId,
          payload: { organization: created },
        }),
      );
    },
    update(organizationId, patch) {
      return changeWithMemoryEvent(
        context,
        () => {
          const current = organizations().get(organizationId);
          if (!current) return null;
          const organization = normalized(
            Organization.parse({
              ...current,
              ...supplied(patch),
              organizationId,
              created_date: current.created_date,
              // SPEC §4: updating an organization makes it active again.
              isDeleted: false,
            }),
          );
          organizations().set(organizationId, organization);
          return copy(organization);
        },
        (updated) =>
          updated && {
            type: EventTypes.organizationUpdated,
            aggregateType: 'organization',
            aggregateId: organizationId,
            payload: { organization: updated },
          },
      );
    },
    softDelete(organizationId) {
      return changeWithMemoryEvent(
        context,
        () => {
          const current = organizations().get(organizationId);
          if (!current) return false;
          organizations().set(organizationId, { ...current, isDeleted: true });
          return true;
        },
        (deleted) =>
          deleted
            ? {
                type: EventTypes.organizationDeleted,
                aggregateType: 'organization',
                aggregateId: organizationId,
                payload: { organizationId },
              }
            : null,
      );
    },
  };
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
  created_date: new Date(organization.created_date).toISOString(),
});

/** A patch's fields that were actually supplied: `undefined` leaves a field as it is. */
function supplied<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
