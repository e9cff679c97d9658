import { type ChatAnalysis, MEDIA_KINDS, type MessageFilter } from '@wadesk/chat-export';
import { formatDay } from '@/shared/format/calendar-dates';
import { formatCount, formatDuration } from '@/shared/format/format-duration';
import { describeRange } from '@/shared/loaded-chat/date-range/date-range';
import { MEDIA_LABELS } from '@/shared/loaded-chat/labels';

/** One summary card: a figure, its name, a line of detail, and the messages behind it if any. */
export interface SummaryStat {
  id: string;
  label: string;
  value: string;
  detail?: string;
  filter?: MessageFilter;
}

const plural = (count: number, noun: string, nouns = `${noun}s`) =>
  `${formatCount(count)} ${count === 1 ? noun : nouns}`;

/** The summary cards of an analysis, in reading order. */
export function summaryStats(analysis: ChatAnalysis, conversationGapMinutes = 30): SummaryStat[] {
  const { totals, busiestDay, longestSilence, longestStreak, range } = analysis;
  const mediaKinds = MEDIA_KINDS.filter((kind) => totals.mediaByKind[kind] > 0)
    .map((kind) => `${MEDIA_LABELS[kind]} ${formatCount(totals.mediaByKind[kind])}`)
    .join(' · ');
  const stats: SummaryStat[] = [
    {
      id: 'messages',
      label: 'Messages',
      value: formatCount(totals.messages),
      // Members' messages, as the chat's toolbar counts them; WhatsApp's own notices apart.
      detail:
        [
          range.days > 0 ? `over ${plural(range.days, 'day')}` : null,
          analysis.system.total > 0 ? plural(analysis.system.total, 'system notice') : null,
        ]
          .filter(Boolean)
          .join(', ') || undefined,
    },
    {
      id: 'words',
      label: 'Words',
      value: formatCount(totals.words),
      detail: `${formatCount(totals.emoji)} emoji`,
    },
    {
      id: 'media',
      label: 'Media',
      value: formatCount(totals.media),
      detail: mediaKinds || 'No media',
      filter: totals.media > 0 ? { media: 'any' } : undefined,
    },
    {
      id: 'links',
      label: 'Links',
      value: formatCount(totals.links),
      detail: plural(analysis.topDomains.length, 'domain'),
    },
    {
      id: 'deleted',
      label: 'Deleted',
      value: formatCount(totals.deleted),
      filter: totals.deleted > 0 ? { deleted: true } : undefined,
    },
    {
      id: 'edited',
      label: 'Edited',
      value: formatCount(totals.edited),
      filter: totals.edited > 0 ? { edited: true } : undefined,
    },
    { id: 'authors', label: 'Authors', value: formatCount(totals.authors) },
    {
      id: 'conversations',
      label: 'Conversations',
      value: formatCount(totals.conversations),
      detail: `a new one after ${conversationGapMinutes} min of silence`,
      filter: totals.conversations > 0 ? { startsConversation: true } : undefined,
    },
    {
      id: 'response',
      label: 'Median reply',
      value: totals.medianResponseSeconds === null ? '—' : formatDuration(totals.medianResponseSeconds),
      detail: plural(totals.responses, 'reply', 'replies'),
      filter: totals.responses > 0 ? { response: true } : undefined,
    },
    {
      id: 'busiest-day',
      label: 'Busiest day',
      value: busiestDay ? formatDay(busiestDay.key) : '—',
      detail: busiestDay ? plural(busiestDay.messages, 'message') : undefined,
      filter: busiestDay ? { day: busiestDay.key } : undefined,
    },
    {
      id: 'silence',
      label: 'Longest silence',
      value: longestSilence ? formatDuration(longestSilence.seconds) : '—',
      detail: longestSilence
        ? (describeRange({ from: longestSilence.from.slice(0, 10), to: longestSilence.to.slice(0, 10) }) ??
          undefined)
        : undefined,
    },
    {
      id: 'streak',
      label: 'Longest streak',
      value: longestStreak ? plural(longestStreak.days, 'day') : '—',
      detail: longestStreak
        ? (describeRange({ from: longestStreak.from, to: longestStreak.to }) ?? undefined)
        : undefined,
    },
  ];
  return stats;
}
