import * as contract from '@wadesk/contract';
import { describe, expect, it } from 'vitest';

/*
 * A lint for the texts the server sends (the contract's `…Messages` tables): each is a sentence in sentence
 * case that ends with a full stop or a question mark, in one voice with the rest of the product. The
 * specification's own texts are exempt: they stay exactly as written (spec-texts.test.ts keeps them).
 */

/** The specification's texts in the tables (docs/web-structure.md, One voice): exempt from the rules, never reworded. */
const SPEC_TEXTS = new Set<string>([
  'Please enter a valid name for your chat!',
  'Password must be 6 or more characters long',
  'First Name must be 3 or more characters long.',
  'Fill the details corretly',
  'No session id passed',
  'sessionId is not available',
]);

/**
 * Texts of tables another change is rewriting (groups.ts, replies.ts): listed so this test passes meanwhile,
 * and checked to still break a rule, so each line goes once its text is fixed.
 */
const PENDING = new Set<string>([
  'groupMessages.noGroupId',
  'composerMessages.noGroupId',
  'groupMessages.noMessageId',
  'groupMessages.sessionNotFound',
  'groupMessages.groupNotFound',
  'groupMessages.noMode',
  'groupMessages.modeInvalid',
  'groupMessages.messageNotFound',
  'replyMessages.ticketNotFound',
  'replyMessages.cannedNotFound',
  'replyMessages.cannedDeleted',
  'replyMessages.replyNotFound',
]);

/** Words that keep their capital inside a sentence: names, abbreviations, and the app's own labels. */
const PROPER = new Set([
  'WhatsApp',
  'Google',
  'QR',
  'ID',
  'IDs',
  'ISO',
  'Android',
  'iPhone',
  'Resend',
  'Open',
  'Pending',
  'Closed',
  'In',
  'Progress',
  'Previous',
  'Chats',
  // Screens, by the names the menu gives them.
  'Dashboard',
  'Sessions',
  'Agents',
  'Members',
  'Inbox',
  'Settings',
]);

/** What a function that takes no count is tried with: each of its values. */
const ARGUMENTS: Record<string, unknown[][]> = {
  'composerMessages.tooLarge': Object.keys(contract.COMPOSER_LIMITS).map((kind) => [kind]),
};

/** Every text of every table; a text made by a function is tried with 1 and with 2 (or its ARGUMENTS). */
function tableTexts(): [string, string][] {
  const texts: [string, string][] = [];
  for (const [table, value] of Object.entries(contract)) {
    if (!table.endsWith('Messages') || typeof value !== 'object' || value === null) continue;
    for (const [key, text] of Object.entries(value as Record<string, unknown>)) {
      const name = `${table}.${key}`;
      if (typeof text === 'string') texts.push([name, text]);
      else if (typeof text === 'function') {
        for (const args of ARGUMENTS[name] ?? [
          [1, '4 MB'],
          [2, '4 MB'],
        ]) {
          const made = (text as (...args: unknown[]) => unknown)(...args);
          if (typeof made === 'string') texts.push([name, made]);
        }
      }
    }
  }
  return texts;
}

/** What is wrong with a text, or null. */
export function voiceProblem(text: string): string | null {
  if (!/^[A-Z0-9]/.test(text)) return 'does not start with a capital letter';
  if (!/[.?]["”)]?$/.test(text)) return 'does not end with a full stop or a question mark';
  // Quoted words are names of buttons and examples; a word after a sentence's end starts a sentence.
  const words = text
    .replace(/"[^"]*"|“[^”]*”/g, 'x')
    .split(/\s+/)
    .map((word, index, all) => ({ word, starts: index === 0 || /[.:;?!]$/.test(all[index - 1] ?? '') }));
  const capital = words.find(
    ({ word, starts }) => !starts && /^[A-Z][a-z]/.test(word) && !PROPER.has(word.replace(/[^A-Za-z]/g, '')),
  );
  return capital ? `is in title case ("${capital.word}")` : null;
}

describe("the contract's message tables", () => {
  const texts = tableTexts();

  it('finds the tables', () => {
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.map(([name]) => name)).toContain('agentMessages.nameRequired');
  });

  it('are sentences: a capital first, no title case, a full stop or question mark last', () => {
    const problems = texts
      .filter(([name, text]) => !SPEC_TEXTS.has(text) && !PENDING.has(name))
      .map(([name, text]) => [name, text, voiceProblem(text)])
      .filter(([, , problem]) => problem !== null);
    expect(problems).toEqual([]);
  });

  it('lists as pending only texts that still break a rule', () => {
    const fixed = texts.filter(([name, text]) => PENDING.has(name) && voiceProblem(text) === null);
    expect(fixed.map(([name]) => name)).toEqual([]);
  });

  it('holds the specification texts it exempts', () => {
    const all = new Set(texts.map(([, text]) => text));
    expect([...SPEC_TEXTS].filter((text) => !all.has(text))).toEqual([]);
  });
});

describe('voiceProblem', () => {
  it.each([
    ['Enter a name for the agent.', null],
    ['Open WhatsApp on the phone?', null],
    ['Agent Name is required.', 'is in title case ("Name")'],
    ['agent not found.', 'does not start with a capital letter'],
    ['Agent not found', 'does not end with a full stop or a question mark'],
    ['Your password is changed. Sign in with the new one.', null],
    ['Use "Forgot password?" on the sign-in page.', null],
  ])('%s', (text, problem) => {
    expect(voiceProblem(text)).toBe(problem);
  });
});
