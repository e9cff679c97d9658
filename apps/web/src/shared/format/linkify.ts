export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

// http(s) URLs and bare www. addresses; stops at whitespace and at characters that never end a URL in chat text.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,!?;:'"*_~]$/;

/** Drops punctuation that closes the sentence rather than the URL (a `)` only when unbalanced). */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    if (TRAILING.test(url)) url = url.slice(0, -1);
    else if (url.endsWith(')') && count(url, '(') < count(url, ')')) url = url.slice(0, -1);
    else return url;
  }
}

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

/** A safe http(s) address for the text, or null (e.g. `http://` alone). */
function toHref(text: string): string | null {
  try {
    const url = new URL(/^www\./i.test(text) ? `https://${text}` : text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits chat text into plain text and links; the viewer renders the parts as React nodes, never as HTML. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    const href = toHref(url);
    if (!href) continue;
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    parts.push({ type: 'link', text: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}
