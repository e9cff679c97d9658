import { type ChatAnalysis, SYSTEM_EVENT_KINDS } from '@wadesk/chat-export';
import type { ChartLayout, ChartSpec } from '@/features/analytics/charts/chart-spec';
import {
  baseOption,
  escapeHtml,
  LABELS_INSIDE,
  LINE_COLOR,
  pointOf,
  SERIES_COLORS,
  SPLIT_COLOR,
} from '@/shared/charts/chart-theme';
import { formatMonth } from '@/shared/format/calendar-dates';
import { SYSTEM_EVENT_LABELS } from '@/shared/loaded-chat/labels';
import { stepMonths } from './activity-chart';

/** System lines per month, stacked by kind (only the kinds that occur); a click opens those lines. */
export function systemEventsChart(system: ChatAnalysis['system'], layout: ChartLayout): ChartSpec {
  const kinds = SYSTEM_EVENT_KINDS.filter((kind) => system.byKind[kind] > 0);
  const months = stepMonths(system.perMonth[0]?.key, system.perMonth.at(-1)?.key);
  const byMonth = new Map(system.perMonth.map((month) => [month.key, month.byKind]));
  const count = (month: string, kind: (typeof kinds)[number]) => byMonth.get(month)?.[kind] ?? 0;
  return {
    height: layout.compact ? 280 : 300,
    option: {
      ...baseOption(),
      color: SERIES_COLORS,
      legend: {
        bottom: 0,
        type: 'plain',
        icon: 'roundRect',
        itemWidth: 10,
        itemHeight: 10,
        textStyle: { fontSize: 11 },
      },
      grid: {
        left: 8,
        right: 12,
        top: 12,
        bottom: kinds.length > 3 && layout.compact ? 72 : 40,
        ...LABELS_INSIDE,
      },
      tooltip: {
        ...baseOption().tooltip,
        trigger: 'item',
        formatter: (params) => {
          const {
            seriesIndex = -1,
            dataIndex = -1,
            value = 0,
          } = pointOf<{ seriesIndex: number; dataIndex: number; value: number }>(params) ?? {};
          const kind = kinds[seriesIndex];
          const month = months[dataIndex];
          if (!kind || !month) return '';
          return `<b>${escapeHtml(formatMonth(month, true))}</b><br/>${escapeHtml(SYSTEM_EVENT_LABELS[kind])}: ${value}`;
        },
      },
      xAxis: {
        type: 'category',
        data: months.map((month) => formatMonth(month)),
        axisLine: { lineStyle: { color: LINE_COLOR } },
        axisTick: { show: false },
        axisLabel: { hideOverlap: true, fontSize: 11 },
      },
      yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: SPLIT_COLOR } } },
      series: kinds.map((kind) => ({
        type: 'bar' as const,
        name: SYSTEM_EVENT_LABELS[kind],
        stack: 'events',
        barMaxWidth: 28,
        cursor: 'pointer',
        data: months.map((month) => count(month, kind)),
      })),
    },
    drill: (click) => {
      const kind = click.componentType === 'series' ? kinds[click.seriesIndex ?? -1] : undefined;
      const month = months[click.dataIndex];
      return kind && month && count(month, kind) > 0 ? { month, systemEvent: kind } : null;
    },
  };
}
