import type { CalendarYear } from '@wadesk/chat-export';
import type { ChartLayout, ChartSpec } from '@/features/analytics/charts/chart-spec';
import {
  baseOption,
  EMPTY_CELL,
  escapeHtml,
  HEAT_COLORS,
  LINE_COLOR,
  MUTED_TEXT,
  messagesText,
  pointOf,
} from '@/shared/charts/chart-theme';
import { addDays, formatWeekdayDay } from '@/shared/format/calendar-dates';

/** A year's days with messages as `[YYYY-MM-DD, messages]`. */
export function calendarDays(year: CalendarYear): [string, number][] {
  const first = `${year.year}-01-01`;
  const days: [string, number][] = [];
  year.days.forEach((count, index) => {
    if (count > 0) days.push([addDays(first, index), count]);
  });
  return days;
}

/**
 * One year as a GitHub-style calendar: weeks across (down on phones, where 53 weeks across would be
 * too small to tap); a click on a day opens its messages.
 */
export function calendarChart(year: CalendarYear, layout: ChartLayout): ChartSpec {
  const data = calendarDays(year);
  const max = data.reduce((most, [, count]) => Math.max(most, count), 0);
  const vertical = layout.compact;
  return {
    height: vertical ? 600 : 200,
    option: {
      ...baseOption(),
      tooltip: {
        ...baseOption().tooltip,
        trigger: 'item',
        formatter: (params) => {
          const [day, count] = pointOf<{ value: [string, number] }>(params)?.value ?? ['', 0];
          return `<b>${escapeHtml(formatWeekdayDay(day))}</b><br/>${messagesText(count)}`;
        },
      },
      visualMap: {
        show: false,
        type: 'continuous',
        min: 1,
        max: Math.max(1, max),
        inRange: { color: HEAT_COLORS },
      },
      calendar: {
        range: String(year.year),
        orient: vertical ? 'vertical' : 'horizontal',
        left: vertical ? 44 : 40,
        right: vertical ? 8 : 8,
        top: vertical ? 28 : 28,
        bottom: 8,
        cellSize: vertical ? ['auto', 10] : ['auto', 'auto'],
        splitLine: { lineStyle: { color: LINE_COLOR, width: 1 } },
        itemStyle: { color: EMPTY_CELL, borderColor: '#fff', borderWidth: vertical ? 1 : 2 },
        yearLabel: { show: false },
        monthLabel: { color: MUTED_TEXT, fontSize: 11, nameMap: 'EN' },
        dayLabel: {
          color: MUTED_TEXT,
          fontSize: 10,
          firstDay: 1,
          nameMap: vertical ? ['S', 'M', 'T', 'W', 'T', 'F', 'S'] : ['Sun', 'Mon', '', 'Wed', '', 'Fri', ''],
        },
      },
      series: [
        {
          type: 'heatmap',
          coordinateSystem: 'calendar',
          data,
          cursor: 'pointer',
          itemStyle: { borderColor: '#fff', borderWidth: vertical ? 1 : 2 },
        },
      ],
    },
    drill: (click) => {
      const value = click.value as [string, number] | undefined;
      return click.componentType === 'series' && value && value[1] > 0 ? { day: value[0] } : null;
    },
  };
}
