/**
 * CSV for exports (RFC 4180): every cell quoted when it holds a comma, quote or line break; a cell a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe.
 */
export type Cell = string | number | boolean | null | undefined;

/** One cell as CSV text. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows as a CSV document (CRLF line ends, as spreadsheets expect). */
export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
