import { type CsvColumn, toCsv } from './to-csv';

/** Saves text as a file through a temporary link, as the browser's own download does. */
export function downloadTextFile(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

/** Saves a file the app already holds (e.g. a CSV the server built) under `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the file before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** "agents-2024-03-05.csv": the name of an export made today (local date). */
export function csvFileName(prefix: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Downloads the rows as a CSV file named `{prefix}-{date}.csv`. */
export function downloadCsv<T>(prefix: string, rows: readonly T[], columns: readonly CsvColumn<T>[]): void {
  downloadTextFile(toCsv(rows, columns), csvFileName(prefix), 'text/csv;charset=utf-8');
}
