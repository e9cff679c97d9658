import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChat } from './parse-chat';
import type { ChatMessage } from './types';

// Each family is `<family>.txt` plus `<family>.expected.json`, written by hand. Expected messages
// list only the fields that differ from a plain text message; the defaults are filled in here.
const DEFAULTS = {
  has_attachment: false,
  media_type: null,
  has_captions: false,
  captions: '',
  attachment: null,
  omitted_media: null,
  edited: false,
  deleted: false,
};

interface Expected {
  day_first: boolean;
  unique_authors: string[];
  messages: Partial<ChatMessage>[];
}

const dir = new URL('./fixtures/', import.meta.url);
const families = readdirSync(dir)
  .filter((name) => name.endsWith('.txt'))
  .map((name) => name.slice(0, -4))
  .sort();

describe('fixture families', () => {
  it('has the families the parser promises to read', () => {
    expect(families.length).toBeGreaterThanOrEqual(21);
  });

  it.each(families)('%s', (family) => {
    const text = readFileSync(new URL(`${family}.txt`, dir), 'utf8');
    const expected = JSON.parse(readFileSync(new URL(`${family}.expected.json`, dir), 'utf8')) as Expected;
    const parsed = parseChat(text);
    expect(parsed.messages).toEqual(expected.messages.map((m) => ({ ...DEFAULTS, ...m })));
    expect(parsed.total_msgs).toBe(expected.messages.length);
    expect(parsed.unique_authors).toEqual(expected.unique_authors);
    expect(parsed.day_first).toBe(expected.day_first);
  });
});
