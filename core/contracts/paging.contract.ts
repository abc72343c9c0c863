import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './page-limits';

/**
 * Paging of every list the API serves: `limit` rows (the list's own default when left out) and the
 * `cursor` the previous page answered as `nextCursor`, which is null on the last page.
 */
export { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT };

export const PageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Ask for at least 1.')
    .max(MAX_PAGE_LIMIT, `Ask for at most ${MAX_PAGE_LIMIT}.`)
    .optional(),
  cursor: z.string().min(1).max(400, 'This cursor is not one a list answered.').optional(),
};

export const NextCursor = z.string().nullable();
