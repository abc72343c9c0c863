import { DEFAULT_PAGE_LIMIT } from '../contracts/paging.contract';
import { invalid } from './errors';

/**
 * Keyset paging: lists are ordered newest first by an instant and then by id, and a page resumes
 * strictly after the last row of the one before. The cursor the API hands out is that row's key,
 * opaque to clients.
 */
export interface PageKey {
  /** The row's instant, ISO 8601 in UTC. */
  at: string;
  id: string;
}

export interface PageRequest {
  /** Rows to answer at most. */
  limit: number;
  /** Only rows strictly after this key in the list's order. */
  after?: PageKey;
}

export interface Page<T> {
  items: T[];
  /** Null on the last page. */
  nextCursor: string | null;
}

const CURSOR_FIELD = 'cursor';
const CURSOR_MESSAGE = 'This cursor is not one a list answered; start again from the first page.';

export function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify([key.at, key.id]), 'utf8').toString('base64url');
}

/** The key a cursor carries; a 400 naming `cursor` when it is not one this API made. */
export function decodeCursor(cursor: string): PageKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid(CURSOR_MESSAGE, { [CURSOR_FIELD]: CURSOR_MESSAGE });
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    parsed[1].length === 0 ||
    Number.isNaN(Date.parse(parsed[0]))
  ) {
    throw invalid(CURSOR_MESSAGE, { [CURSOR_FIELD]: CURSOR_MESSAGE });
  }
  return { at: new Date(parsed[0]).toISOString(), id: parsed[1] };
}

/** The repository request for a page the API was asked for: one row more than shown, to know if more follow. */
export function pageRequest(
  query: { limit?: number | undefined; cursor?: string | undefined },
  fallback = DEFAULT_PAGE_LIMIT,
) {
  const limit = query.limit ?? fallback;
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  return { limit, request: { limit: limit + 1, ...(after ? { after } : {}) } satisfies PageRequest };
}

/** The page of `rows` (read with one more than `limit`), its cursor taken from the last row shown. */
export function pageOf<T>(rows: readonly T[], limit: number, keyOf: (row: T) => PageKey): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}

/** Whether a row comes strictly after `after` in newest-first order (for stores that page in memory). */
export function isAfter(key: PageKey, after: PageKey | undefined): boolean {
  if (after === undefined) return true;
  return key.at < after.at || (key.at === after.at && key.id < after.id);
}

/** Newest first, then the greater id first: the order every paged list answers in. */
export function newestKeyFirst(a: PageKey, b: PageKey): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}
