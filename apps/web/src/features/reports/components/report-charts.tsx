import type { ReportChartsResponse, ReportRange } from '@wadesk/contract';
import { useCallback } from 'react';
import '@/features/reports/charts/register-line-chart';
import { backlogChart, backlogSummary } from '@/features/reports/charts/backlog-chart';
import {
  anyMessages,
  busiestHoursChart,
  busiestHoursSummary,
} from '@/features/reports/charts/busiest-hours-chart';
import {
  firstResponseChart,
  firstResponseRows,
  firstResponseSummary,
} from '@/features/reports/charts/first-response-chart';
import {
  BACKLOG_COLUMNS,
  BUSIEST_HOURS_COLUMNS,
  downloadReportCsv,
  FIRST_RESPONSE_COLUMNS,
} from '@/features/reports/utils/report-csv';
import { ChartCard } from '@/shared/charts/chart-card';
import type { ChartLayout } from '@/shared/charts/chart-spec';
import { BacklogTable, BusiestHoursTable, FirstResponseTable } from './chart-tables';

interface ReportChartsProps {
  charts: ReportChartsResponse;
  range: ReportRange;
}

/** The range's three charts, each with its table, PNG and CSV (loaded with echarts, after the figures). */
export function ReportCharts({ charts, range }: ReportChartsProps) {
  const buckets = charts.first_response_buckets;
  const hours = charts.busiest_hours;
  const { backlog } = charts;
  const answered = buckets.some((count) => count > 0);

  const firstResponse = useCallback((layout: ChartLayout) => firstResponseChart(buckets, layout), [buckets]);
  const busiest = useCallback((layout: ChartLayout) => busiestHoursChart(hours, layout), [hours]);
  const open = useCallback((layout: ChartLayout) => backlogChart(backlog, layout), [backlog]);

  return (
    <div className="grid grid-cols-1 gap-4 sm:gap-5 lg:grid-cols-2">
      <ChartCard
        id="first-response"
        filePrefix="report"
        title="Time to first response"
        description="Tickets of the period by how long their first answer took."
        summary={answered ? firstResponseSummary(buckets) : undefined}
        build={firstResponse}
        empty={answered ? null : 'No first responses in this period.'}
        onCsv={() =>
          downloadReportCsv('first-response', range, firstResponseRows(buckets), FIRST_RESPONSE_COLUMNS)
        }
        table={<FirstResponseTable buckets={buckets} />}
      />
      <ChartCard
        id="busiest-hours"
        filePrefix="report"
        title="Busiest hours"
        description="Customer messages by weekday and hour."
        summary={anyMessages(hours) ? busiestHoursSummary(hours) : undefined}
        build={busiest}
        empty={anyMessages(hours) ? null : 'No customer messages in this period.'}
        onCsv={() =>
          downloadReportCsv(
            'busiest-hours',
            range,
            hours.map((row, weekday) => ({ weekday, hours: row })),
            BUSIEST_HOURS_COLUMNS,
          )
        }
        table={<BusiestHoursTable hours={hours} />}
      />
      <ChartCard
        id="backlog"
        wide
        filePrefix="report"
        title="Backlog"
        description="Tickets open at the end of each day."
        summary={backlogSummary(backlog)}
        build={open}
        empty={backlog.length > 0 ? null : 'No days in this period.'}
        onCsv={() => downloadReportCsv('backlog', range, backlog, BACKLOG_COLUMNS)}
        table={<BacklogTable backlog={backlog} />}
      />
    </div>
  );
}
