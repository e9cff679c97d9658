import { type ReportDrillDown, reportDrillDown } from '@wadesk/contract';
import { addDays, formatDayRange } from './calendar-dates';

// The drill-down from a Reports figure to the inbox (features/reports → features/inbox): the tickets
// behind one report row travel in the inbox's address, so a link can be opened in a new tab, bookmarked,
// and Back returns to the report. `?report=<from>,<to>,<key>` (a key may hold commas: it is the rest after
// the second) and `report_name=`, the row's name, shown on the inbox's chip only.

export const REPORT_PARAM = 'report';
export const REPORT_NAME_PARAM = 'report_name';

/** `2026-05-01,2026-05-08,member:12`: the `report` parameter's value (and a cache key's part). */
export function encodeReportDrill(drill: ReportDrillDown): string {
  return `${drill.from},${drill.to},${drill.key}`;
}

/** `/inbox?report=2026-05-01,2026-05-08,member:12&report_name=Asha+Rao`. */
export function reportInboxHref(drill: ReportDrillDown, name: string): string {
  const params = new URLSearchParams({ [REPORT_PARAM]: encodeReportDrill(drill), [REPORT_NAME_PARAM]: name });
  return `/inbox?${params.toString()}`;
}

/**
 * The drill-down an address asks for (`report` and `report_name` parameters' values), with the row's name;
 * null when none, or not one the server would take.
 */
export function readReportDrill(
  value: string | null,
  name: string | null,
): { drill: ReportDrillDown; name: string } | null {
  if (!value) return null;
  const [from = '', to = '', ...key] = value.split(',');
  const parsed = reportDrillDown.safeParse({ from, to, key: key.join(',') });
  if (!parsed.success) return null;
  return { drill: parsed.data, name: name?.trim() || 'a report row' };
}

/** The address without the drill-down (the chip's dismiss). */
export function withoutReportDrill(params: URLSearchParams): URLSearchParams {
  const copy = new URLSearchParams(params);
  copy.delete(REPORT_PARAM);
  copy.delete(REPORT_NAME_PARAM);
  return copy;
}

/** A report's range (`to` exclusive) in words: "1–7 May 2026". */
export function describeReportRange({ from, to }: { from: string; to: string }): string {
  return formatDayRange(from, addDays(to, -1));
}
