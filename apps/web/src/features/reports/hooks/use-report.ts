import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportGroupBy, ReportRange, ReportRow, ReportSummaryResponse } from '@wadesk/contract';
import { useEffect, useState } from 'react';
import { reportChartsQuery, reportKeys, reportSummaryQuery } from '@/features/reports/api/reports-queries';
import { useReportParams } from '@/features/reports/hooks/use-report-params';
import {
  customRangeError,
  daysRange,
  presetRange,
  previousRange,
  todayIn,
} from '@/features/reports/utils/report-period';
import { useCan } from '@/shared/account/permissions';
import { knownTimeZone } from '@/shared/format/time-zone';

/** Every grouping, in the select's order; a member has the first two (reportMessages.membersOwnRows). */
const GROUPINGS: readonly ReportGroupBy[] = ['none', 'member', 'agent', 'group', 'label', 'customer'];
const MEMBER_GROUPINGS: readonly ReportGroupBy[] = ['none', 'member'];

/** Never asked for: the key of a disabled query while the custom range cannot be sent. */
const NO_RANGE: ReportRange = { from: '1970-01-01', to: '1970-01-02' };

/** The organisation's zone from a report answered earlier (back from a drill-down): today is read in it at once. */
function cachedZone(queryClient: QueryClient): string | null {
  const answers = queryClient.getQueriesData<ReportSummaryResponse>({
    queryKey: [...reportKeys.all, 'summary'],
  });
  return answers.find(([, data]) => data?.time_zone)?.[1]?.time_zone ?? null;
}

/** The team's row of a summary grouped by nobody (`all`). */
const totalsOf = (answer: ReportSummaryResponse | undefined): ReportRow | null =>
  answer ? (answer.rows.find((row) => row.key === 'all') ?? answer.rows[0] ?? null) : null;

/**
 * The report the address asks for: the team's totals and those of the period before (to compare each
 * figure), the rows of the chosen grouping and the charts. Dates are the organisation's: "today" is read in
 * the browser's zone until the first answer names the organisation's (`time_zone`), then in that one.
 */
export function useReport() {
  const queryClient = useQueryClient();
  const [params, setParams] = useReportParams();
  const groupings = useCan('readTeamReports').allowed ? GROUPINGS : MEMBER_GROUPINGS;
  const groupBy = groupings.includes(params.groupBy) ? params.groupBy : 'none';
  const { calendar } = params;
  const [zone, setZone] = useState<string | null>(() => cachedZone(queryClient));
  const today = todayIn(zone);

  const rangeError = params.period === 'custom' ? customRangeError(params.first, params.last) : null;
  const range: ReportRange | null =
    params.period === 'custom'
      ? rangeError
        ? null
        : daysRange(params.first, params.last)
      : presetRange(params.period, today);
  const asked = range !== null;
  const shown = range ?? NO_RANGE;

  // The period's figures stay on screen, dimmed, while another period's are fetched.
  const keep = { enabled: asked, placeholderData: keepPreviousData } as const;
  const totals = useQuery({ ...reportSummaryQuery(shown, 'none', calendar), ...keep });
  const before = useQuery({ ...reportSummaryQuery(previousRange(shown), 'none', calendar), ...keep });
  const grouped = useQuery({
    ...reportSummaryQuery(shown, groupBy, calendar),
    enabled: asked && groupBy !== 'none',
    // Another grouping's rows (members under a "Label" heading) would mislead: those wait with a skeleton.
    placeholderData: (previous, query) => (query?.queryKey[4] === groupBy ? previous : undefined),
  });
  const charts = useQuery({ ...reportChartsQuery(shown, calendar), ...keep });

  const answeredZone = totals.data?.time_zone;
  useEffect(() => {
    if (answeredZone && knownTimeZone(answeredZone)) setZone(answeredZone);
  }, [answeredZone]);

  const rows = groupBy === 'none' ? totals : grouped;
  return {
    params: { ...params, groupBy },
    setParams,
    groupings,
    today,
    range,
    rangeError,
    /** The organisation's zone, once a report has named it. */
    zone: answeredZone ?? zone,
    totals: {
      row: totalsOf(totals.data),
      // Compared only with the period before this one: not while one of the two still shows an older answer.
      before: totals.isPlaceholderData === before.isPlaceholderData ? totalsOf(before.data) : null,
      loading: asked && totals.isPending,
      error: totals.error,
      stale: totals.isPlaceholderData,
      retry: () => void totals.refetch(),
    },
    rows: {
      list: rows.data?.rows ?? [],
      loading: asked && rows.isPending,
      error: rows.error,
      stale: rows.isPlaceholderData,
      retry: () => void rows.refetch(),
    },
    charts: {
      data: charts.data ?? null,
      loading: asked && charts.isPending,
      error: charts.error,
      stale: charts.isPlaceholderData,
      retry: () => void charts.refetch(),
    },
  };
}

export type ReportState = ReturnType<typeof useReport>;
