import { describe, expect, it } from 'vitest';
import { textMessage } from '../../../test/helpers/chat-api';
import { acceptsGzip, ChatAnswerEncoder, decodeChatAnswer } from './message-codec';

describe('message codec', () => {
  it('round-trips the answer, with messages added and flushed in any rhythm', async () => {
    const data = Array.from({ length: 5 }, (_, i) => textMessage(i));
    const encoder = new ChatAnswerEncoder();
    for (const [i, message] of data.entries()) {
      encoder.add(message);
      if (i % 2 === 0) await encoder.flush();
    }
    const stored = await encoder.finish(['Ann']);
    const answer = { data, total_msgs: 5, unique_authors: ['Ann'] };
    expect(JSON.parse((await decodeChatAnswer(stored)).toString())).toEqual(answer);
  });

  it('encodes a chat without messages', async () => {
    const stored = await new ChatAnswerEncoder().finish([]);
    expect(JSON.parse((await decodeChatAnswer(stored)).toString())).toEqual({
      data: [],
      total_msgs: 0,
      unique_authors: [],
    });
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
