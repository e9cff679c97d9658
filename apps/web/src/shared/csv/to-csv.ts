import { zonedClock } from '@/shared/format/time-zone';

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
// A plain decimal number ("-3", "12.5"): spreadsheets read it as that number, never as a formula.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * One cell, made safe to open in a spreadsheet (OWASP "CSV Injection"), then RFC 4180 quoting:
 * - numbers (and booleans) we produce, and text that is a plain decimal number ("-3"), are written as
 *   they are: a spreadsheet reads them as numbers, never as formulas;
 * - any other text starting with `=`, `+`, `-`, `@`, tab or CR gets a leading apostrophe and the cell is
 *   quoted (`"'=SUM(A1)"`), which spreadsheets take as text — phone numbers in international format
 *   too (`"'+91 98765 43210"`): a spreadsheet would otherwise evaluate "+91 98765…" or show 9.2E+11.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  if (PLAIN_NUMBER.test(value)) return value;
  if (FORMULA_START.test(value)) return `"'${value.replaceAll('"', '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
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

/**
 * A time as spreadsheets read it, in the member's time zone as the screens show it: "2024-03-05 14:07"
 * ('' when missing or invalid).
 */
export function csvDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { day, time } = zonedClock(date);
  return `${day} ${time}`;
}
