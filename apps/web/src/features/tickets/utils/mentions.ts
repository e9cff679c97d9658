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

// What may follow a mention's name: the end of the note, a space or line break, punctuation or a symbol.
const AFTER_NAME = /^(?:$|[\s\p{P}\p{S}])/u;

/**
 * The chosen members whose "@Name" is still in the note when it is sent (a deleted mention tells nobody).
 * A name counts only as a whole: followed by the end, whitespace or punctuation ("@Ann" is not in
 * "@Annabel"), and each "@" is read as the longest chosen name it starts ("@Ann Lee" mentions Ann Lee, not
 * also Ann). Members of the same name are all told: the note cannot say which one was meant.
 */
export function mentionedIds(body: string, chosen: readonly Mentionable[]): number[] {
  const names = [...new Set(chosen.map((member) => member.name))].sort((a, b) => b.length - a.length);
  const found = new Set<string>();
  for (let at = body.indexOf('@'); at !== -1; at = body.indexOf('@', at + 1)) {
    const name = names.find(
      (candidate) =>
        body.startsWith(candidate, at + 1) && AFTER_NAME.test(body.slice(at + 1 + candidate.length)),
    );
    if (name !== undefined) found.add(name);
  }
  const ids = chosen.filter((member) => found.has(member.name)).map((member) => member.id);
  return [...new Set(ids)];
}
