import type { AuthorStats, TopDomain, TopEmoji, TopWord } from '@wadesk/chat-export';
import type { Period } from '@/features/analytics/charts/options/activity-chart';
import type { CsvColumn } from '@/shared/csv/to-csv';

// The columns of each table of the Analysis screen as spreadsheets get them: plain numbers (no
// thousands separators), seconds for durations, ISO dates.

export const AUTHOR_COLUMNS: readonly CsvColumn<AuthorStats>[] = [
  { header: 'Author', value: (row) => row.author },
  { header: 'Messages', value: (row) => row.messages },
  { header: 'Share (%)', value: (row) => Math.round(row.share * 1000) / 10 },
  { header: 'Words', value: (row) => row.words },
  { header: 'Characters', value: (row) => row.characters },
  { header: 'Media', value: (row) => row.media },
  { header: 'Links', value: (row) => row.links },
  { header: 'Emoji', value: (row) => row.emoji },
  { header: 'Deleted', value: (row) => row.deleted },
  { header: 'Edited', value: (row) => row.edited },
  { header: 'Conversations started', value: (row) => row.conversationsStarted },
  { header: 'Replies', value: (row) => row.responses },
  { header: 'Median reply time (s)', value: (row) => row.medianResponseSeconds },
  { header: 'First message', value: (row) => row.first.replace('T', ' ') },
  { header: 'Last message', value: (row) => row.last.replace('T', ' ') },
];

export const WORD_COLUMNS: readonly CsvColumn<TopWord>[] = [
  { header: 'Word', value: (row) => row.display },
  { header: 'Count', value: (row) => row.count },
];

export const EMOJI_COLUMNS: readonly CsvColumn<TopEmoji>[] = [
  { header: 'Emoji', value: (row) => row.emoji },
  { header: 'Count', value: (row) => row.count },
];

export const DOMAIN_COLUMNS: readonly CsvColumn<TopDomain>[] = [
  { header: 'Domain', value: (row) => row.domain },
  { header: 'Links', value: (row) => row.count },
];

const PERIOD_HEADERS = { day: 'Day', week: 'Week', month: 'Month' } as const;

/** Messages per period; the key column is named after the granularity (Day, Week or Month). */
export function periodColumns(granularity: keyof typeof PERIOD_HEADERS): readonly CsvColumn<Period>[] {
  return [
    { header: PERIOD_HEADERS[granularity], value: (row) => row.key },
    { header: 'Messages', value: (row) => row.messages },
  ];
}
