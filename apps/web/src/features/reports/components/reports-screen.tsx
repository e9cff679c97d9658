import type { ReportRange } from '@wadesk/contract';
import { ChartColumnIcon, DownloadIcon, GlobeIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { fetchTicketsCsv } from '@/features/reports/api/reports-api';
import { type ReportState, useReport } from '@/features/reports/hooks/use-report';
import { previousPeriodName, previousRange } from '@/features/reports/utils/report-period';
import { noRowsText, REPORT_TEXTS, tableTitle } from '@/features/reports/utils/report-texts';
import { useCan } from '@/shared/account/permissions';
import { errorMessage } from '@/shared/api/api-error';
import { downloadBlob } from '@/shared/csv/download-file';
import { addDays } from '@/shared/format/calendar-dates';
import { describeReportRange } from '@/shared/format/report-link';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { toast } from '@/shared/ui/toast';
import { ReportAlert } from './report-alert';
import { ReportFilters } from './report-filters';
import { CardsSkeleton, ChartsSkeleton, TableSkeleton } from './report-skeletons';
import { ReportStatCards } from './report-stat-cards';
import { ReportTable } from './report-table';

// echarts loads after the figures: the cards and the table do not wait for the charts' code.
const ReportCharts = lazy(() =>
  import('./report-charts').then((module) => ({ default: module.ReportCharts })),
);

/** Dimmed while another period's answer is on its way (the last one stays readable meanwhile). */
const staleClass = (stale: boolean) => `transition-opacity ${stale ? 'opacity-60' : ''}`;

function Figures({ report, range }: { report: ReportState; range: ReportRange }) {
  const { totals, rows, params } = report;
  const teamRows = useCan('readTeamReports').allowed;
  if (totals.loading) return <CardsSkeleton />;
  if (totals.error)
    return <ReportAlert error={totals.error} fallback={REPORT_TEXTS.loadFailed} onRetry={totals.retry} />;
  if (!totals.row || totals.row.tickets_opened === 0) {
    return (
      <EmptyState icon={<ChartColumnIcon className="size-7" />} title={REPORT_TEXTS.empty}>
        {REPORT_TEXTS.emptyDetail(describeReportRange(range))}
      </EmptyState>
    );
  }
  const title = tableTitle(params.groupBy);
  return (
    <>
      <div aria-busy={totals.stale || undefined} className={staleClass(totals.stale)}>
        <ReportStatCards row={totals.row} before={totals.before} />
      </div>
      {rows.loading ? (
        <TableSkeleton />
      ) : rows.error ? (
        <ReportAlert error={rows.error} fallback={REPORT_TEXTS.loadFailed} onRetry={rows.retry} />
      ) : (
        <div aria-busy={rows.stale || undefined} className={`space-y-2 ${staleClass(rows.stale)}`}>
          <ReportTable
            title={title}
            caption={`${title}, tickets opened ${describeReportRange(range)}`}
            rows={rows.list}
            range={range}
            empty={noRowsText(params.groupBy)}
          />
          {!teamRows && params.groupBy === 'member' ? (
            <p className="text-xs text-slate-500">{REPORT_TEXTS.ownRowOnly}</p>
          ) : null}
        </div>
      )}
    </>
  );
}

function Charts({ report, range }: { report: ReportState; range: ReportRange }) {
  const { charts } = report;
  if (charts.loading) return <ChartsSkeleton />;
  // A range the server refused fails both requests: the figures' alert says it once.
  if (charts.error)
    return report.totals.error ? null : (
      <ReportAlert error={charts.error} fallback={REPORT_TEXTS.chartsFailed} onRetry={charts.retry} />
    );
  if (!charts.data) return null;
  return (
    <div aria-busy={charts.stale || undefined} className={staleClass(charts.stale)}>
      <Suspense fallback={<ChartsSkeleton />}>
        <ReportCharts charts={charts.data} range={range} />
      </Suspense>
    </div>
  );
}

function DownloadTickets({ range }: { range: ReportRange | null }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!range) return;
    setBusy(true);
    try {
      downloadBlob(await fetchTicketsCsv(range), `tickets-${range.from}-${addDays(range.to, -1)}.csv`);
    } catch (error) {
      toast.error(errorMessage(error, REPORT_TEXTS.exportFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadIcon className="size-4" />} busy={busy} disabled={!range} onClick={download}>
      Download tickets CSV
    </Button>
  );
}

/** The Reports page (/reports): the team's figures for a period against the one before, by group, and charts. */
export function ReportsScreen() {
  const report = useReport();
  const canDownload = useCan('downloadTicketsReport').allowed;
  const { range, zone } = report;
  return (
    <>
      <PageHeader
        title={REPORT_TEXTS.title}
        description={REPORT_TEXTS.description}
        actions={canDownload ? <DownloadTickets range={range} /> : null}
      />
      <div className="space-y-4 sm:space-y-5">
        <ReportFilters
          params={report.params}
          groupings={report.groupings}
          range={range}
          today={report.today}
          rangeError={report.rangeError}
          onChange={report.setParams}
        />
        {range ? (
          <>
            <p
              aria-live="polite"
              className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600"
            >
              <span>
                Tickets opened {describeReportRange(range)}, compared with {previousPeriodName(range)} (
                {describeReportRange(previousRange(range))}).
              </span>
              {zone ? (
                <span className="inline-flex items-center gap-1.5">
                  <GlobeIcon aria-hidden="true" className="size-4 text-slate-500" />
                  Times in {zone}
                </span>
              ) : null}
            </p>
            <Figures report={report} range={range} />
            <Charts report={report} range={range} />
          </>
        ) : null}
      </div>
    </>
  );
}
