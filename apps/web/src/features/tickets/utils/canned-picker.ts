import type { CannedReply } from '@wadesk/contract';

/**
 * What follows a `/` typed at the very start of the reply, while it could still be a shortcut (letters,
 * digits, "-" and "_" only); null when the picker should be closed.
 */
export function slashQuery(text: string): string | null {
  const match = /^\/([a-z0-9_-]*)$/i.exec(text);
  return match ? (match[1] ?? '').toLowerCase() : null;
}

/** Canned replies whose shortcut starts with the query first, then those containing it. */
export function matchCanned(replies: CannedReply[], query: string): CannedReply[] {
  const starts = replies.filter((r) => r.shortcut.startsWith(query));
  const contains = replies.filter((r) => !r.shortcut.startsWith(query) && r.shortcut.includes(query));
  return [...starts, ...contains];
}
