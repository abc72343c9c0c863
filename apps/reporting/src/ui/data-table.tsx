import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Column<Row, Sort extends string = string> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** The sort this column orders by, when it can. */
  sort?: Sort;
  /** Shown from this width up only (the narrowest screens keep the essentials). */
  wide?: boolean;
}

/** A table of report rows; sortable columns are buttons that say which way they order. */
export function DataTable<Row, Sort extends string = string>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
}: {
  caption: string;
  columns: readonly Column<Row, Sort>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  sort?: { by: Sort; order: 'asc' | 'desc' };
  onSort?: (by: Sort) => void;
}) {
  return (
    <div className="cw-rep-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="cw-rep-table">
        <caption className="cw-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const active = column.sort !== undefined && sort?.by === column.sort;
              const className = [column.numeric ? 'is-numeric' : '', column.wide ? 'is-wide' : '']
                .filter(Boolean)
                .join(' ');
              return (
                <th
                  key={column.header}
                  scope="col"
                  className={className || undefined}
                  aria-sort={active ? (sort!.order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sort !== undefined && onSort ? (
                    <button type="button" className="cw-rep-sort" onClick={() => onSort(column.sort!)}>
                      {column.header}
                      {active ? (
                        sort!.order === 'asc' ? (
                          <ArrowUp size={14} aria-hidden="true" />
                        ) : (
                          <ArrowDown size={14} aria-hidden="true" />
                        )
                      ) : (
                        <ArrowUpDown size={14} aria-hidden="true" className="cw-rep-sort__idle" />
                      )}
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const className = [column.numeric ? 'is-numeric' : '', column.wide ? 'is-wide' : '']
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={column.header} className={className || undefined}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Pages of a long list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="cw-rep-pager" aria-label={`${label} pages`}>
      <button
        type="button"
        className="cw-button cw-button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="cw-rep-pager__where">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="cw-button cw-button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
