import type { ChatMessage } from '../types';
import { type AnalyseOptions, MEDIA_KINDS, type MediaKind } from './analysis-types';
import { dayNumber, isoWeekId, parseDay, parseWallClock, type WallClock, weekdayOf } from './calendar';

// The one walk over the messages that analyseChat and selectMessages share: range filter, dates,
// conversations and answers are decided here once, so a number and the messages behind it agree.

export const SYSTEM_AUTHOR = 'system';

export interface ResolvedOptions {
  from: string | null;
  /** `to` + U+FFFF: every `date` of the last day sorts below it. */
  toBound: string | null;
  gapSeconds: number;
  topN: number;
}

export function resolveOptions(options: AnalyseOptions = {}): ResolvedOptions {
  const { from, to, conversationGapMinutes = 30, topN = 20 } = options;
  if (from !== undefined && parseDay(from) === null)
    throw new RangeError(`from is no YYYY-MM-DD day: ${from}`);
  if (to !== undefined && parseDay(to) === null) throw new RangeError(`to is no YYYY-MM-DD day: ${to}`);
  if (!(Number.isFinite(conversationGapMinutes) && conversationGapMinutes > 0))
    throw new RangeError('conversationGapMinutes must be a positive number');
  if (!(Number.isInteger(topN) && topN >= 0)) throw new RangeError('topN must be a whole number >= 0');
  return {
    from: from ?? null,
    toBound: to === undefined ? null : `${to}\uffff`,
    gapSeconds: conversationGapMinutes * 60,
    topN,
  };
}

/** One message as the walk sees it. The object is reused: read it during the callback only. */
export interface MessageView {
  index: number;
  message: ChatMessage;
  author: string;
  system: boolean;
  /** Days since 1970-01-01 of the wall-clock date. */
  day: number;
  year: number;
  /** `year * 12 + month - 1`. */
  monthId: number;
  /** ISO week, `weekYear * 100 + week`. */
  weekId: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  hour: number;
  /** Wall-clock seconds since 1970-01-01. */
  seconds: number;
  /** Authored messages: seconds since the previous authored message in range, -1 for the first. */
  gapSeconds: number;
  /** Index of that previous authored message, -1 for the first. */
  previousIndex: number;
  startsConversation: boolean;
  /** Seconds this message took to answer another author in the same conversation, else -1. */
  responseSeconds: number;
}

/** Calls `visit` for each message in range with a valid date, in input order; returns how many had none. */
export function walkMessages(
  messages: readonly ChatMessage[],
  options: ResolvedOptions,
  visit: (view: MessageView) => void,
): number {
  const clock: WallClock = { y: 0, m: 0, d: 0, hour: 0, second: 0 };
  const view: MessageView = {
    index: 0,
    message: messages[0] as ChatMessage,
    author: '',
    system: false,
    day: 0,
    year: 0,
    monthId: 0,
    weekId: 0,
    weekday: 0,
    hour: 0,
    seconds: 0,
    gapSeconds: -1,
    previousIndex: -1,
    startsConversation: false,
    responseSeconds: -1,
  };
  const { from, toBound, gapSeconds } = options;
  let skipped = 0;
  let cachedY = -1;
  let cachedM = -1;
  let cachedD = -1;
  let previousSeconds = 0;
  let previousAuthor: string | null = null;
  let previousIndex = -1;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as ChatMessage;
    const date = message?.date;
    if (!parseWallClock(date, clock)) {
      skipped++;
      continue;
    }
    if ((from !== null && date < from) || (toBound !== null && date > toBound)) continue;
    if (clock.y !== cachedY || clock.m !== cachedM || clock.d !== cachedD) {
      cachedY = clock.y;
      cachedM = clock.m;
      cachedD = clock.d;
      view.day = dayNumber(clock.y, clock.m, clock.d);
      view.year = clock.y;
      view.monthId = clock.y * 12 + clock.m - 1;
      view.weekId = isoWeekId(view.day);
      view.weekday = weekdayOf(view.day);
    }
    const author = typeof message.author === 'string' ? message.author : '';
    view.index = index;
    view.message = message;
    view.author = author;
    view.system = author === SYSTEM_AUTHOR;
    view.hour = clock.hour;
    view.seconds = view.day * 86400 + clock.second;
    view.startsConversation = false;
    view.responseSeconds = -1;
    view.gapSeconds = -1;
    view.previousIndex = -1;
    if (!view.system) {
      if (previousAuthor === null) {
        view.startsConversation = true;
      } else {
        const gap = view.seconds - previousSeconds;
        view.gapSeconds = gap;
        if (gap >= gapSeconds) view.startsConversation = true;
        else if (author !== previousAuthor) view.responseSeconds = Math.max(0, gap);
      }
      view.previousIndex = previousIndex;
      previousIndex = index;
      previousSeconds = view.seconds;
      previousAuthor = author;
    }
    visit(view);
  }
  return skipped;
}

/** What kind of media a message holds, or null for none. */
export function mediaKindOf(message: ChatMessage): MediaKind | null {
  const kind = message.attachment ? message.attachment.kind : message.omitted_media;
  if (kind) return KNOWN_MEDIA.has(kind) ? kind : 'other';
  return message.has_attachment ? 'other' : null;
}

const KNOWN_MEDIA = new Set<string>(MEDIA_KINDS);

/** The words of a message: its text, or for media the caption (the content is a file reference). */
export function textOf(message: ChatMessage, media: MediaKind | null): string {
  const text = media === null ? message.content : message.captions;
  return typeof text === 'string' ? text : '';
}
