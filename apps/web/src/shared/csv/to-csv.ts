/** One column of an export: its header and how a row's cell is read. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/** Excel reads a file as UTF-8 only when it starts with this byte-order mark. */
export const UTF8_BOM = '\uFEFF';

// A spreadsheet treats a cell starting with one of these as a formula (or a DDE call): CSV injection.
const FORMULA_START = /^[=+\-@\t\r]/;
// RFC 4180: a field holding a quote, a comma or a line break is quoted, its quotes doubled.
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: text that could run as a formula gets a leading single quote, then RFC 4180 quoting. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  // Numbers we produce ourselves are data, never formulas (a negative count stays a number).
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The rows as an RFC 4180 CSV document for spreadsheets: a UTF-8 byte-order mark, a header line, one
 * line per row, CRLF line ends, and every cell made safe to open (see `csvCell`).
 */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [
    columns.map((column) => csvCell(column.header)).join(','),
    ...rows.map((row) => columns.map((column) => csvCell(column.value(row))).join(',')),
  ];
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

/** A time as spreadsheets read it, in local time: "2024-03-05 14:07" ('' when missing or invalid). */
export function csvDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
