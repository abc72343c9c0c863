import { sql, type Expression, type SqlBool } from 'kysely';
import type { PageKey } from '@causeway/core/shared/paging';

/**
 * Rows strictly after `after` in newest-first order of (`atColumn`, `idColumn`): one row comparison,
 * which the list's (instant desc, id desc) index answers.
 */
export function afterKey(atColumn: string, idColumn: string, after: PageKey): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(atColumn)}, ${sql.ref(idColumn)}) < (${new Date(after.at)}::timestamptz, ${after.id})`;
}
