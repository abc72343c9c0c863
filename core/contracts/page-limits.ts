/** The sizes of a list's pages (plain numbers: a front end pages without loading the schemas). */

/** Rows a page holds when the caller names no limit. */
export const DEFAULT_PAGE_LIMIT = 50;
/** Rows a page holds at most. */
export const MAX_PAGE_LIMIT = 200;
