// Links: `http(s)://…` and `www.…` up to the next space or angle bracket, without trailing
// punctuation (`see https://a.io/x.` ends before the dot, an unmatched `)` is dropped).

const LINK = /(?<![\p{L}\p{N}_@.])(?:https?:\/\/|www\.)[^\s<>"]+/giu;
const TRAILING = new Set([46, 44, 59, 58, 33, 63, 39, 42, 95, 0x2026]); // . , ; : ! ? ' * _ …

function trimmedEnd(text: string, start: number, end: number): number {
  let e = end;
  for (;;) {
    const c = text.charCodeAt(e - 1);
    if (TRAILING.has(c)) e--;
    else if (c === 41 && !text.slice(start, e).includes('('))
      e--; // )
    else return e;
  }
}

/** Lower-case host without `www.` and port, '' when there is none; the key of link domains. */
export function normaliseDomain(hostOrUrl: string): string {
  let s = hostOrUrl.trim();
  const scheme = s.indexOf('://');
  if (scheme >= 0) s = s.slice(scheme + 3);
  let end = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 47 || c === 63 || c === 35 || c === 92) {
      end = i; // / ? # \
      break;
    }
  }
  let host = s.slice(s.lastIndexOf('@', end) + 1, end);
  const port = host.indexOf(':');
  if (port >= 0) host = host.slice(0, port);
  host = host.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  return /[\p{L}\p{N}]/u.test(host) ? host : '';
}

/**
 * Calls `onLink(start, end, domain)` for every link of `text` that names a host, in order.
 * The regex is shared, so calls must not nest.
 */
export function forEachLink(
  text: string,
  onLink: (start: number, end: number, domain: string) => void,
): void {
  LINK.lastIndex = 0;
  for (let match = LINK.exec(text); match !== null; match = LINK.exec(text)) {
    const start = match.index;
    const end = trimmedEnd(text, start, start + match[0].length);
    const scheme = match[0].indexOf('://');
    if (end - start <= (scheme < 0 ? 4 : scheme + 3)) continue;
    const domain = normaliseDomain(text.slice(start, end));
    if (domain) onLink(start, end, domain);
  }
}
