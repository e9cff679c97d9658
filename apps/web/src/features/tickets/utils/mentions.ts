export interface Mentionable {
  id: number;
  name: string;
}

/**
 * The "@word" being typed just before the caret (at the start or after a space or line break): what the
 * mention list searches for, and where it starts. Null when the caret is not in one.
 */
export function mentionQuery(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]*)$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { query, start: caret - query.length - 1 };
}

/** Members whose name contains the query (case-insensitive), at most `limit`. */
export function matchMembers(members: readonly Mentionable[], query: string, limit = 8): Mentionable[] {
  const needle = query.toLowerCase();
  return members.filter((member) => member.name.toLowerCase().includes(needle)).slice(0, limit);
}

/** The text with "@Name " in place of the "@word" typed from `start` to `caret`, and the caret after it. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  member: Mentionable,
): { text: string; caret: number } {
  const inserted = `@${member.name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/** The chosen members whose "@Name" is still in the note when it is sent (a deleted mention tells nobody). */
export function mentionedIds(body: string, chosen: readonly Mentionable[]): number[] {
  const ids = chosen.filter((member) => body.includes(`@${member.name}`)).map((member) => member.id);
  return [...new Set(ids)];
}
