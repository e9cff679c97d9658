import { type AuthorCache, type SplitLine, splitAuthor } from './author';
import { isMark } from './chars';
import { detectDayFirst } from './date-order';
import { EntryTable } from './entry-table';
import { applyBody, blankMessage } from './message-body';
import { cutToLimit, MESSAGE_TEXT_MAX } from './message-limit';
import { emptyHeader, scanHeader } from './scan-header';
import type { ChatMessage, ParsedChat, ParseOptions } from './types';
import { clockTime, displayDatePrefix, hourMinute, isoDatePrefix, isValidDate } from './wall-clock';

/**
 * One pass over the lines, recording the lines that open a message. Lines in between are the
 * continuation of the message above; they are never copied one by one, the message text is one slice.
 */
function collectEntries(text: string): EntryTable {
  const table = new EntryTable();
  const header = emptyHeader();
  const n = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (pos <= n) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = n;
    if (scanHeader(text, pos, nl, header)) table.push(header, pos, nl);
    pos = nl + 1;
  }
  return table;
}

function decideDayFirst(t: EntryTable, forced: boolean | undefined): boolean {
  if (typeof forced === 'boolean') return forced;
  const dates: number[] = [];
  let usVotes = 0;
  for (let k = 0; k < t.count; k++) {
    if (t.yearFirst(k)) continue;
    if (t.usHint(k)) usVotes++;
    const p1 = t.p1(k);
    const p2 = t.p2(k);
    const p3 = t.p3(k);
    const n = dates.length;
    if (n > 0 && dates[n - 3] === p1 && dates[n - 2] === p2 && dates[n - 1] === p3) continue;
    dates.push(p1, p2, p3);
  }
  if (dates.length === 0) return false;
  // Undecidable files (one ambiguous date): upper-case AM/PM is the en-US month-first look.
  return detectDayFirst(dates) ?? usVotes * 2 < t.count;
}

/**
 * The year of dates written without one (README "Decisions"): old Android exports leave it out for
 * the year of the export only, so it is the year after the latest year written in the file; in a
 * file that writes none, `referenceYear`, else the current UTC year.
 */
function yearOfYearless(t: EntryTable, referenceYear: number | undefined): number {
  let latest = -1;
  for (let k = 0; k < t.count; k++) {
    const p3 = t.p3(k);
    const y = t.yearFirst(k) ? t.p1(k) : p3 < 100 ? 2000 + p3 : p3;
    if (y > latest) latest = y;
  }
  if (latest >= 0) return latest + 1;
  if (Number.isInteger(referenceYear) && (referenceYear as number) >= 1 && (referenceYear as number) <= 9999)
    return referenceYear as number;
  return new Date().getUTCFullYear();
}

const MAX_KNOWN_AUTHORS = 32;

// Quoted names in system notices: `created group “Team”`, `changed the subject to "Team"`, `「Team」`.
const QUOTED = /["“„«「『]([^"“”„«»「」『』\n]{1,100})["”“»」』]/g;
// The first line of an iOS export is the encryption notice, written under the chat's own name.
const LOOKS_LIKE_FIRST_NOTICE = /whatsapp|واتساب|واتساپ/i;

/**
 * iOS lines `Name: ‎text` whose text the tables do not know: system notice or member's message? Decided
 * after the whole file is read, by evidence that needs no wording (README "Markers and system lines").
 */
class UndecidedLines {
  readonly index: number[] = [];
  readonly text: string[] = [];
  readonly hint: boolean[] = [];
  /** Names known system notices were written under, and the quoted names of the chat. */
  readonly chatNames = new Set<string>();
  private readonly quoted = new Set<string>();
  private readonly names = new Set<string>();
  plainLines = 0;
  plainLinesWithLeadingMark = 0;

  noteSystem(speaker: string, text: string): void {
    this.chatNames.add(speaker);
    this.names.add(speaker);
    this.noteQuotes(text);
  }

  add(at: number, author: string, text: string, leadingMark: boolean, first: boolean): void {
    this.index.push(at);
    this.text.push(text);
    this.hint.push(leadingMark);
    this.names.add(author);
    this.noteQuotes(text);
    if (first && (text.length >= 60 || LOOKS_LIKE_FIRST_NOTICE.test(text))) this.chatNames.add(author);
  }

  private noteQuotes(text: string): void {
    if (!text.includes('"') && !/[“„«「『]/.test(text)) return;
    for (const match of text.matchAll(QUOTED)) this.quoted.add((match[1] as string).trim());
  }

  /** Whether the undecided line `k`, written under `name`, is a member's message. */
  isMember(k: number, name: string, members: Set<string>): boolean {
    // iOS puts a mark before the `[` of media lines only, unless a file marks every line.
    if (this.hint[k] && this.plainLinesWithLeadingMark * 10 <= this.plainLines) return true;
    if (this.chatNames.has(name)) return false;
    if (this.chatNames.size === 0) return members.has(name);
    return true;
  }

  /** Adds the names that notices quote to the chat's names; call once, before isMember. */
  settle(): void {
    for (const name of this.quoted) if (this.names.has(name)) this.chatNames.add(name);
  }
}

class MessageBuilder {
  readonly messages: ChatMessage[] = [];
  readonly authors = new Set<string>();
  private readonly authorCache: AuthorCache = new Map();
  // Raw author segments seen before (`‪+49 151…‬`, `~ Nina`) and their clean names: a line that
  // starts with one of them followed by `: ` needs no splitting, slicing or lookup.
  private readonly knownRaw: string[] = [];
  private readonly knownName: string[] = [];
  private nextMarkedColon = -1;
  private undecided: UndecidedLines | null = null;
  private dayKey = -1;
  private isoPrefix = '';
  private displayPrefix = '';

  constructor(
    private readonly text: string,
    private readonly table: EntryTable,
  ) {}

  private knownAuthorAt(at: number, firstEnd: number, ios: boolean): number {
    const { text, knownRaw } = this;
    for (let j = 0; j < knownRaw.length; j++) {
      const raw = knownRaw[j] as string;
      const colon = at + raw.length;
      if (colon + 2 > firstEnd || text.charCodeAt(colon) !== 58 || text.charCodeAt(colon + 1) !== 32)
        continue;
      if (!text.startsWith(raw, at)) continue;
      // iOS marks system and media lines with U+200E (`Group: ‎text`): those take the full path.
      if (ios && (isMark(text.charCodeAt(colon + 2)) || this.markedColonBefore(colon, firstEnd))) return -1;
      return j;
    }
    return -1;
  }

  /**
   * Whether `: ‎` occurs in [from, to). Messages come in text order, so remembering the next
   * occurrence keeps the search linear over the whole file.
   */
  private markedColonBefore(from: number, to: number): boolean {
    if (this.nextMarkedColon < from) {
      const found = this.text.indexOf(': \u200e', from);
      this.nextMarkedColon = found < 0 ? this.text.length : found;
    }
    return this.nextMarkedColon < to;
  }

  private setDay(y: number, m: number, d: number): void {
    const dayKey = (y * 16 + m) * 32 + d;
    if (dayKey === this.dayKey) return;
    this.dayKey = dayKey;
    this.isoPrefix = isoDatePrefix(y, m, d);
    this.displayPrefix = displayDatePrefix(y, m, d);
  }

  add(k: number, y: number, m: number, d: number, end: number): void {
    const { text, table } = this;
    this.setDay(y, m, d);
    const clock = table.clock(k);
    const h = Math.floor(clock / 3600);
    const min = Math.floor(clock / 60) % 60;
    const datetime = this.displayPrefix + hourMinute(h, min);
    const date = this.isoPrefix + clockTime(h, min, clock % 60);
    const rest = table.rest(k);
    const firstEnd = table.lineEnd(k);
    const ios = table.bracket(k);
    let author: string | null;
    let body: string;
    let split: SplitLine | null = null;
    const known = this.knownAuthorAt(rest, firstEnd, ios);
    if (known >= 0) {
      author = this.knownName[known] as string;
      body = text.slice(rest + (this.knownRaw[known] as string).length + 2, end).trimEnd();
    } else {
      const whole = text.slice(rest, end).trimEnd();
      split = splitAuthor(whole, ios, this.authorCache, firstEnd - rest);
      author = split.author;
      body = split.text;
      const rawLength = split.rawLength ?? -1;
      if (author !== null && rawLength > 0 && this.knownRaw.length < MAX_KNOWN_AUTHORS) {
        this.knownRaw.push(whole.slice(0, rawLength));
        this.knownName.push(author);
      }
    }
    if (body.length > MESSAGE_TEXT_MAX) body = cutToLimit(body);
    const first = this.messages.length === 0;
    if (author === null) {
      if (ios && split?.speaker) this.evidence().noteSystem(split.speaker, body);
      this.messages.push(blankMessage('system', body, datetime, date));
      return;
    }
    const message = blankMessage(author, body, datetime, date);
    const leadingMark = ios && isMark(text.charCodeAt(table.lineStart(k)));
    applyBody(message, body, leadingMark);
    if (ios) {
      if (split?.undecided) {
        this.evidence().add(this.messages.length, author, body, leadingMark, first);
        this.messages.push(message);
        return;
      }
      if (!split?.marked && message.attachment === null && message.omitted_media === null) {
        const evidence = this.evidence();
        evidence.plainLines++;
        if (leadingMark) evidence.plainLinesWithLeadingMark++;
      }
    }
    this.messages.push(message);
    this.authors.add(author);
  }

  private evidence(): UndecidedLines {
    this.undecided ??= new UndecidedLines();
    return this.undecided;
  }

  /** Settles the iOS lines left undecided; authors stay in order of first appearance. */
  finish(): void {
    const u = this.undecided;
    if (!u || u.index.length === 0) return;
    const { messages } = this;
    u.settle();
    let members = 0;
    for (let k = 0; k < u.index.length; k++) {
      const at = u.index[k] as number;
      const message = messages[at] as ChatMessage;
      if (u.isMember(k, message.author, this.authors)) {
        members++;
        continue;
      }
      messages[at] = blankMessage('system', u.text[k] as string, message.datetime, message.date);
    }
    if (members === 0) return;
    this.authors.clear();
    for (const message of messages) if (message.author !== 'system') this.authors.add(message.author);
  }
}

/**
 * Calls `visit` with every line that opens a message and its date, in order. A line with an impossible
 * date is no message start: it stays in the text of the one above.
 */
function eachMessageStart(
  table: EntryTable,
  dayFirst: boolean,
  referenceYear: number | undefined,
  visit: (k: number, y: number, m: number, d: number) => void,
): void {
  let yearless = -1;
  for (let k = 0; k < table.count; k++) {
    const p1 = table.p1(k);
    const p2 = table.p2(k);
    const p3 = table.p3(k);
    const yearFirst = table.yearFirst(k);
    let y = yearFirst ? p1 : p3 < 100 ? 2000 + p3 : p3;
    if (y < 0) {
      if (yearless < 0) yearless = yearOfYearless(table, referenceYear);
      y = yearless;
    }
    let m = yearFirst || dayFirst ? p2 : p1;
    let d = yearFirst ? p3 : dayFirst ? p1 : p2;
    if (m > 12 && d <= 12) [m, d] = [d, m];
    if (isValidDate(y, m, d)) visit(k, y, m, d);
  }
}

/** parseChat without its safety net; exported for the tests that prove the net is never needed. */
export function parseChatStrict(text: string, options: ParseOptions = {}): ParsedChat {
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');
  const table = collectEntries(text);
  const dayFirst = decideDayFirst(table, options.dayFirst);
  const { maxMessages } = options;
  if (maxMessages !== undefined && table.count > maxMessages) {
    // Counted before any message is built, so a huge file costs no memory for messages it cannot keep.
    let count = 0;
    eachMessageStart(table, dayFirst, options.referenceYear, () => count++);
    if (count > maxMessages)
      return { messages: [], total_msgs: count, unique_authors: [], day_first: dayFirst };
  }
  const builder = new MessageBuilder(text, table);
  let pending = -1;
  let py = 0;
  let pm = 0;
  let pd = 0;
  eachMessageStart(table, dayFirst, options.referenceYear, (k, y, m, d) => {
    if (pending >= 0) builder.add(pending, py, pm, pd, table.lineStart(k) - 1);
    pending = k;
    py = y;
    pm = m;
    pd = d;
  });
  if (pending >= 0) builder.add(pending, py, pm, pd, text.length);
  builder.finish();
  const { messages, authors } = builder;
  return { messages, total_msgs: messages.length, unique_authors: [...authors], day_first: dayFirst };
}

/** Parses the text of a WhatsApp export. Never throws: unreadable input yields fewer messages. */
export function parseChat(text: string, options?: ParseOptions): ParsedChat {
  try {
    return parseChatStrict(typeof text === 'string' ? text : String(text ?? ''), options ?? {});
  } catch {
    return { messages: [], total_msgs: 0, unique_authors: [], day_first: options?.dayFirst === true };
  }
}
