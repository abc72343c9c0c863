import { newestKeyFirst } from '@causeway/core/shared/paging';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { Campaign } from '@causeway/core/campaigns/campaign.entity';
import { definedOnly } from './firestore-context';

/**
 * A document's data with Firestore Timestamps turned into ISO strings, as the entities carry
 * instants; documents the original product wrote hold Timestamps.
 */
export function documentData(snapshot: DocumentSnapshot): Record<string, unknown> {
  return withIsoInstants(snapshot.data() ?? {}) as Record<string, unknown>;
}

function withIsoInstants(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(withIsoInstants);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withIsoInstants(inner)]));
  }
  return value;
}

/** An entity as document data: Firestore refuses undefined, anywhere in the tree. */
export function toDocument<T extends object>(entity: T): Record<string, unknown> {
  return JSON.parse(JSON.stringify(entity)) as Record<string, unknown>;
}

/** The creation time of a document that carries none of its own (older documents), as ISO. */
export const createTimeOf = (snapshot: DocumentSnapshot): string | undefined =>
  snapshot.createTime?.toDate().toISOString();

export const utc = (instant: string): string => new Date(instant).toISOString();
const utcOrNull = (instant: string | null): string | null => (instant === null ? null : utc(instant));

/** Instants are stored as UTC ISO strings, so that ordering by their text is ordering by time. */
export function withUtcTimes<T extends Partial<Omit<Campaign, 'workflow'>>>(fields: T): T {
  return {
    ...fields,
    ...(fields.createdAt === undefined ? {} : { createdAt: utc(fields.createdAt) }),
    ...(fields.startDate === undefined ? {} : { startDate: utcOrNull(fields.startDate) }),
    ...(fields.endDate === undefined ? {} : { endDate: utcOrNull(fields.endDate) }),
    ...(fields.campaignRaiseGoalDeadline === undefined
      ? {}
      : { campaignRaiseGoalDeadline: utcOrNull(fields.campaignRaiseGoalDeadline) }),
  };
}

/** Newest first, then by id descending, the order every store lists in. */
export const newestFirst =
  <T>(createdAt: (item: T) => string, id: (item: T) => string) =>
  (a: T, b: T): number =>
    newestKeyFirst({ at: createdAt(a), id: id(a) }, { at: createdAt(b), id: id(b) });

/** A patch's supplied fields, less the `fixed` ones that never reach the document; instants in UTC. */
export function suppliedFields<T extends Partial<Omit<Campaign, 'workflow'>>>(
  patch: object,
  fixed: readonly string[],
): T {
  const defined = definedOnly(patch) as Record<string, unknown>;
  for (const field of fixed) delete defined[field];
  return withUtcTimes(defined as T);
}
