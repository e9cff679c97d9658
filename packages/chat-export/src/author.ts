import { isMark, removeMarks, stripLeadingMarks } from './chars';
import { isUserMediaText } from './markers';

/**
 * Who wrote a line, decided by its shape (see README "Authors and system lines").
 *
 * A line has an author when its text holds `: ` and the part before the first `: ` looks like a
 * name: 1–64 characters, no quotation marks, none of the phrases of system lines. System lines that
 * hold `: ` get it from quoted user text (`Alice changed the subject from "a: b" to "c"`), so the
 * quotes give them away. iOS writes system lines as `Group name: ‎text` with U+200E before the text;
 * that mark also precedes media texts (`‎image omitted`, `‎<attached: …>`), which keep their author.
 */
export interface SplitLine {
  author: string | null;
  text: string;
  /** Length of the raw author segment when the text simply follows it after `: `, else -1. */
  rawLength?: number;
}

/** Raw author segment → cleaned name, or '' when the segment is no name. */
export type AuthorCache = Map<string, string>;

const MAX_AUTHOR = 64;
const QUOTES = /["“”„«»「」『』]/;
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
  if (candidate.length === 0 || candidate.length > MAX_AUTHOR || QUOTES.test(candidate)) return false;
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

function splitIos(body: string, idx: number, firstLen: number, cache: AuthorCache | undefined): SplitLine {
  const text = body.slice(idx + 2);
  if (startsWithMark(text)) {
    const rest = stripLeadingMarks(text.trimStart());
    return isUserMediaText(rest) ? { author: body.slice(0, idx), text: rest } : { author: null, text: rest };
  }
  // A group name holding `: ` itself: `Team: Berlin: ‎Alice added Bob`.
  const marked = body.indexOf(': \u200e', idx + 2);
  if (marked > 0 && marked < firstLen && marked <= 4 * MAX_AUTHOR && nameOf(body.slice(0, marked), cache)) {
    const rest = stripLeadingMarks(body.slice(marked + 2));
    if (!isUserMediaText(rest)) return { author: null, text: rest };
  }
  return { author: body.slice(0, idx), text };
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
  if (idx < 0 && firstLen > 0 && body.charCodeAt(firstLen - 1) === 58) {
    idx = firstLen - 1;
    skip = 1;
  }
  if (idx <= 0) return { author: null, text: stripLeadingMarks(body) };
  const split = ios
    ? splitIos(body, idx, firstLen, cache)
    : { author: body.slice(0, idx), text: body.slice(idx + skip) };
  if (split.author === null) return split;
  const author = nameOf(split.author, cache);
  if (!author) return { author: null, text: stripLeadingMarks(body) };
  const plain = skip === 2 && split.text.length === body.length - idx - 2;
  return { author, text: split.text, rawLength: plain ? idx : -1 };
}
