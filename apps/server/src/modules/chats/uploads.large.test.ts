import { gunzipSync } from 'node:zlib';
import { type ChatData, chatData } from '@wadesk/contract';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, expect, it } from 'vitest';
import { type SignedIn, signUp } from '../../../test/helpers/auth';
import { uploadOf } from '../../../test/helpers/chat-files';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';

// A large chat: 10,000 messages of ~580 characters, a ~7 MB answer (the largest, 50,000 messages, is the
// bench's: `npm run bench -- server-stall`).
const MESSAGES = 10_000;
const FILLER =
  'and a longer paragraph of the kind people write when they explain something at length, '.repeat(6);
function largeChat(): Uint8Array {
  const lines = Array.from({ length: MESSAGES }, (_, i) => {
    const minute = String(i % 60).padStart(2, '0');
    return `12/01/2024, 10:${minute} - Author ${i % 7}: message ${i} ${FILLER}`;
  });
  return zipSync({ 'WhatsApp Chat with Team.txt': strToU8(`${lines.join('\n')}\n`) }, { level: 6 });
}

describeWithDatabase(
  'POST /v1/uploadfile/ with a large chat',
  (ctx) => {
    let user: SignedIn;
    let zip: Uint8Array;
    let gzipped: ChatData | undefined;
    beforeAll(async () => {
      user = await signUp(ctx.app);
      zip = largeChat();
    });

    const upload = (headers: Record<string, string> = {}) => {
      const form = uploadOf('chat.zip', zip);
      return ctx.app.inject({
        method: 'POST',
        url: '/v1/uploadfile/',
        headers: { ...user.headers, ...form.headers, ...headers },
        payload: form.payload,
      });
    };

    it('sends the answer compressed to a client that takes gzip, as saved chats are', async () => {
      expect(zip.length).toBeLessThan(4 * 1024 * 1024);
      const res = await upload({ 'accept-encoding': 'gzip, deflate' });
      expect(res.statusCode).toBe(200);
      // Encoded in a worker thread (prepare-upload.ts): what leaves it, and what the event loop holds and
      // sends, is the compressed answer (every browser takes gzip). How long the event loop is held during
      // eight uploads of the largest chat is measured by `npm run bench -- server-stall`.
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(1024 * 1024);
      gzipped = JSON.parse(gunzipSync(res.rawPayload).toString());
      expect(gzipped?.total_msgs).toBe(MESSAGES);
      expect(gzipped?.data).toHaveLength(MESSAGES);
    }, 60_000);

    it('answers the same chat as plain JSON to a client that does not take gzip, in the contract', async () => {
      const res = await upload();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const answer = chatData.strict().parse(res.json());
      expect(answer.total_msgs).toBe(MESSAGES);
      expect(answer.unique_authors).toEqual(Array.from({ length: 7 }, (_, i) => `Author ${i}`));
      expect(answer.data[9_999]).toMatchObject({
        author: 'Author 3',
        datetime: '12/01/2024, 10:39',
        content: `message 9999 ${FILLER}`.trim(),
        has_attachment: false,
      });
      // The same answer either way.
      expect(res.json()).toEqual(gzipped);
    }, 60_000);
  },
  { shareApp: true },
);
