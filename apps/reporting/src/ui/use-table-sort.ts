import { useState } from 'react';

/**
 * A sortable table's order and page. Choosing the column it is sorted by flips the order; another
 * column starts descending (figures, largest first) or ascending for the one read as text. Any change
 * of order goes back to the first page.
 */
export function useTableSort<S extends string>(initial: S, textColumn: S) {
  const [sort, setSort] = useState<{ by: S; order: 'asc' | 'desc' }>({ by: initial, order: 'desc' });
  const [page, setPage] = useState(1);
  const onSort = (by: S) => {
    setSort((current) => ({
      by,
      order: current.by === by ? (current.order === 'desc' ? 'asc' : 'desc') : by === textColumn ? 'asc' : 'desc',
    }));
    setPage(1);
  };
  return { sort, onSort, page, setPage };
}
