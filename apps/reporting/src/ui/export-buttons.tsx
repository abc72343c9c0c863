import { Download } from 'lucide-react';
import { exportHref } from '../api/reports.api';
import type { ReportScope } from '../model/scope';

/** Downloads of a table, as CSV and as XLSX, with the filters of its screen. */
export function ExportButtons({
  table,
  label,
  scope,
  extra,
}: {
  table: string;
  /** What is downloaded, for the buttons' accessible names ("campaigns"). */
  label: string;
  scope: ReportScope;
  extra?: Record<string, string | undefined>;
}) {
  return (
    <div className="cw-rep-export" role="group" aria-label={`Export ${label}`}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <a
          key={format}
          className="cw-button cw-button--secondary"
          href={exportHref(table, format, scope, extra)}
          download
          aria-label={`Export ${label} as ${format.toUpperCase()}`}
        >
          <Download size={16} aria-hidden="true" />
          {format.toUpperCase()}
        </a>
      ))}
    </div>
  );
}
