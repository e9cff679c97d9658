import type { ReportChartsResponse } from '@wadesk/contract';
import type { ChartLayout, ChartSpec } from '@/shared/charts/chart-spec';
import {
  BRAND,
  baseOption,
  escapeHtml,
  LABELS_INSIDE,
  LINE_COLOR,
  MUTED_TEXT,
  messagesText,
  pointOf,
  SPLIT_COLOR,
} from '@/shared/charts/chart-theme';
import { formatDay, formatDayMonth } from '@/shared/format/calendar-dates';

type Backlog = ReportChartsResponse['backlog'];

/** Dots on each day while they can be told apart; a long range is a plain line. */
const MOST_DOTS = 31;

/** Tickets open at the end of each day of the range (needs LineChart: register-line-chart.ts). */
export function backlogChart(backlog: Backlog, layout: ChartLayout): ChartSpec {
  return {
    height: layout.compact ? 220 : 260,
    option: {
      ...baseOption(),
      grid: { left: 8, right: 16, top: 16, bottom: 4, ...LABELS_INSIDE },
      tooltip: {
        ...baseOption().tooltip,
        trigger: 'axis',
        formatter: (params) => {
          const day = backlog[pointOf<{ dataIndex: number }>(params)?.dataIndex ?? -1];
          return day
            ? `<b>${escapeHtml(formatDay(day.date))}</b><br/>${messagesText(day.open, 'open ticket')}`
            : '';
        },
      },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: backlog.map((day) => formatDayMonth(day.date)),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: LINE_COLOR } },
        axisLabel: { fontSize: 11, hideOverlap: true },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        splitLine: { lineStyle: { color: SPLIT_COLOR } },
        axisLabel: { fontSize: 11, color: MUTED_TEXT },
      },
      series: [
        {
          type: 'line',
          data: backlog.map((day) => day.open),
          showSymbol: backlog.length <= MOST_DOTS,
          symbolSize: 6,
          lineStyle: { color: BRAND[600], width: 2 },
          itemStyle: { color: BRAND[600] },
          areaStyle: { color: BRAND[100], opacity: 0.6 },
        },
      ],
    },
  };
}

/** The backlog in a sentence: from the first day to the last, and its highest. */
export function backlogSummary(backlog: Backlog): string {
  const [first, last] = [backlog[0], backlog.at(-1)];
  if (!first || !last) return '';
  const top = backlog.reduce((best, day) => (day.open > best.open ? day : best));
  const span = `${messagesText(first.open, 'open ticket')} at the end of ${formatDay(first.date)}, ${last.open.toLocaleString('en-IN')} at the end of ${formatDay(last.date)}`;
  return `${span}; the most, ${top.open.toLocaleString('en-IN')}, on ${formatDay(top.date)}.`;
}
