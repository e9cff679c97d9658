import { describe, expect, it } from 'vitest';
import { buildSnippet } from './snippet';

describe('buildSnippet', () => {
  it('returns the whole short text split around the match', () => {
    expect(buildSnippet('see you at the station', 11, 14)).toEqual({
      before: 'see you at ',
      match: 'the',
      after: ' station',
      cutStart: false,
      cutEnd: false,
    });
  });

  it('cuts long text at word boundaries around the match', () => {
    const text = `${'lorem ipsum '.repeat(10)}TARGET${' dolor sit'.repeat(20)}`;
    const start = text.indexOf('TARGET');
    const snippet = buildSnippet(text, start, start + 6);
    expect(snippet.match).toBe('TARGET');
    expect(snippet.cutStart).toBe(true);
    expect(snippet.cutEnd).toBe(true);
    expect(snippet.before.startsWith('ipsum') || snippet.before.startsWith('lorem')).toBe(true);
    expect(snippet.before.length).toBeLessThanOrEqual(32);
    expect(snippet.after.length).toBeLessThanOrEqual(80);
    expect(snippet.after.endsWith(' ')).toBe(false);
  });

  it('shows line breaks as spaces and keeps the match in place', () => {
    const text = 'first line\n\nsecond   line with word';
    const start = text.indexOf('word');
    expect(buildSnippet(text, start, start + 4)).toMatchObject({
      before: 'first line second line with ',
      match: 'word',
    });
  });

  it('has an empty match when there is no highlight range', () => {
    expect(buildSnippet('hello world', 0, 0)).toMatchObject({ before: '', match: '', after: 'hello world' });
  });
});
