import type { Response } from 'express';

// The admin's CSV downloads (orders, newsletter addresses): one way to write a cell and to send the file.

/** A spreadsheet cell: quoted, quotes doubled, and never read as a formula by a spreadsheet (=, +, -, @). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Sends `rows` under `columns` as a UTF-8 CSV download named `turnery-<name>-<today>.csv`, never cached. */
export function sendCsv(res: Response, name: string, columns: readonly string[], rows: readonly string[][]) {
  const csv = [columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
  res
    .type('text/csv; charset=utf-8')
    .setHeader('Content-Disposition', `attachment; filename="turnery-${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .setHeader('Cache-Control', 'no-store')
    .send(`\uFEFF${csv}\r\n`);
}

/** A query parameter's JSON schema for the API document, without the dialect line the document does not take. */
export const withoutDialect = ({ $schema: _dialect, ...schema }: Record<string, unknown>) => schema;
