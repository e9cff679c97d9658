import { FIRST_RESPONSE_BUCKETS } from '@wadesk/contract';
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

/** The buckets' labels and counts, in the contract's order. */
export function firstResponseRows(buckets: readonly number[]) {
  return FIRST_RESPONSE_BUCKETS.map((bucket, index) => ({
    label: bucket.label,
    tickets: buckets[index] ?? 0,
  }));
}

/** Tickets by how long their first answer took: one bar per FIRST_RESPONSE_BUCKETS entry. */
export function firstResponseChart(buckets: readonly number[], layout: ChartLayout): ChartSpec {
  const rows = firstResponseRows(buckets);
  return {
    height: layout.compact ? 220 : 260,
    option: {
      ...baseOption(),
      grid: { left: 8, right: 8, top: 20, bottom: 4, ...LABELS_INSIDE },
      tooltip: {
        ...baseOption().tooltip,
        trigger: 'item',
        formatter: (params) => {
          const row = rows[pointOf<{ dataIndex: number }>(params)?.dataIndex ?? -1];
          return row ? `<b>${escapeHtml(row.label)}</b><br/>${messagesText(row.tickets, 'ticket')}` : '';
        },
      },
      xAxis: {
        type: 'category',
        data: rows.map((row) => row.label),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: LINE_COLOR } },
        // Six labels side by side do not fit a phone: slanted there, every one still shown.
        axisLabel: { fontSize: layout.compact ? 10 : 11, interval: 0, rotate: layout.compact ? 35 : 0 },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        splitLine: { lineStyle: { color: SPLIT_COLOR } },
        axisLabel: { fontSize: 11, color: MUTED_TEXT },
      },
      series: [
        {
          type: 'bar',
          data: rows.map((row) => row.tickets),
          barMaxWidth: 56,
          itemStyle: { color: BRAND[600], borderRadius: [4, 4, 0, 0] },
          emphasis: { itemStyle: { color: BRAND[800] } },
          label: { show: true, position: 'top', color: MUTED_TEXT, fontSize: 11 },
        },
      ],
    },
  };
}

/** The chart in a sentence: "Of 36 first responses, most (12) came < 5 min." */
export function firstResponseSummary(buckets: readonly number[]): string {
  const rows = firstResponseRows(buckets);
  const total = rows.reduce((sum, row) => sum + row.tickets, 0);
  const top = rows.reduce((best, row) => (row.tickets > best.tickets ? row : best));
  return `Of ${messagesText(total, 'first response')}, most (${top.tickets.toLocaleString('en-IN')}) came in ${top.label}.`;
}
