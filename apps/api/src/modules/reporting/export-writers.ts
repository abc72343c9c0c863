import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ExportFormat } from '@causeway/core/contracts/reporting.contract';
import type { ExportTableRows } from '@causeway/core/reporting/reporting.service';

type Cell = string | number | boolean | null;

/** A text cell a spreadsheet would run as a formula (=, +, -, @) is written as text. */
export function safeCell(value: Cell): Cell {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Writes a table as CSV (with a header row): each batch is made one string (csv-stringify's sync
 * form, not a stream write per row) and written whole, waiting whenever the reader is behind.
 */
async function writeCsv(table: ExportTableRows, out: Writable): Promise<void> {
  const options = { cast: { boolean: (value: boolean) => (value ? 'yes' : 'no') } };
  const send = async (text: string | Uint8Array) => {
    if (!out.write(text)) {
      const waiting = new AbortController();
      try {
        await Promise.race([once(out, 'drain', waiting), once(out, 'close', waiting)]);
      } finally {
        waiting.abort();
      }
    }
    // A reader who went away ends the download (the rows left are not read).
    if (out.destroyed) throw new Error('The download was closed before its end.');
  };
  if (table.csv) {
    for await (const chunk of table.csv) await send(chunk);
    out.end();
    await once(out, 'finish');
    return;
  }
  await send(stringify([table.headers], options));
  for await (const batch of table.batches) {
    for (const row of batch) {
      for (let i = 0; i < row.length; i += 1) row[i] = safeCell(row[i]!);
    }
    await send(stringify(batch, options));
  }
  out.end();
  await once(out, 'finish');
}

/**
 * Writes a table as one XLSX sheet with the streaming workbook writer: each row is committed as it is written.
 * The spreadsheet library is loaded with the first spreadsheet asked for: loading it at start was some
 * 1.5 s of every server start's CPU, for a download most instances never serve.
 */
async function writeXlsx(table: ExportTableRows, out: Writable): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(table.sheet);
  sheet.addRow(table.headers).commit();
  for await (const batch of table.batches) {
    for (const row of batch) sheet.addRow(row.map(safeCell)).commit();
    // Let the zip stream hand what it has to the response before the next batch is read.
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}

export function writeExport(format: ExportFormat, table: ExportTableRows, out: Writable): Promise<void> {
  return format === 'xlsx' ? writeXlsx(table, out) : writeCsv(table, out);
}
