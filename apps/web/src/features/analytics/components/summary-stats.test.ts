import { describe, expect, it } from 'vitest';
import { fixtureAnalysis } from '@/features/analytics/testing/analysis-fixture';
import { summaryStats } from './summary-stats';

const byId = (stats: ReturnType<typeof summaryStats>) =>
  Object.fromEntries(stats.map((stat) => [stat.id, stat]));

describe('summary cards', () => {
  it('show the figures of the chat with what lies behind them', () => {
    const stats = byId(summaryStats(fixtureAnalysis()));
    expect(stats.messages).toMatchObject({ value: '6', detail: 'over 36 days, 2 system notices' });
    expect(stats.words).toMatchObject({ value: '11', detail: '4 emoji' });
    expect(stats.media).toMatchObject({ value: '1', detail: 'Images 1', filter: { media: 'any' } });
    expect(stats.links).toMatchObject({ value: '1', detail: '1 domain' });
    expect(stats.deleted).toMatchObject({ value: '1', filter: { deleted: true } });
    expect(stats.edited).toMatchObject({ value: '1', filter: { edited: true } });
    expect(stats.authors).toMatchObject({ value: '3' });
    expect(stats.conversations).toMatchObject({ value: '3', filter: { startsConversation: true } });
    expect(stats.response).toMatchObject({ value: '5 min', detail: '3 replies', filter: { response: true } });
    expect(stats['busiest-day']).toMatchObject({
      value: '1 Jan 2024',
      detail: '3 messages',
      filter: { day: '2024-01-01' },
    });
    expect(stats.silence).toMatchObject({ value: '32 days 12 h', detail: '3 Jan 2024 – 5 Feb 2024' });
    expect(stats.streak).toMatchObject({ value: '1 day', detail: '1 Jan 2024' });
  });

  it('show dashes and no drill-down when a range holds no messages', () => {
    const stats = byId(summaryStats(fixtureAnalysis({ from: '2030-01-01' })));
    expect(stats.messages).toMatchObject({ value: '0', detail: undefined });
    expect(stats.response).toMatchObject({ value: '—', filter: undefined });
    expect(stats['busiest-day']).toMatchObject({ value: '—', filter: undefined });
    expect(stats.media).toMatchObject({ detail: 'No media', filter: undefined });
  });
});
