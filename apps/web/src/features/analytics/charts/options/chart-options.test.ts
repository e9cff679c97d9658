import { describe, expect, it } from 'vitest';
import type { ChartClick, ChartSpec } from '@/features/analytics/charts/chart-spec';
import { fixtureAnalysis } from '@/features/analytics/testing/analysis-fixture';
import { activityChart, periods, stepMonths } from './activity-chart';
import { calendarChart, calendarDays } from './calendar-chart';
import { heatmapChart } from './heatmap-chart';
import {
  authorsChart,
  domainsChart,
  emojiChart,
  mediaChart,
  responseTimesChart,
  startersChart,
  wordsChart,
} from './ranking-charts';
import { systemEventsChart } from './system-chart';

const wide = { compact: false };
const analysis = fixtureAnalysis();
const bar = (dataIndex: number, seriesIndex = 0): ChartClick => ({
  componentType: 'series',
  seriesIndex,
  dataIndex,
});

/** The category labels and values of a one-series bar chart. */
function bars(spec: ChartSpec) {
  const option = spec.option as {
    xAxis: { data?: string[] };
    yAxis: { data?: string[] };
    series: { data: number[] }[];
  };
  return { labels: option.xAxis.data ?? option.yAxis.data, values: option.series[0]?.data };
}

describe('activity chart', () => {
  it('fills the days between days with messages, and drills into a day with messages only', () => {
    const list = periods(analysis, 'day');
    expect(list).toHaveLength(36);
    expect(list[0]).toEqual({
      key: '2024-01-01',
      label: '1 Jan 2024',
      title: 'Mon, 1 Jan 2024',
      messages: 3,
    });
    expect(list[1]?.messages).toBe(0);
    const spec = activityChart(analysis, 'day', wide);
    expect(spec.drill(bar(0))).toEqual({ day: '2024-01-01' });
    expect(spec.drill(bar(1))).toBeNull();
    expect(spec.drill(bar(35))).toEqual({ day: '2024-02-05' });
  });

  it('keys weeks by ISO week and months by YYYY-MM', () => {
    const weeks = periods(analysis, 'week');
    expect(weeks.map((week) => [week.key, week.messages])).toEqual([
      ['2024-W01', 5],
      ['2024-W02', 0],
      ['2024-W03', 0],
      ['2024-W04', 0],
      ['2024-W05', 0],
      ['2024-W06', 1],
    ]);
    expect(weeks[0]?.title).toBe('Week of 1 Jan 2024');
    expect(activityChart(analysis, 'week', wide).drill(bar(5))).toEqual({ week: '2024-W06' });
    const months = activityChart(analysis, 'month', wide);
    expect(bars(months)).toEqual({ labels: ['Jan 2024', 'Feb 2024'], values: [5, 1] });
    expect(months.drill(bar(0))).toEqual({ month: '2024-01' });
    expect(stepMonths('2023-11', '2024-02')).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
  });

  it('draws nothing for a chat without messages', () => {
    const empty = fixtureAnalysis({ from: '2030-01-01' });
    expect(periods(empty, 'day')).toEqual([]);
    expect(bars(activityChart(empty, 'month', wide)).values).toEqual([]);
  });
});

describe('weekday × hour heatmap', () => {
  it('puts each cell at [hour, weekday] and drills into the cell', () => {
    const spec = heatmapChart(analysis.heatmap, wide);
    const data = (spec.option.series as { data: [number, number, number][] }[])[0]?.data ?? [];
    expect(data).toHaveLength(7 * 24);
    expect(data).toContainEqual([9, 0, 3]);
    expect(data).toContainEqual([21, 2, 2]);
    expect(spec.drill({ componentType: 'series', dataIndex: 0, value: [21, 2, 2] })).toEqual({
      weekday: 2,
      hour: 21,
    });
    expect(spec.drill({ componentType: 'series', dataIndex: 0, value: [3, 4, 0] })).toBeNull();
    expect((spec.option.visualMap as { max: number }).max).toBe(3);
  });
});

describe('calendar heatmap', () => {
  it('lists the days with messages and drills into a day; phones get it upright', () => {
    const year = analysis.calendar[0];
    if (!year) throw new Error('no calendar year');
    expect(calendarDays(year)).toEqual([
      ['2024-01-01', 3],
      ['2024-01-03', 2],
      ['2024-02-05', 1],
    ]);
    const spec = calendarChart(year, wide);
    expect(spec.drill({ componentType: 'series', dataIndex: 1, value: ['2024-01-03', 2] })).toEqual({
      day: '2024-01-03',
    });
    expect((spec.option.calendar as { orient: string }).orient).toBe('horizontal');
    expect((calendarChart(year, { compact: true }).option.calendar as { orient: string }).orient).toBe(
      'vertical',
    );
  });
});

describe('ranked bar charts', () => {
  it('authors: counts with shares, biggest first; a bar opens that author', () => {
    const spec = authorsChart(analysis.authors, wide);
    expect(bars(spec)).toEqual({ labels: ['Asha', 'Ravi', 'Meera'], values: [3, 2, 1] });
    expect(spec.drill(bar(1))).toEqual({ author: 'Ravi' });
    const label = (spec.option.series as { label: { formatter: (p: { dataIndex: number }) => string } }[])[0]
      ?.label;
    expect(label?.formatter({ dataIndex: 0 })).toBe('3 · 50%');
    expect(spec.height).toBeGreaterThanOrEqual(120);
  });

  it('words, emoji and domains open the messages holding them', () => {
    const words = wordsChart(analysis.topWords, wide);
    expect(bars(words).labels?.[0]).toBe('coffee');
    expect(words.drill(bar(0))).toEqual({ word: 'coffee' });
    const emoji = emojiChart(analysis.topEmoji, wide);
    expect(bars(emoji)).toEqual({ labels: ['👍', '☕', '🎉'], values: [2, 1, 1] });
    expect(emoji.drill(bar(0))).toEqual({ emoji: '👍' });
    // Emoji labels are never cut (a grapheme stays whole).
    expect((emoji.option.yAxis as { axisLabel: { overflow?: string } }).axisLabel.overflow).toBeUndefined();
    const domains = domainsChart(analysis.topDomains, wide);
    expect(bars(domains)).toEqual({ labels: ['example.com'], values: [1] });
    expect(domains.drill(bar(0))).toEqual({ domain: 'example.com' });
  });

  it('media by kind shows the kinds that occur', () => {
    const spec = mediaChart(analysis.totals.mediaByKind, wide);
    expect(bars(spec)).toEqual({ labels: ['Images'], values: [1] });
    expect(spec.drill(bar(0))).toEqual({ media: 'image' });
  });

  it('response times (fastest first) and conversation starters open the replies and the openers', () => {
    const times = responseTimesChart(analysis.authors, wide);
    expect(bars(times)).toEqual({ labels: ['Asha', 'Ravi', 'Meera'], values: [5, 5, 10] });
    expect(times.drill(bar(2))).toEqual({ author: 'Meera', response: true });
    const starters = startersChart(analysis.authors, wide);
    expect(bars(starters)).toEqual({ labels: ['Asha', 'Ravi'], values: [2, 1] });
    expect(starters.drill(bar(0))).toEqual({ author: 'Asha', startsConversation: true });
  });
});

describe('system events chart', () => {
  it('stacks the kinds that occur per month and drills into one kind in one month', () => {
    const spec = systemEventsChart(analysis.system, wide);
    const series = spec.option.series as { name: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['Group created', [1, 0]],
      ['Joined', [0, 1]],
    ]);
    expect(spec.drill(bar(0, 0))).toEqual({ month: '2024-01', systemEvent: 'created' });
    expect(spec.drill(bar(1, 0))).toBeNull();
    expect(spec.drill(bar(1, 1))).toEqual({ month: '2024-02', systemEvent: 'joined' });
  });
});
