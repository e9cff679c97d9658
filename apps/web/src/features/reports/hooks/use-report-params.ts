import { type ReportCalendar, type ReportGroupBy, reportCalendar, reportGroupBy } from '@wadesk/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PERIOD_PRESETS, type PeriodPreset } from '@/features/reports/utils/report-period';

/** What the report shows, kept in the address so Back from a drill-down finds the same report. */
export interface ReportParams {
  period: PeriodPreset;
  /** A custom range's first and last day (both included); '' until chosen. */
  first: string;
  last: string;
  groupBy: ReportGroupBy;
  calendar: ReportCalendar;
}

const DEFAULTS: ReportParams = {
  period: 'last7',
  first: '',
  last: '',
  groupBy: 'none',
  calendar: 'business',
};

/** The address's names: `?period=custom&from=2026-05-01&to=2026-05-07&group=member&time=wall`. */
const NAMES: Record<keyof ReportParams, string> = {
  period: 'period',
  first: 'from',
  last: 'to',
  groupBy: 'group',
  calendar: 'time',
};

function read(params: URLSearchParams): ReportParams {
  const period = params.get(NAMES.period);
  const group = reportGroupBy.safeParse(params.get(NAMES.groupBy));
  const calendar = reportCalendar.safeParse(params.get(NAMES.calendar));
  return {
    period: PERIOD_PRESETS.find((preset) => preset.id === period)?.id ?? DEFAULTS.period,
    first: params.get(NAMES.first) ?? '',
    last: params.get(NAMES.last) ?? '',
    groupBy: group.success ? group.data : DEFAULTS.groupBy,
    calendar: calendar.success ? calendar.data : DEFAULTS.calendar,
  };
}

/** The report's choices from the address, and a setter that changes some (a default leaves the address). */
export function useReportParams(): [ReportParams, (patch: Partial<ReportParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => read(search), [search]);
  const set = useCallback(
    (patch: Partial<ReportParams>) =>
      setSearch(
        (current) => {
          const next = { ...read(current), ...patch };
          // A preset's days follow today: only a custom range keeps its own.
          if (next.period !== 'custom') Object.assign(next, { first: '', last: '' });
          const copy = new URLSearchParams();
          for (const key of Object.keys(NAMES) as (keyof ReportParams)[]) {
            if (next[key] !== DEFAULTS[key]) copy.set(NAMES[key], next[key]);
          }
          return copy;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [params, set];
}
