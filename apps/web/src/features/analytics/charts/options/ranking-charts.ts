import {
  type AuthorStats,
  type Counts,
  MEDIA_KINDS,
  type TopDomain,
  type TopEmoji,
  type TopWord,
} from '@wadesk/chat-export';
import type { ChartLayout, ChartSpec } from '@/features/analytics/charts/chart-spec';
import { BRAND, EMOJI_FONT, messagesText } from '@/shared/charts/chart-theme';
import { formatDuration, formatShare } from '@/shared/format/format-duration';
import { MEDIA_LABELS } from '@/shared/loaded-chat/labels';
import { barListChart } from './bar-list';

/** Most bars in an author chart; a large group lists the rest in the table. */
export const AUTHOR_BAR_LIMIT = 20;

/** Messages per author with their share of the chat: "120 · 45%". */
export function authorsChart(authors: readonly AuthorStats[], layout: ChartLayout): ChartSpec {
  const items = authors.slice(0, AUTHOR_BAR_LIMIT).map((author) => ({
    label: author.author,
    value: author.messages,
    valueText: `${author.messages.toLocaleString('en-IN')} · ${formatShare(author.share)}`,
    filter: { author: author.author },
  }));
  return barListChart(items, {
    layout,
    describe: (item) =>
      `${messagesText(item.value)} (${formatShare(item.value / totalOf(authors))} of the chat)`,
  });
}

function totalOf(authors: readonly AuthorStats[]): number {
  return authors.reduce((sum, author) => sum + author.messages, 0) || 1;
}

export function wordsChart(words: readonly TopWord[], layout: ChartLayout): ChartSpec {
  const items = words.map((word) => ({
    label: word.display,
    value: word.count,
    filter: { word: word.word },
  }));
  return barListChart(items, { layout, describe: (item) => `used ${timesText(item.value)}` });
}

/** Emoji stay whole graphemes: their labels are never cut. */
export function emojiChart(emoji: readonly TopEmoji[], layout: ChartLayout): ChartSpec {
  const items = emoji.map((entry) => ({
    label: entry.emoji,
    value: entry.count,
    filter: { emoji: entry.emoji },
  }));
  return barListChart(items, {
    layout,
    color: BRAND[500],
    keepLabels: true,
    labelSize: 18,
    labelFont: EMOJI_FONT,
    describe: (item) => `used ${timesText(item.value)}`,
  });
}

export function domainsChart(domains: readonly TopDomain[], layout: ChartLayout): ChartSpec {
  const items = domains.map((entry) => ({
    label: entry.domain,
    value: entry.count,
    filter: { domain: entry.domain },
  }));
  return barListChart(items, { layout, color: '#128c7e', describe: (item) => `${item.value} links` });
}

/** Media messages by kind, the kinds that occur only. */
export function mediaChart(mediaByKind: Counts['mediaByKind'], layout: ChartLayout): ChartSpec {
  const items = MEDIA_KINDS.filter((kind) => mediaByKind[kind] > 0)
    .map((kind) => ({ label: MEDIA_LABELS[kind], value: mediaByKind[kind], filter: { media: kind } }))
    .sort((a, b) => b.value - a.value);
  return barListChart(items, { layout, color: '#34b7f1', describe: (item) => messagesText(item.value) });
}

/** Median time each author takes to answer someone else, fastest first. */
export function responseTimesChart(authors: readonly AuthorStats[], layout: ChartLayout): ChartSpec {
  const items = authors
    .filter((author) => author.medianResponseSeconds !== null)
    .sort((a, b) => (a.medianResponseSeconds ?? 0) - (b.medianResponseSeconds ?? 0))
    .slice(0, AUTHOR_BAR_LIMIT)
    .map((author) => ({
      label: author.author,
      value: Math.round((author.medianResponseSeconds ?? 0) / 6) / 10, // minutes, one decimal
      valueText: formatDuration(author.medianResponseSeconds ?? 0),
      filter: { author: author.author, response: true },
      responses: author.responses,
    }));
  return barListChart(items, {
    layout,
    color: BRAND[700],
    describe: (item) => {
      const answers = items.find((entry) => entry === item)?.responses ?? 0;
      return `median ${item.valueText} over ${answers.toLocaleString('en-IN')} ${answers === 1 ? 'reply' : 'replies'}`;
    },
  });
}

/** Who opens conversations (the first message after a silence). */
export function startersChart(authors: readonly AuthorStats[], layout: ChartLayout): ChartSpec {
  const items = authors
    .filter((author) => author.conversationsStarted > 0)
    .sort((a, b) => b.conversationsStarted - a.conversationsStarted || (a.author < b.author ? -1 : 1))
    .slice(0, AUTHOR_BAR_LIMIT)
    .map((author) => ({
      label: author.author,
      value: author.conversationsStarted,
      filter: { author: author.author, startsConversation: true },
    }));
  return barListChart(items, {
    layout,
    color: '#075e54',
    describe: (item) =>
      `started ${item.value.toLocaleString('en-IN')} ${item.value === 1 ? 'conversation' : 'conversations'}`,
  });
}

function timesText(count: number): string {
  return count === 1 ? 'once' : `${count.toLocaleString('en-IN')} times`;
}
