import type { ChatAnalysis, MessageFilter } from '@wadesk/chat-export';
import type { ChartLayout, ChartSpec } from '@/features/analytics/charts/chart-spec';
import {
  BRAND,
  baseOption,
  escapeHtml,
  LABELS_INSIDE,
  LINE_COLOR,
  messagesText,
  pointOf,
  SPLIT_COLOR,
} from '@/shared/charts/chart-theme';
import {
  addDays,
  dayNumber,
  formatDay,
  formatMonth,
  formatWeekdayDay,
  isoWeekKey,
} from '@/shared/format/calendar-dates';

export type Granularity = 'day' | 'week' | 'month';

export const GRANULARITIES: { id: Granularity; label: string }[] = [
  { id: 'day', label: 'Day' },
  { id: 'week', label: 'Week' },
  { id: 'month', label: 'Month' },
];

/** One period of the activity chart; gaps between periods with messages are filled with zero. */
export interface Period {
  /** The analysis key: `YYYY-MM-DD`, `YYYY-Www` or `YYYY-MM`. */
  key: string;
  /** Its axis label and its long name. */
  label: string;
  title: string;
  messages: number;
}

/** Every period from the first to the last with messages, in order. */
export function periods(analysis: ChatAnalysis, granularity: Granularity): Period[] {
  if (granularity === 'day') {
    const counts = new Map(analysis.perDay.map((bucket) => [bucket.key, bucket.messages]));
    return stepDays(analysis.perDay[0]?.key, analysis.perDay.at(-1)?.key, 1).map((day) => ({
      key: day,
      label: formatDay(day),
      title: formatWeekdayDay(day),
      messages: counts.get(day) ?? 0,
    }));
  }
  if (granularity === 'week') {
    const counts = new Map(analysis.perWeek.map((bucket) => [bucket.key, bucket.messages]));
    return stepDays(analysis.perWeek[0]?.start, analysis.perWeek.at(-1)?.start, 7).map((monday) => {
      const key = isoWeekKey(monday);
      return {
        key,
        label: formatDay(monday),
        title: `Week of ${formatDay(monday)}`,
        messages: counts.get(key) ?? 0,
      };
    });
  }
  const counts = new Map(analysis.perMonth.map((bucket) => [bucket.key, bucket.messages]));
  return stepMonths(analysis.perMonth[0]?.key, analysis.perMonth.at(-1)?.key).map((month) => ({
    key: month,
    label: formatMonth(month),
    title: formatMonth(month, true),
    messages: counts.get(month) ?? 0,
  }));
}

function stepDays(first: string | undefined, last: string | undefined, step: number): string[] {
  if (!first || !last) return [];
  const count = Math.floor(((dayNumber(last) ?? 0) - (dayNumber(first) ?? 0)) / step);
  return Array.from({ length: count + 1 }, (_, i) => addDays(first, i * step));
}

/** `YYYY-MM` keys from first to last. */
export function stepMonths(first: string | undefined, last: string | undefined): string[] {
  if (!first || !last) return [];
  const keys: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let key = first; key <= last; key = `${year}-${String(month).padStart(2, '0')}`) {
    keys.push(key);
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return keys;
}

const filterOf = (granularity: Granularity, key: string): MessageFilter =>
  granularity === 'day' ? { day: key } : granularity === 'week' ? { week: key } : { month: key };

/** Messages per day, week or month; a click on a bar opens that period's messages. */
export function activityChart(
  analysis: ChatAnalysis,
  granularity: Granularity,
  layout: ChartLayout,
): ChartSpec {
  const list = periods(analysis, granularity);
  return {
    height: layout.compact ? 240 : 300,
    option: {
      ...baseOption(),
      grid: { left: 8, right: 12, top: 16, bottom: 4, ...LABELS_INSIDE },
      tooltip: {
        ...baseOption().tooltip,
        trigger: 'axis',
        axisPointer: { type: 'shadow', shadowStyle: { color: 'rgba(37, 211, 102, 0.08)' } },
        formatter: (params) => {
          const first = pointOf<{ dataIndex: number }>(params);
          const period = first ? list[first.dataIndex] : undefined;
          return period ? `<b>${escapeHtml(period.title)}</b><br/>${messagesText(period.messages)}` : '';
        },
      },
      xAxis: {
        type: 'category',
        data: list.map((period) => period.label),
        axisLine: { lineStyle: { color: LINE_COLOR } },
        axisTick: { show: false },
        axisLabel: { hideOverlap: true, fontSize: 11 },
      },
      yAxis: {
        type: 'value',
        minInterval: 1,
        splitNumber: layout.compact ? 3 : 5,
        splitLine: { lineStyle: { color: SPLIT_COLOR } },
        axisLabel: { fontSize: 11 },
      },
      series: [
        {
          type: 'bar',
          data: list.map((period) => period.messages),
          barMaxWidth: 28,
          barMinHeight: 0,
          itemStyle: { color: BRAND[500], borderRadius: [3, 3, 0, 0] },
          emphasis: { itemStyle: { color: BRAND[700] } },
          cursor: 'pointer',
        },
      ],
    },
    drill: (click) => {
      const period = click.componentType === 'series' ? list[click.dataIndex] : undefined;
      return period && period.messages > 0 ? filterOf(granularity, period.key) : null;
    },
  };
}
