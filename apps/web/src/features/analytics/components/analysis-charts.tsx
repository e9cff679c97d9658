import type { CalendarYear, ChatAnalysis, MessageFilter } from '@wadesk/chat-export';
import { useCallback, useState } from 'react';
import type { ChartLayout } from '@/features/analytics/charts/chart-spec';
import {
  activityChart,
  GRANULARITIES,
  type Granularity,
  periods,
} from '@/features/analytics/charts/options/activity-chart';
import { calendarChart } from '@/features/analytics/charts/options/calendar-chart';
import { heatmapChart } from '@/features/analytics/charts/options/heatmap-chart';
import {
  authorsChart,
  domainsChart,
  emojiChart,
  mediaChart,
  responseTimesChart,
  startersChart,
  wordsChart,
} from '@/features/analytics/charts/options/ranking-charts';
import { systemEventsChart } from '@/features/analytics/charts/options/system-chart';
import {
  DOMAIN_COLUMNS,
  EMOJI_COLUMNS,
  periodColumns,
  WORD_COLUMNS,
} from '@/features/analytics/csv/analysis-csv';
import { ChartCard } from '@/shared/charts/chart-card';
import { downloadCsv } from '@/shared/csv/download-file';
import { SegmentedControl } from '@/shared/ui/segmented-control';

interface AnalysisChartsProps {
  analysis: ChatAnalysis;
  onDrill(filter: MessageFilter): void;
}

const NO_MESSAGES = 'No messages in this range.';

/** Every chart of the analysis; each element opens the messages behind it. */
export function AnalysisCharts({ analysis, onDrill }: AnalysisChartsProps) {
  const [granularity, setGranularity] = useState<Granularity>('day');
  const years = analysis.calendar.map((year) => year.year);
  const [pickedYear, setYear] = useState<number | null>(null);
  const year = analysis.calendar.find((entry) => entry.year === pickedYear) ?? busiestYear(analysis);
  const hasMessages = analysis.totals.messages > 0;
  const repliedAuthors = analysis.authors.filter((author) => author.medianResponseSeconds !== null);

  const activity = useCallback(
    (layout: ChartLayout) => activityChart(analysis, granularity, layout),
    [analysis, granularity],
  );
  const authors = useCallback((layout: ChartLayout) => authorsChart(analysis.authors, layout), [analysis]);
  const heatmap = useCallback((layout: ChartLayout) => heatmapChart(analysis.heatmap, layout), [analysis]);
  const calendar = useCallback(
    // Not called without a year: the card shows its empty text then.
    (layout: ChartLayout) => calendarChart(year ?? { year: 1970, firstWeekday: 3, days: [] }, layout),
    [year],
  );
  const words = useCallback((layout: ChartLayout) => wordsChart(analysis.topWords, layout), [analysis]);
  const emoji = useCallback((layout: ChartLayout) => emojiChart(analysis.topEmoji, layout), [analysis]);
  const domains = useCallback((layout: ChartLayout) => domainsChart(analysis.topDomains, layout), [analysis]);
  const media = useCallback(
    (layout: ChartLayout) => mediaChart(analysis.totals.mediaByKind, layout),
    [analysis],
  );
  const responses = useCallback(
    (layout: ChartLayout) => responseTimesChart(analysis.authors, layout),
    [analysis],
  );
  const starters = useCallback((layout: ChartLayout) => startersChart(analysis.authors, layout), [analysis]);
  const system = useCallback((layout: ChartLayout) => systemEventsChart(analysis.system, layout), [analysis]);

  return (
    <>
      <ChartCard
        id="activity"
        wide
        title="Messages over time"
        description="Select a bar to read that period's messages."
        build={activity}
        empty={hasMessages ? null : NO_MESSAGES}
        controls={
          <SegmentedControl<Granularity>
            label="Period"
            options={GRANULARITIES}
            value={granularity}
            onChange={setGranularity}
          />
        }
        onCsv={() =>
          downloadCsv(
            `messages-per-${granularity}`,
            periods(analysis, granularity),
            periodColumns(granularity),
          )
        }
        filePrefix="chat"
        onDrill={onDrill}
      />
      <ChartCard
        id="authors"
        title="Messages per author"
        description="Count and share of the chat."
        build={authors}
        empty={hasMessages ? null : NO_MESSAGES}
        filePrefix="chat"
        onDrill={onDrill}
      />
      <ChartCard
        id="heatmap"
        title="Weekday and hour"
        description="When the chat is busy (the export's own clock)."
        build={heatmap}
        empty={hasMessages ? null : NO_MESSAGES}
        filePrefix="chat"
        onDrill={onDrill}
      />
      <ChartCard
        id="calendar"
        wide
        title="Calendar"
        description="Messages per day of the year."
        build={calendar}
        empty={year ? null : NO_MESSAGES}
        controls={
          years.length > 1 && year ? (
            <SegmentedControl<number>
              label="Year"
              options={years.map((entry) => ({ id: entry, label: String(entry) }))}
              value={year.year}
              onChange={setYear}
            />
          ) : null
        }
        filePrefix="chat"
        onDrill={onDrill}
      />
      <ChartCard
        id="words"
        title="Top words"
        description={analysis.languages.length > 0 ? 'Common words (like “the”, “and”) left out.' : undefined}
        build={words}
        empty={analysis.topWords.length > 0 ? null : 'No words in this range.'}
        onCsv={() => downloadCsv('top-words', analysis.topWords, WORD_COLUMNS)}
        filePrefix="chat"
        onDrill={onDrill}
      />
      <ChartCard
        id="emoji"
        title="Top emoji"
        build={emoji}
        empty={analysis.topEmoji.length > 0 ? null : 'No emoji in this range.'}
        onCsv={() => downloadCsv('top-emoji', analysis.topEmoji, EMOJI_COLUMNS)}
        filePrefix="chat"
        onDrill={onDrill}
      />
      <ChartCard
        id="domains"
        title="Link domains"
        description="Sites the chat links to."
        build={domains}
        empty={analysis.topDomains.length > 0 ? null : 'No links in this range.'}
        onCsv={() => downloadCsv('link-domains', analysis.topDomains, DOMAIN_COLUMNS)}
        filePrefix="chat"
        onDrill={onDrill}
      />
      <ChartCard
        id="media"
        title="Media by kind"
        build={media}
        empty={analysis.totals.media > 0 ? null : 'No media in this range.'}
        filePrefix="chat"
        onDrill={onDrill}
      />
      <ChartCard
        id="response-times"
        title="Reply time per author"
        description="Median time to answer someone else."
        build={responses}
        empty={repliedAuthors.length > 0 ? null : 'No replies in this range.'}
        filePrefix="chat"
        onDrill={onDrill}
      />
      <ChartCard
        id="starters"
        title="Who starts conversations"
        description="First message after 30 minutes of silence."
        build={starters}
        empty={hasMessages ? null : NO_MESSAGES}
        filePrefix="chat"
        onDrill={onDrill}
      />
      <ChartCard
        id="system"
        wide
        title="System events over time"
        description="Joins, leaves, changes of subject and more, per month."
        build={system}
        empty={analysis.system.total > 0 ? null : 'No system events in this range.'}
        filePrefix="chat"
        onDrill={onDrill}
      />
    </>
  );
}

/** The year with most messages (the later of equals): the calendar's first view. */
function busiestYear(analysis: ChatAnalysis): CalendarYear | undefined {
  let best: { year: CalendarYear; total: number } | undefined;
  for (const year of analysis.calendar) {
    const total = year.days.reduce((sum, count) => sum + count, 0);
    if (!best || total >= best.total) best = { year, total };
  }
  return best?.year;
}
