import { describe, expect, it } from 'vitest';
import { acceptsGzip, decodeChatAnswer, encodeChatAnswer } from './message-codec';

describe('message codec', () => {
  it('round-trips the answer', async () => {
    const answer = { data: [], total_msgs: 0, unique_authors: ['Ann'] };
    expect(JSON.parse((await decodeChatAnswer(encodeChatAnswer(answer))).toString())).toEqual(answer);
  });

  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['*;q=0', false],
    ['identity', false],
    ['deflate, br', false],
    ['', false],
    [undefined, false],
  ])('Accept-Encoding %o takes gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
