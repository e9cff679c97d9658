import { isMark, removeMarks, stripLeadingMarks } from './chars';
import { isKnownSystemNotice, isMemberMarker } from './markers';

/**
 * Who wrote a line, decided by its shape (see README "Authors and system lines").
 *
 * A line has an author when its text holds `: ` and the part before the first `: ` looks like a
 * name: 1–64 characters, quotation marks only in pairs, none of the phrases of system lines. System
 * lines that hold `: ` get it from quoted user text (`Alice changed the subject from "a: b" to "c"`),
 * so an unclosed quote gives them away. iOS writes system lines as `Group name: ‎text` with U+200E before the text;
 * that mark also precedes media texts (`‎image omitted`, `‎<attached: …>`), which keep their author.
 */
export interface SplitLine {
  author: string | null;
  text: string;
  /** Length of the raw author segment when the text simply follows it after `: `, else -1. */
  rawLength: number;
  /** iOS: the text carried U+200E, as system notices and media texts do. */
  marked: boolean;
  /**
   * iOS: a marked text that is neither a known marker nor a known notice. The author is provisional;
   * the parser decides once it has read the whole file (README "Markers and system lines").
   */
  undecided: boolean;
  /** iOS: the name a known system notice was written under, which is the chat's own name; else ''. */
  speaker: string;
}

// Every result has the same shape, so the parser's hot loop reads its fields from one hidden class.
function line(
  author: string | null,
  text: string,
  marked = false,
  undecided = false,
  speaker = '',
): SplitLine {
  return { author, text, rawLength: -1, marked, undecided, speaker };
}

/** Raw author segment → cleaned name, or '' when the segment is no name. */
export type AuthorCache = Map<string, string>;

const MAX_AUTHOR = 64;
// A name may hold a nickname in quotes (`Thandi "Twin Thandi" Tshabalala`); a system line's `: ` is
// inside a quote (`Alice changed the subject from "a: b" to "c"`), so the part before it holds an odd
// number of quotation marks.
const QUOTE = /["“”„«»「」『』]/g;

function quotesBalanced(s: string): boolean {
  return (s.match(QUOTE)?.length ?? 0) % 2 === 0;
}
const SYSTEM_PHRASES = [
  'end-to-end',
  'ende-zu-ende',
  'extremo a extremo',
  'de bout en bout',
  'crittografia end',
  'changed the subject',
  'changed the group',
  'changed this group',
  'created group',
  'created this group',
  ' added ',
  ' removed ',
  'joined using',
  'security code',
  'changed their phone number',
  'changed to',
  'hat den betreff',
  'hat die gruppe',
  'cambió el asunto',
  'creó el grupo',
  'a modifié le sujet',
  'a créé le groupe',
  'ha cambiato l',
  'ha creato il gruppo',
  'mudou o assunto',
  'criou o grupo',
  'heeft de groep',
  'изменил',
  'создал',
];

function looksLikeName(candidate: string): boolean {
  if (candidate.length === 0 || candidate.length > MAX_AUTHOR || !quotesBalanced(candidate)) return false;
  const lower = candidate.toLowerCase();
  return !SYSTEM_PHRASES.some((phrase) => lower.includes(phrase));
}

/** Removes direction marks (phone numbers come wrapped in U+202A…U+202C) and the `~ ` of non-contacts. */
export function cleanAuthor(raw: string): string {
  let name = removeMarks(raw)
    .replace(/[\u00a0\u202f]/g, ' ')
    .trim();
  if (name.startsWith('~')) name = name.slice(1).trim();
  return name;
}

function nameOf(raw: string, cache: AuthorCache | undefined): string {
  let name = cache?.get(raw);
  if (name === undefined) {
    const cleaned = raw.length > 4 * MAX_AUTHOR ? '' : cleanAuthor(raw);
    name = looksLikeName(cleaned) ? cleaned : '';
    cache?.set(raw, name);
  }
  return name;
}

function startsWithMark(text: string): boolean {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) === 32) i++;
  return i < text.length && isMark(text.charCodeAt(i));
}

function markedText(raw: string, text: string): SplitLine {
  if (isMemberMarker(text)) return line(raw, text, true);
  if (isKnownSystemNotice(text)) return line(null, text, true, false, raw);
  return line(raw, text, true, true);
}

function splitIos(body: string, idx: number, firstLen: number, cache: AuthorCache | undefined): SplitLine {
  const text = body.slice(idx + 2);
  if (startsWithMark(text)) return markedText(body.slice(0, idx), stripLeadingMarks(text.trimStart()));
  // A group name holding `: ` itself: `Team: Berlin: ‎Alice added Bob`.
  const marked = body.indexOf(': \u200e', idx + 2);
  if (marked > 0 && marked < firstLen && marked <= 4 * MAX_AUTHOR && nameOf(body.slice(0, marked), cache)) {
    const rest = stripLeadingMarks(body.slice(marked + 2));
    if (!isMemberMarker(rest)) return line(null, rest, true, false, body.slice(0, marked));
  }
  return line(body.slice(0, idx), text);
}

/**
 * Splits a message text (everything after the date) into author and text; author null for system
 * lines. The author can only be on the first line, which is `firstLen` long.
 */
export function splitAuthor(
  body: string,
  ios: boolean,
  cache?: AuthorCache,
  firstLen = body.length,
): SplitLine {
  let idx = body.indexOf(': ');
  if (idx + 2 > firstLen) idx = -1;
  let skip = 2;
  // `Luke:` with nothing after the colon: Luke's message with empty content.
  const firstEnd = Math.min(firstLen, body.length);
  if (idx < 0 && firstEnd > 0 && body.charCodeAt(firstEnd - 1) === 58) {
    idx = firstEnd - 1;
    skip = 1;
  }
  if (idx <= 0) return line(null, stripLeadingMarks(body));
  const split = ios ? splitIos(body, idx, firstLen, cache) : line(body.slice(0, idx), body.slice(idx + skip));
  if (split.author === null) {
    if (split.speaker) split.speaker = nameOf(split.speaker, cache);
    return split;
  }
  const author = nameOf(split.author, cache);
  if (!author) return line(null, stripLeadingMarks(body));
  split.author = author;
  if (skip === 2 && split.text.length === body.length - idx - 2) split.rawLength = idx;
  return split;
}
