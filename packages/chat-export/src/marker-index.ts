import { isMark, isSpace } from './chars';
import table from './marker-table.json';
import { OMITTED_MEDIA, type OmittedMedia } from './types';

// Lookups built once from marker-table.json (README "Markers and system lines"). The table is data:
// adding a language is adding rows there, not code here.

/** What a whole message text that is a marker stands for. */
export type MarkerKind = OmittedMedia | 'deleted' | 'missed_call' | 'live_location';

type Row = [language: string, kind: string, text: string, source: string];
const ROWS = table.rows as Row[];

const OMITTED_KINDS = new Set<string>(OMITTED_MEDIA);
// Kinds a whole message text can be (`media` is only ever written inside `<…>`).
const WHOLE_TEXT_KINDS = new Set<string>(['deleted', 'missed_call', 'live_location', ...OMITTED_KINDS]);
WHOLE_TEXT_KINDS.delete('media');

/** Whether a marker stands for left-out media, and so is an `omitted_media` value. */
export function isOmittedKind(kind: MarkerKind): kind is OmittedMedia {
  return OMITTED_KINDS.has(kind);
}

const TRAILING_STOPS = /[.。।۔\s]+$/;

const MARK_OR_WIDE_SPACE = /[\u200e\u200f\ufeff\u061c\u202a-\u202e\u2066-\u2069\u00a0\u202f]/;
const MARKS = /[\u200e\u200f\ufeff\u061c\u202a-\u202e\u2066-\u2069]/g;
const WIDE_SPACES = /[\u00a0\u202f]/g;

/** Lower case, no direction marks, no trailing full stop: the form both sides are compared in. */
export function markerKey(text: string): string {
  const plain = MARK_OR_WIDE_SPACE.test(text) ? text.replace(MARKS, '').replace(WIDE_SPACES, ' ') : text;
  return plain.trim().replace(TRAILING_STOPS, '').toLowerCase();
}

function lowerAscii(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/**
 * Length, first and last code unit of a key folded into one small integer, so an ordinary message is
 * turned away by one set lookup, without allocating. Collisions only cost a full comparison.
 */
function signature(length: number, first: number, last: number): number {
  return ((length * 0x3fff + first) * 0x3fff + last) & 0x3fffffff;
}

const WHOLE = new Map<string, MarkerKind>();
const WHOLE_SIGNATURES = new Set<number>();
const DOCUMENT_LAST = new Set<number>();
const DOCUMENT_SIGNATURES = new Set<number>();
const ATTACHED = new Set<string>();
const MEDIA_INNER = new Set<string>();
const EDITED: string[] = [];
const SYSTEM: string[][] = [];

for (const [, kind, text] of ROWS) {
  const key = markerKey(text);
  if (!key) continue;
  if (WHOLE_TEXT_KINDS.has(kind)) {
    WHOLE.set(key, kind as MarkerKind);
    const last = key.charCodeAt(key.length - 1);
    // Both cases of the first character: the key is lower case, a message may not be.
    const first = key.charCodeAt(0);
    const upper = key[0]?.toUpperCase().charCodeAt(0) ?? first;
    WHOLE_SIGNATURES.add(signature(key.length, first, last));
    WHOLE_SIGNATURES.add(signature(key.length, upper, last));
    if (kind === 'document') {
      DOCUMENT_LAST.add(last);
      DOCUMENT_SIGNATURES.add(signature(key.length, first, last));
      DOCUMENT_SIGNATURES.add(signature(key.length, upper, last));
    }
  } else if (kind === 'media') MEDIA_INNER.add(key);
  else if (kind === 'attached') ATTACHED.add(key);
  else if (kind === 'edited') EDITED.push(key);
  else if (kind === 'system') SYSTEM.push(key.split('%s'));
}

/** Edited markers without their angle brackets, lower case. */
export const EDITED_TEXTS: readonly string[] = EDITED;

function isTrailing(c: number): boolean {
  if (c > 46 && c < 0x80) return false;
  return c <= 32 || c === 46 || isSpace(c) || isMark(c) || c === 0x3002 || c === 0x964 || c === 0x6d4;
}

function isLeading(c: number): boolean {
  return c > 32 && c < 0x80 ? false : isSpace(c) || isMark(c) || c <= 32;
}

/** The marker a whole text is, or null. Cheap for ordinary messages: a few reads and a set lookup. */
export function wholeTextMarker(text: string): MarkerKind | null {
  if (text.length > 96) return null;
  let start = 0;
  let end = text.length;
  while (end > 0 && isTrailing(text.charCodeAt(end - 1))) end--;
  while (start < end && isLeading(text.charCodeAt(start))) start++;
  const length = end - start;
  if (length < 3 || length > 64) return null;
  const last = lowerAscii(text.charCodeAt(end - 1));
  if (!WHOLE_SIGNATURES.has(signature(length, text.charCodeAt(start), last))) return null;
  return WHOLE.get(markerKey(text.slice(start, end))) ?? null;
}

/**
 * iOS writes a left-out document after its title, with a direction mark before the marker:
 * `Report.pdf • ‎3 pages ‎document omitted`. True when the text ends so.
 */
export function endsWithDocumentMarker(text: string): boolean {
  let end = text.length;
  while (end > 0 && isTrailing(text.charCodeAt(end - 1))) end--;
  if (end === 0 || text.length > 400) return false;
  const last = lowerAscii(text.charCodeAt(end - 1));
  if (!DOCUMENT_LAST.has(last)) return false;
  const mark = Math.max(text.lastIndexOf('\u200e', end - 1), text.lastIndexOf('\u200f', end - 1));
  if (mark <= 0 || !DOCUMENT_SIGNATURES.has(signature(end - mark - 1, text.charCodeAt(mark + 1), last)))
    return false;
  return WHOLE.get(markerKey(text.slice(mark + 1, end))) === 'document';
}

/** Whether the text inside `<…>` is one of Android's "media omitted" placeholders. */
export function isMediaPlaceholder(inner: string): boolean {
  return inner.length <= 60 && MEDIA_INNER.has(markerKey(inner));
}

/** Whether a label in parentheses after a file name is Android's "file attached" in some language. */
export function isAttachedLabel(label: string): boolean {
  return label.length <= 60 && ATTACHED.has(markerKey(label));
}

/**
 * Whether a text is one of the system notices in the table. `%s` stands for any text (a name, a
 * quoted subject); a template that does not end with `%s` must end the text.
 */
export function isKnownSystemNotice(text: string): boolean {
  if (text.length > 1000) return false;
  const key = markerKey(text);
  for (const parts of SYSTEM) if (matchesTemplate(key, parts)) return true;
  return false;
}

function matchesTemplate(key: string, parts: string[]): boolean {
  const first = parts[0] as string;
  if (!key.startsWith(first)) return false;
  let at = first.length;
  const lastIndex = parts.length - 1;
  for (let p = 1; p <= lastIndex; p++) {
    const part = parts[p] as string;
    if (!part) continue;
    const found = p === lastIndex ? key.length - part.length : key.indexOf(part, at);
    if (found < at || !key.startsWith(part, found)) return false;
    at = found + part.length;
  }
  return true;
}
