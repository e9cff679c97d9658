import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { type PreparedSave, prepareSave } from './prepare-save';

// A save is read whole with JSON.parse when small and as a token stream when large (prepare-save.ts):
// both paths must give the same answer, byte for byte, for every body — good or bad.

const dir = mkdtempSync(join(tmpdir(), 'prepare-save-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function message(index: number, extra: Record<string, unknown> = {}) {
  return {
    author: index % 3 === 0 ? 'system' : `Author ${index % 5}`,
    datetime: '01/02/2024, 10:00',
    content: `Message ${index} ✓ \u0000 with a NUL that is cleaned`,
    has_attachment: false,
    media_type: null,
    date: '2024-02-01T10:00:00',
    ...extra,
  };
}

const valid = { chat_name: 'Family', data: [message(0), message(1), message(2)], unique_authors: ['x'] };

async function bothPaths(text: string): Promise<{ whole: PreparedSave; streamed: PreparedSave }> {
  const path = join(dir, `body-${files++}.json`);
  writeFileSync(path, text);
  return { whole: await prepareSave(path), streamed: await prepareSave(path, 0) };
}

function readable(prepared: PreparedSave) {
  return prepared.ok ? { ...prepared, answer: JSON.parse(gunzipSync(prepared.answer).toString()) } : prepared;
}

describe('prepareSave, whole and streamed', () => {
  const cases: [string, string][] = [
    ['a valid save', JSON.stringify(valid)],
    ['data before the name', JSON.stringify({ data: valid.data, chat_name: 'Family' })],
    ['a bad message, named by position', JSON.stringify({ ...valid, data: [message(0), { author: 1 }] })],
    ['no messages', JSON.stringify({ ...valid, data: [] })],
    ['data that is not an array', JSON.stringify({ ...valid, data: { a: 1 } })],
    ['no data', JSON.stringify({ chat_name: 'Family' })],
    ['a bad chat name', JSON.stringify({ ...valid, chat_name: '' })],
    ['a chat name with a NUL', JSON.stringify({ ...valid, chat_name: 'a\u0000b' })],
    ['malformed JSON', '{"chat_name":"x","data":[{'],
    ['a top level that is not an object', JSON.stringify([valid])],
    ['null', 'null'],
    ['data twice', `{"data":[],"chat_name":"x","data":${JSON.stringify(valid.data)}}`],
    ['data twice, escaped', `{"d\\u0061ta":[],"chat_name":"x","data":${JSON.stringify(valid.data)}}`],
    ['a __proto__ key in a message', `{"chat_name":"x","data":[{"__proto__":{"a":1}}]}`],
    ['an escaped __proto__ key', `{"chat_name":"x","\\u005f_proto__":{},"data":[]}`],
    [
      'a message whose text mentions "data": and "__proto__":',
      JSON.stringify({ ...valid, data: [message(1, { content: '"data": "__proto__": {}' })] }),
    ],
  ];
  for (const [name, text] of cases)
    it(`${name}: the same answer`, async () => {
      const { whole, streamed } = await bothPaths(text);
      expect(readable(whole)).toEqual(readable(streamed));
    });

  it('refuses a repeated data field and a __proto__ key on both paths', async () => {
    for (const text of [cases[11]?.[1], cases[13]?.[1]]) {
      const { whole } = await bothPaths(text ?? '');
      expect(whole.ok).toBe(false);
    }
  });

  it('refuses a chat name of invisible characters only (zero-width space, word joiner)', async () => {
    const { whole, streamed } = await bothPaths(JSON.stringify({ ...valid, chat_name: ' \u200B\u2060 ' }));
    expect(whole).toEqual({ ok: false, status: 400, message: expect.stringContaining('name') });
    expect(streamed).toEqual(whole);
  });

  it('stores cleaned messages and the authors of a valid save', async () => {
    const { whole } = await bothPaths(JSON.stringify(valid));
    expect(whole.ok).toBe(true);
    const answer = readable(whole) as { answer: { data: { content: string }[] }; uniqueAuthors: string[] };
    expect(answer.answer.data[1]?.content).not.toContain('\u0000');
    expect(answer.uniqueAuthors).toEqual(['Author 1', 'Author 2']);
  });
});
