import { DEFAULT_PAGE_LIMIT } from '@causeway/core/contracts/page-limits';
import type { Page } from '@causeway/core/shared/paging';

/**
 * The API's lists answer one page at a time: `limit` rows and a `nextCursor` (null on the last page)
 * to ask for the next with `cursor`.
 */
export type ListPage<T> = Page<T>;

/** Rows a list page asks for: the API's own default. */
export const PAGE_SIZE = DEFAULT_PAGE_LIMIT;
/** Rows a page asks for when every page is read (a lookup of names, a count). */
const LOOKUP_PAGE_SIZE = 200;

/** `path` (which may carry a query already) with the page's limit and cursor. */
export function pagePath(path: string, cursor: string | null | undefined, limit = PAGE_SIZE): string {
  const search = new URLSearchParams({ limit: String(limit) });
  if (cursor) search.set('cursor', cursor);
  return `${path}${path.includes('?') ? '&' : '?'}${search.toString()}`;
}

/** Every page of a list, one after another: for lookups that need the whole list, not for showing it. */
export async function everyPage<T>(
  readPage: (cursor: string | null, limit: number) => Promise<ListPage<T>>,
): Promise<ListPage<T>> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: ListPage<T> = await readPage(cursor, LOOKUP_PAGE_SIZE);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return { items, nextCursor: null };
}

/** For useInfiniteQuery: where the next page starts, or undefined after the last. */
export const nextPageParam = <T>(page: ListPage<T>): string | undefined => page.nextCursor ?? undefined;

/** For useInfiniteQuery's `select`: the pages read so far as one list. */
export const allItems = <T>(data: { pages: ListPage<T>[] }): T[] => data.pages.flatMap((page) => page.items);
