const ELLIPSIS = '…';
// An extension longer than this is more likely part of the name ("notes.final-version") than a type.
const MAX_EXTENSION = 8;

/**
 * A file name cut to at most `max` characters that still shows what kind of file it is: the middle
 * of the base name gives way to "…" and the extension stays ("invoice-2024-…-march.pdf").
 * Names within `max` come back unchanged; show the full name beside it (a `title`) when cut.
 */
export function shortFileName(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  const keep = extension.length > 1 && extension.length <= MAX_EXTENSION ? extension : [];
  const base = chars.slice(0, chars.length - keep.length);
  const room = max - keep.length - 1;
  if (room < 2) return `${chars.slice(0, Math.max(max - 1, 1)).join('')}${ELLIPSIS}`;
  const head = Math.ceil(room / 2);
  const tail = room - head;
  return `${base.slice(0, head).join('')}${ELLIPSIS}${base.slice(base.length - tail).join('')}${keep.join('')}`;
}
