import type { ChatMessage } from '../types';
import type { AnalyseOptions, MessageFilter } from './analysis-types';
import { parseDay } from './calendar';
import { firstEmojiKey } from './emoji';
import { normaliseDomain } from './links';
import { classifySystemEvent } from './system-events';
import { TextScanner, type TextSink } from './text-scan';
import { type MessageView, mediaKindOf, resolveOptions, textOf, walkMessages } from './walk';
import { normaliseWord, WordTable } from './word-table';

const WEEK = /^(\d{4})-W(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

function wholeIn(value: number | undefined, name: string, max: number): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 0 && value <= max))
    throw new RangeError(`${name} must be a whole number from 0 to ${max}`);
}

function weekIdOf(week: string): number {
  const match = WEEK.exec(week);
  const n = Number(match?.[2]);
  if (!match || n < 1 || n > 53) throw new RangeError(`week is no YYYY-Www week: ${week}`);
  return Number(match[1]) * 100 + n;
}

function monthIdOf(month: string): number {
  const match = MONTH.exec(month);
  const n = Number(match?.[2]);
  if (!match || n < 1 || n > 12) throw new RangeError(`month is no YYYY-MM month: ${month}`);
  return Number(match[1]) * 12 + n - 1;
}

/** A text condition: the message text holds the word, emoji or link domain. */
class TextMatch implements TextSink {
  private readonly table = new WordTable();
  private readonly scanner: TextScanner;
  private readonly wordId: number;
  private found = 0;
  private readonly needed: number;
  word?: TextSink['word'];
  link?: TextSink['link'];
  emoji?: TextSink['emoji'];

  constructor(word: string | null, emojiKey: string | null, domain: string | null) {
    this.scanner = new TextScanner(emojiKey !== null);
    this.wordId = word === null ? -1 : this.table.wordId(word);
    this.needed = (word === null ? 0 : 1) | (emojiKey === null ? 0 : 2) | (domain === null ? 0 : 4);
    if (word !== null)
      this.word = (text, start, end, hash) => {
        if (this.table.wordOfRaw[this.table.rawIdAt(text, start, end, hash)] === this.wordId) this.found |= 1;
      };
    if (emojiKey !== null)
      this.emoji = (key) => {
        if (key === emojiKey) this.found |= 2;
      };
    if (domain !== null)
      this.link = (found) => {
        if (found === domain) this.found |= 4;
      };
  }

  test(text: string): boolean {
    this.found = 0;
    this.scanner.scan(text, this);
    return this.found === this.needed;
  }
}

/**
 * Positions (ascending) of the messages behind a number of `analyseChat(messages, options)`: pass
 * the same options (range, conversation gap) and a filter built from the result's keys. Dates,
 * words, emoji, domains, media and system kinds are read by the same functions as analyseChat, so
 * e.g. `selectMessages(m, { weekday: 0, hour: 9 }, o).length === analyseChat(m, o).heatmap[0][9]`.
 */
export function selectMessages(
  messages: readonly ChatMessage[],
  filter: MessageFilter,
  options: AnalyseOptions = {},
): number[] {
  const resolved = resolveOptions(options);
  wholeIn(filter.weekday, 'weekday', 6);
  wholeIn(filter.hour, 'hour', 23);
  const day = filter.day === undefined ? undefined : parseDay(filter.day);
  if (day === null) throw new RangeError(`day is no YYYY-MM-DD day: ${filter.day}`);
  const week = filter.week === undefined ? undefined : weekIdOf(filter.week);
  const month = filter.month === undefined ? undefined : monthIdOf(filter.month);
  const word = filter.word === undefined ? null : normaliseWord(filter.word);
  const emoji = filter.emoji === undefined ? null : firstEmojiKey(filter.emoji);
  const domain = filter.domain === undefined ? null : normaliseDomain(filter.domain);
  // A word, emoji or domain that normalises to nothing matches nothing.
  if ((filter.word !== undefined && !word) || (filter.emoji !== undefined && !emoji)) return [];
  if (filter.domain !== undefined && !domain) return [];
  const text = word !== null || emoji !== null || domain !== null ? new TextMatch(word, emoji, domain) : null;
  const system = filter.systemEvent !== undefined;

  const matches = (view: MessageView): boolean => {
    const { message } = view;
    if (view.system !== system) return false;
    if (filter.author !== undefined && view.author !== filter.author) return false;
    if (day !== undefined && view.day !== day) return false;
    if (week !== undefined && view.weekId !== week) return false;
    if (month !== undefined && view.monthId !== month) return false;
    if (filter.weekday !== undefined && view.weekday !== filter.weekday) return false;
    if (filter.hour !== undefined && view.hour !== filter.hour) return false;
    if (filter.deleted !== undefined && (message.deleted === true) !== filter.deleted) return false;
    if (filter.edited !== undefined && (message.edited === true) !== filter.edited) return false;
    if (filter.startsConversation !== undefined && view.startsConversation !== filter.startsConversation)
      return false;
    if (filter.response !== undefined && view.responseSeconds >= 0 !== filter.response) return false;
    if (system && filter.systemEvent !== 'any' && classifySystemEvent(message.content) !== filter.systemEvent)
      return false;
    const media = mediaKindOf(message);
    if (filter.media !== undefined && (media === null || (filter.media !== 'any' && media !== filter.media)))
      return false;
    return text === null || text.test(textOf(message, media));
  };

  const selected: number[] = [];
  walkMessages(messages, resolved, (view) => {
    if (matches(view)) selected.push(view.index);
  });
  return selected;
}
