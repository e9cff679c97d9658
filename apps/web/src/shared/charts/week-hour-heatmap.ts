import type { ChartLayout, ChartSpec } from '@/shared/charts/chart-spec';
import {
  baseOption,
  EMPTY_CELL,
  escapeHtml,
  HEAT_COLORS,
  LABELS_INSIDE,
  messagesText,
  pointOf,
} from '@/shared/charts/chart-theme';
import { formatHourRange, WEEKDAYS, WEEKDAYS_SHORT } from '@/shared/format/calendar-dates';

export const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

/**
 * Messages by weekday (rows, Monday on top) and hour (columns): the analysis of a chat and Reports' busiest
 * hours. A data point is `[hour, weekday, messages]`, so a cell's position is
 * `convertToPixel({ seriesIndex: 0 }, [hour, weekday])`. `noun` names what is counted in the tooltip.
 */
export function weekHourHeatmap(
  grid: readonly (readonly number[])[],
  layout: ChartLayout,
  { noun = 'message', clickable = false }: { noun?: string; clickable?: boolean } = {},
): ChartSpec {
  const data: [number, number, number][] = [];
  let max = 0;
  grid.forEach((hours, weekday) => {
    hours.forEach((count, hour) => {
      data.push([hour, weekday, count]);
      max = Math.max(max, count);
    });
  });
  return {
    height: layout.compact ? 250 : 290,
    option: {
      ...baseOption(),
      grid: { left: 8, right: 8, top: 4, bottom: 4, ...LABELS_INSIDE },
      tooltip: {
        ...baseOption().tooltip,
        trigger: 'item',
        formatter: (params) => {
          const [hour, weekday, count] = pointOf<{ value: [number, number, number] }>(params)?.value ?? [
            0, 0, 0,
          ];
          return `<b>${escapeHtml(`${WEEKDAYS[weekday]} ${formatHourRange(hour)}`)}</b><br/>${messagesText(count, noun)}`;
        },
      },
      xAxis: {
        type: 'category',
        data: HOURS,
        splitArea: { show: false },
        axisLine: { show: false },
        axisTick: { show: false },
        axisLabel: { fontSize: 10, interval: layout.compact ? 2 : 0 },
      },
      yAxis: {
        type: 'category',
        data: WEEKDAYS_SHORT,
        inverse: true,
        axisLine: { show: false },
        axisTick: { show: false },
        axisLabel: { fontSize: 11 },
      },
      visualMap: {
        show: false,
        type: 'continuous',
        // Counts are whole: 0.5 keeps an hour without messages out of range (empty), and the range is never
        // a single value (with min = max, echarts painted every cell, empty ones too, in the darkest colour).
        min: 0.5,
        max: Math.max(1, max),
        inRange: { color: HEAT_COLORS },
        outOfRange: { color: EMPTY_CELL },
      },
      series: [
        {
          type: 'heatmap',
          data,
          ...(clickable ? { cursor: 'pointer' } : {}),
          itemStyle: { borderColor: '#fff', borderWidth: 2, borderRadius: 3 },
          emphasis: { itemStyle: { borderColor: '#0f172a', borderWidth: 1 } },
        },
      ],
    },
  };
}
