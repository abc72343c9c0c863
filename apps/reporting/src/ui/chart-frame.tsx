import { Table2, ChartLine } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures align right. */
  numeric?: boolean;
}

/**
 * A chart with its figures as a table: screen readers always get the table (the drawing is hidden
 * from them), and anyone can switch to it. The caption says what the chart shows in words.
 */
export function ChartFrame<Row>({
  title,
  summary,
  rows,
  columns,
  rowKey,
  children,
}: {
  title: string;
  /** One sentence of what the chart shows, read before it. */
  summary: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => string;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <section className="cw-rep-panel cw-rep-chart" aria-labelledby={headingId}>
      <div className="cw-rep-panel__head">
        <h2 id={headingId} className="cw-rep-panel__title">
          {title}
        </h2>
        <button
          type="button"
          className="cw-button cw-button--ghost cw-rep-chart__toggle"
          aria-pressed={asTable}
          onClick={() => setAsTable((value) => !value)}
        >
          {asTable ? <ChartLine size={16} aria-hidden="true" /> : <Table2 size={16} aria-hidden="true" />}
          {asTable ? 'Show chart' : 'Show table'}
        </button>
      </div>
      <p className="cw-rep-chart__summary">{summary}</p>
      {!asTable && (
        <div className="cw-rep-chart__drawing" aria-hidden="true">
          {children}
        </div>
      )}
      <div className={asTable ? 'cw-rep-table-wrap' : 'cw-visually-hidden'}>
        <table className="cw-rep-table">
          <caption className="cw-visually-hidden">{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={column.numeric ? 'is-numeric' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.header} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={column.numeric ? 'is-numeric' : undefined}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
