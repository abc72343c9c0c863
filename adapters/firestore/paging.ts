import { FieldPath, type Query } from 'firebase-admin/firestore';
import type { PageRequest } from '@causeway/core/shared/paging';

/**
 * A list's query ordered newest first by `atField` (an ISO string in UTC, as this store writes
 * instants) and then by document id, resuming after the page key and cut at its limit: the store reads
 * only the page, by a composite index listed in firestore.indexes.json.
 */
export function pagedQuery(query: Query, atField: string, page: PageRequest | undefined, idField?: string): Query {
  let ordered = query.orderBy(atField, 'desc').orderBy(idField ?? FieldPath.documentId(), 'desc');
  if (page?.after) ordered = ordered.startAfter(page.after.at, page.after.id);
  return page ? ordered.limit(page.limit) : ordered;
}
