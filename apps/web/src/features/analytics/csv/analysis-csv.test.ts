import { describe, expect, it } from 'vitest';
import { periods } from '@/features/analytics/charts/options/activity-chart';
import { fixtureAnalysis } from '@/features/analytics/testing/analysis-fixture';
import { toCsv, UTF8_BOM } from '@/shared/csv/to-csv';
import { AUTHOR_COLUMNS, DOMAIN_COLUMNS, EMOJI_COLUMNS, periodColumns, WORD_COLUMNS } from './analysis-csv';

const analysis = fixtureAnalysis();
const lines = (csv: string) => csv.slice(UTF8_BOM.length).trimEnd().split('\r\n');

describe('analysis tables as CSV', () => {
  it('per-author stats: one row per author, plain numbers, seconds and ISO dates', () => {
    const [header, asha, ravi, meera] = lines(toCsv(analysis.authors, AUTHOR_COLUMNS));
    expect(header).toBe(
      'Author,Messages,Share (%),Words,Characters,Media,Links,Emoji,Deleted,Edited,Conversations started,Replies,Median reply time (s),First message,Last message',
    );
    expect(asha).toBe('Asha,3,50,8,55,0,0,4,0,1,2,1,300,2024-01-01 09:00:00,2024-02-05 10:01:00');
    expect(ravi?.startsWith('Ravi,2,33.3,')).toBe(true);
    expect(meera?.split(',')[12]).toBe('600');
  });

  it('top words, emoji (whole graphemes) and domains', () => {
    expect(lines(toCsv(analysis.topWords, WORD_COLUMNS))[1]).toBe('coffee,2');
    expect(lines(toCsv(analysis.topEmoji, EMOJI_COLUMNS))).toEqual(['Emoji,Count', '👍,2', '☕,1', '🎉,1']);
    expect(lines(toCsv(analysis.topDomains, DOMAIN_COLUMNS))).toEqual(['Domain,Links', 'example.com,1']);
  });

  it('messages per day, with the days between filled in', () => {
    const rows = lines(toCsv(periods(analysis, 'day'), periodColumns('day')));
    expect(rows.slice(0, 4)).toEqual(['Day,Messages', '2024-01-01,3', '2024-01-02,0', '2024-01-03,2']);
    expect(rows).toHaveLength(37);
    expect(lines(toCsv(periods(analysis, 'month'), periodColumns('month')))).toEqual([
      'Month,Messages',
      '2024-01,5',
      '2024-02,1',
    ]);
  });

  it('neutralises an author name a spreadsheet would run as a formula', () => {
    const [, row] = lines(
      toCsv([{ ...analysis.authors[0], author: '=HYPERLINK("x")' } as never], AUTHOR_COLUMNS),
    );
    expect(row?.startsWith('"\'=HYPERLINK(""x"")",')).toBe(true);
  });
});
