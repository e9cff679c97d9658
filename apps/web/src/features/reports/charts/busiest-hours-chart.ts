import type { ChartLayout, ChartSpec } from '@/shared/charts/chart-spec';
import { messagesText } from '@/shared/charts/chart-theme';
import { weekHourHeatmap } from '@/shared/charts/week-hour-heatmap';
import { formatHourRange, WEEKDAYS } from '@/shared/format/calendar-dates';

/** Customer messages by weekday (rows, Monday on top) and local hour (columns), in the organisation's zone. */
export function busiestHoursChart(hours: readonly (readonly number[])[], layout: ChartLayout): ChartSpec {
  return weekHourHeatmap(hours, layout, { noun: 'customer message' });
}

/** The busiest hour in a sentence: "Busiest: Monday 10:00–11:00, 25 customer messages." */
export function busiestHoursSummary(hours: readonly (readonly number[])[]): string {
  let best = { weekday: 0, hour: 0, count: -1 };
  hours.forEach((row, weekday) => {
    row.forEach((count, hour) => {
      if (count > best.count) best = { weekday, hour, count };
    });
  });
  return `Busiest: ${WEEKDAYS[best.weekday]} ${formatHourRange(best.hour)}, ${messagesText(best.count, 'customer message')}.`;
}

/** Whether any customer wrote in the range. */
export const anyMessages = (hours: readonly (readonly number[])[]) =>
  hours.some((row) => row.some((count) => count > 0));
