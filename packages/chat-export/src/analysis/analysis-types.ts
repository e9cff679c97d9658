import type { AttachmentKind, OmittedMedia } from '../types';

// The result is plain objects, arrays, strings and numbers (no Map, no Date, no typed array), so it
// survives postMessage and JSON. Lists are sorted; ties break by key in code-unit order, never by a
// locale, so the same messages give the same result on every machine.

/** An attachment's kind, or the kind a "media omitted" placeholder names (`media`: it names none). */
export type MediaKind = AttachmentKind | OmittedMedia;

export const MEDIA_KINDS: readonly MediaKind[] = [
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'gif',
  'contact',
  'view_once',
  'other',
  'media',
];

/** What a system line reports; `other` for lines that are none of these (or in a language not read). */
export type SystemEventKind =
  | 'created'
  | 'added'
  | 'joined'
  | 'left'
  | 'removed'
  | 'subject'
  | 'description'
  | 'icon'
  | 'number'
  | 'security'
  | 'encryption'
  | 'admin'
  | 'other';

export const SYSTEM_EVENT_KINDS: readonly SystemEventKind[] = [
  'created',
  'added',
  'joined',
  'left',
  'removed',
  'subject',
  'description',
  'icon',
  'number',
  'security',
  'encryption',
  'admin',
  'other',
];

/** Languages with a stop-word list. */
export type StopWordLanguage =
  | 'en'
  | 'de'
  | 'es'
  | 'fr'
  | 'it'
  | 'pt'
  | 'nl'
  | 'sv'
  | 'da'
  | 'no'
  | 'pl'
  | 'tr'
  | 'ru'
  | 'id';

export interface StopWordOptions {
  /**
   * Whose stop words leave `topWords`: `auto` (default) the languages detected in the chat (see
   * `ChatAnalysis.languages`), `all` every list, or the given languages (`[]` keeps every word).
   */
  languages?: 'auto' | 'all' | readonly StopWordLanguage[];
  /** More words to leave out (e.g. the members' names), normalised like top words. */
  extra?: readonly string[];
}

export interface AnalyseOptions {
  /** First day analysed, `YYYY-MM-DD`, inclusive. */
  from?: string;
  /** Last day analysed, `YYYY-MM-DD`, inclusive. */
  to?: string;
  /** A silence of at least this many minutes starts a new conversation (default 30). */
  conversationGapMinutes?: number;
  /** Length of `topWords`, `topEmoji` and `topDomains` (default 20). */
  topN?: number;
  stopWords?: StopWordOptions;
}

/** Counters kept for the whole chat and for each author. Only authored messages count. */
export interface Counts {
  messages: number;
  /** Space-separated runs holding a letter or digit (`don't` and `10:30` are one word); a link is one. */
  words: number;
  /** Unicode code points of the text (an emoji sequence counts each of its code points). */
  characters: number;
  /** Messages with an attachment or a media placeholder. */
  media: number;
  mediaByKind: Record<MediaKind, number>;
  links: number;
  emoji: number;
  deleted: number;
  edited: number;
}

export interface AuthorStats extends Counts {
  author: string;
  /** messages / totals.messages (0 when there are none). */
  share: number;
  /** Messages that opened a conversation (first message after a gap, see conversationGapMinutes). */
  conversationsStarted: number;
  /** Messages answering another author within a conversation. */
  responses: number;
  /** Median seconds between the other author's message and this author's answer; null without answers. */
  medianResponseSeconds: number | null;
  /** `date` of this author's first and last message. */
  first: string;
  last: string;
}

/** A period and its number of authored messages. Keys: `YYYY-MM-DD`, `YYYY-Www` (ISO week), `YYYY-MM`. */
export interface Bucket {
  key: string;
  messages: number;
}

export interface WeekBucket extends Bucket {
  /** The Monday of the week, `YYYY-MM-DD`. */
  start: string;
}

/** One year of the calendar heatmap: `days[i]` is the messages of day-of-year i (0 = 1 January). */
export interface CalendarYear {
  year: number;
  /** Weekday of 1 January, 0 = Monday … 6 = Sunday. */
  firstWeekday: number;
  days: number[];
}

export interface Silence {
  /** `date` of the message before and of the message after the silence. */
  from: string;
  to: string;
  seconds: number;
  /** Positions of those two messages in the input array. */
  fromIndex: number;
  toIndex: number;
}

export interface Streak {
  /** First and last day, `YYYY-MM-DD`; every day between has an authored message. */
  from: string;
  to: string;
  days: number;
}

export interface TopWord {
  /** Normalised form (lower case, accents dropped): pass it to selectMessages as `word`. */
  word: string;
  /** The most frequent spelling, lower case (`café` for `cafe`). */
  display: string;
  count: number;
}

export interface TopEmoji {
  /** One grapheme (skin tones, ZWJ sequences, flags, keycaps intact). */
  emoji: string;
  count: number;
}

export interface TopDomain {
  /** Lower-case host without `www.`. */
  domain: string;
  count: number;
}

export interface SystemMonth {
  /** `YYYY-MM`. */
  key: string;
  byKind: Record<SystemEventKind, number>;
}

export interface ChatAnalysis {
  /** First and last day of the analysed messages (system lines included), `days` between inclusive. */
  range: { from: string | null; to: string | null; days: number };
  /** Messages left out because their `date` is no valid `YYYY-MM-DDTHH:mm:ss`. */
  skipped: number;
  totals: Counts & {
    authors: number;
    conversations: number;
    responses: number;
    medianResponseSeconds: number | null;
  };
  /** Most messages first, then by name. */
  authors: AuthorStats[];
  /** Periods that have messages, in time order (fill gaps with 0 for a line chart). */
  perDay: Bucket[];
  perWeek: WeekBucket[];
  perMonth: Bucket[];
  /** heatmap[weekday][hour]: weekday 0 = Monday … 6 = Sunday, hour 0–23 of the wall clock. */
  heatmap: number[][];
  /** Years that have messages, in order. */
  calendar: CalendarYear[];
  /** The day with most messages (the earliest of equals). */
  busiestDay: Bucket | null;
  /** The longest time between two consecutive authored messages (the earliest of equals). */
  longestSilence: Silence | null;
  /** The longest run of consecutive days with messages (the earliest of equals). */
  longestStreak: Streak | null;
  /** Languages whose stop words were left out of topWords. */
  languages: StopWordLanguage[];
  topWords: TopWord[];
  topEmoji: TopEmoji[];
  topDomains: TopDomain[];
  system: { total: number; byKind: Record<SystemEventKind, number>; perMonth: SystemMonth[] };
}

/**
 * Which messages stand behind a number of the analysis; every given condition must hold. Without
 * `systemEvent` only authored messages are selected (those the statistics count), with it only
 * system lines.
 */
export interface MessageFilter {
  author?: string;
  /** `YYYY-MM-DD`. */
  day?: string;
  /** `YYYY-Www`, ISO week. */
  week?: string;
  /** `YYYY-MM`. */
  month?: string;
  /** 0 = Monday … 6 = Sunday; with `hour` one heatmap cell. */
  weekday?: number;
  hour?: number;
  /** A whole word, normalised like top words (`Café` selects `cafe`, `café`, not `cafes`). */
  word?: string;
  emoji?: string;
  domain?: string;
  media?: MediaKind | 'any';
  deleted?: boolean;
  edited?: boolean;
  /** Messages that opened a conversation. */
  startsConversation?: boolean;
  /** Messages answering another author (those behind medianResponseSeconds). */
  response?: boolean;
  systemEvent?: SystemEventKind | 'any';
}
