import {
  EDITED_TEXTS,
  endsWithDocumentMarker,
  isAttachedLabel,
  isKnownSystemNotice,
  isMediaPlaceholder,
  isOmittedKind,
  wholeTextMarker,
} from './marker-index';
import type { OmittedMedia } from './types';

// What a message text says about itself: a marker WhatsApp wrote (marker-table.json), or one of the
// shapes that need no table (a map link, an iOS file reference). README "Markers and system lines".

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TRAIL = '[\\s\\u200e\\u200f]*$';
const EDITED_RE = new RegExp(`^<(?:${EDITED_TEXTS.map(escapeRegex).join('|')})\\.?>${TRAIL}`, 'i');

// Android writes one placeholder for every kind: `<Media omitted>`, `<Medien ausgeschlossen>`,
// `<Média elhagyva>`, … Beyond the table's exact texts, a whole line in angle brackets holding one of
// these words counts, so a plain message can hardly be mistaken for one.
const MEDIA_WORDS = [
  'media',
  'medien',
  'médias',
  'média',
  'médiá',
  'mídia',
  'multimedia',
  'multimèdia',
  'multivide',
  'mediefil',
  'medier',
  'medij',
  'meedia',
  'medya',
  'медиа',
  'медіа',
  'медиј',
  'πολυμέσ',
  'מדיה',
  'الوسائط',
  'رسانه',
  'میڈیا',
  'मीडिया',
  'মিডিয়া',
  'メディア',
  '多媒体',
  '多媒體',
  '影音',
  '미디어',
  'สื่อ',
  'phương tiện',
];
const ANDROID_MEDIA_WORD_RE = new RegExp(MEDIA_WORDS.map(escapeRegex).join('|'), 'i');
// `<Media omitted>`, and the older iOS `‹‎audio omitted>` / `‹‎attached>` (U+2039 opening).
const BRACKETED = /^[\s\u200e\u200f]*[<\u2039]([^<>\u2039]{1,80})>[\s\u200e\u200f]*$/;

/** The content without a trailing "edited" marker, or null when there is none. */
export function stripEdited(content: string): string | null {
  let end = content.length;
  while (end > 0 && content.charCodeAt(end - 1) <= 32) end--;
  if (content.charCodeAt(end - 1) !== 62) return null; // >
  const open = content.lastIndexOf('<', end);
  if (open < 0 || !EDITED_RE.test(content.slice(open))) return null;
  return content.slice(0, open).replace(/[\s\u200e\u200f]+$/, '');
}

/**
 * The kind of media a placeholder stands for, or null when the text is no placeholder. `kind` is
 * wholeTextMarker(content) when the caller has it already; `afterTitle` false skips the look for a
 * document marker after a title (iOS marks such lines with U+200E before the `[`).
 */
export function detectOmitted(
  content: string,
  kind = wholeTextMarker(content),
  afterTitle = true,
): OmittedMedia | null {
  if (kind) return isOmittedKind(kind) ? kind : null;
  let end = content.length;
  while (end > 0 && content.charCodeAt(end - 1) <= 32) end--;
  if (content.charCodeAt(end - 1) === 62) {
    // >
    const inner = end <= 124 ? BRACKETED.exec(content)?.[1] : undefined;
    // `<attached: file.jpg>` is a file reference, no placeholder.
    if (!inner || inner.includes(':')) return null;
    const named = wholeTextMarker(inner);
    if (named) return isOmittedKind(named) ? named : null;
    if (isMediaPlaceholder(inner) || isAttachedLabel(inner)) return 'media';
    return content.trimStart().startsWith('<') && inner.length <= 60 && ANDROID_MEDIA_WORD_RE.test(inner)
      ? 'media'
      : null;
  }
  return afterTitle && endsWithDocumentMarker(content) ? 'document' : null;
}

// `Location: https://maps.google.com/?q=…` in any language: a short label, a colon, a map link.
const MAP_LINK =
  /^[^\s:<>]{1,30}(?: [^\s:<>]{1,30}){0,2}: ?(?:https?:\/\/)?(?:maps\.google\.[a-z.]+|www\.google\.[a-z.]+\/maps|maps\.apple\.com|maps\.app\.goo\.gl|goo\.gl\/maps|foursquare\.com)\//i;
const IOS_REFERENCE = /^[^<>]{0,200}<[^<>:]{1,30}: ?[^<>]+\.\w{1,5}>/;

/**
 * Whether a text that iOS marked with U+200E (`Name: ‎text`) is a member's message by its own shape:
 * a marker of the table, a map link, a file reference. System notices carry the same mark.
 */
export function isMemberMarker(text: string): boolean {
  const kind = wholeTextMarker(text);
  if (kind) return true;
  if (MAP_LINK.test(text) || IOS_REFERENCE.test(text)) return true;
  return detectOmitted(text, null) !== null;
}

export { isKnownSystemNotice, wholeTextMarker };
