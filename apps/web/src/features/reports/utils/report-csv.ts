import type { ReportRange, ReportRow } from '@wadesk/contract';
import { downloadTextFile } from '@/shared/csv/download-file';
import { type CsvColumn, toCsv } from '@/shared/csv/to-csv';
import { addDays, WEEKDAYS } from '@/shared/format/calendar-dates';
import { TABLE_FIGURES } from './report-figures';

// The Reports screen's tables as spreadsheets get them: plain numbers, seconds for durations, percentages
// as numbers, ISO dates (as the Analysis screen's exports).

export const FIRST_RESPONSE_COLUMNS: readonly CsvColumn<{ label: string; tickets: number }>[] = [
  { header: 'Time to first response', value: (row) => row.label },
  { header: 'Tickets', value: (row) => row.tickets },
];

export const BACKLOG_COLUMNS: readonly CsvColumn<{ date: string; open: number }>[] = [
  { header: 'Day', value: (row) => row.date },
  { header: 'Open tickets', value: (row) => row.open },
];

/** One line per weekday (Monday first), one column per local hour. */
export type WeekdayHours = { weekday: number; hours: readonly number[] };
export const BUSIEST_HOURS_COLUMNS: readonly CsvColumn<WeekdayHours>[] = [
  { header: 'Weekday', value: (row) => WEEKDAYS[row.weekday] },
  ...Array.from({ length: 24 }, (_, hour) => ({
    header: `${String(hour).padStart(2, '0')}:00`,
    value: (row: WeekdayHours) => row.hours[hour] ?? 0,
  })),
];

const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);
const UNITS = { count: '', duration: ' (s)', share: ' (%)', rating: ' (1–5)' } as const;

export const ROW_COLUMNS: readonly CsvColumn<ReportRow>[] = [
  { header: 'Name', value: (row) => row.name },
  ...TABLE_FIGURES.map((figure) => ({
    header: `${figure.header}${UNITS[figure.kind]}`,
    value: (row: ReportRow) => (figure.kind === 'share' ? percent(figure.read(row)) : figure.read(row)),
  })),
];

/** Saves rows as `report-{name}-{first day}-{last day}.csv`. */
export function downloadReportCsv<T>(
  name: string,
  range: ReportRange,
  rows: readonly T[],
  columns: readonly CsvColumn<T>[],
): void {
  const fileName = `report-${name}-${range.from}-${addDays(range.to, -1)}.csv`;
  downloadTextFile(toCsv(rows, columns), fileName, 'text/csv;charset=utf-8');
}
