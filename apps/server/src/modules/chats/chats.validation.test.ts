import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi, textMessage } from '../../../test/helpers/chat-api';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { chats } from '../../db/schema';

const INVALID_NAME = 'Please enter a valid name for your chat!';

describeWithDatabase('saved chats refuse bad input and change nothing', (ctx) => {
  const data = [textMessage(1)];

  it.each(['', '   ', '\t\n', '\u00a0'])(
    'refuses the chat name %o with the catalogue message',
    async (name) => {
      const api = chatApi(ctx.app, await signUp(ctx.app));
      const res = await api.save({ data, chat_name: name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: INVALID_NAME });
      expect(await ctx.count(chats)).toBe(0);
    },
  );

  it('refuses a missing, non-text or too long name', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    expect((await api.save({ data })).statusCode).toBe(400);
    expect((await api.save({ data, chat_name: 42 })).statusCode).toBe(400);
    const long = await api.save({ data, chat_name: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'The chat name must be at most 200 characters long.' });
    expect((await api.save({ data, chat_name: 'x'.repeat(200) })).statusCode).toBe(201);
    expect(await ctx.count(chats)).toBe(1);
  });

  it('refuses empty, malformed or oversized message lists', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const empty = await api.save({ data: [], chat_name: 'x' });
    expect(empty.json()).toEqual({ message: 'There are no messages to save.' });
    expect((await api.save({ data: 'nope', chat_name: 'x' })).statusCode).toBe(400);
    expect((await api.save({ data: [{ author: 'a' }], chat_name: 'x' })).statusCode).toBe(400);
    expect(
      (await api.save({ data: [{ ...data[0], has_attachment: 'yes' }], chat_name: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (await api.save({ data: [{ ...data[0], content: 'x'.repeat(70_000) }], chat_name: 'x' })).statusCode,
    ).toBe(400);
    const tiny = {
      author: 'a',
      datetime: '',
      content: '',
      has_attachment: false,
      media_type: null,
      date: '',
    };
    const tooMany = await api.save({ data: Array(50_001).fill(tiny), chat_name: 'x' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('A chat can hold at most 50,000 messages.');
    expect(empty.statusCode).toBe(400);
    expect(await ctx.count(chats)).toBe(0);
  });

  it('refuses unknown or malformed chat ids', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const { chat_id } = (await api.save({ data, chat_name: 'kept' })).json();
    for (const res of [await api.load(9999), await api.rename(9999, 'x'), await api.remove(9999)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'That chat was not found in your account. It may have been deleted.',
      });
    }
    for (const id of ['1', 1.5, -1, 0, null, 2 ** 40]) {
      expect((await api.load(id)).statusCode, String(id)).toBe(400);
      expect((await api.remove(id)).statusCode, String(id)).toBe(400);
    }
    expect((await api.post('/v1/getSavedChat/', {})).statusCode).toBe(400);
    const rename = await api.rename(chat_id, '   ');
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual({ message: INVALID_NAME });
    expect((await api.list()).json().chat_list).toEqual([{ chat_id, chat_name: 'kept' }]);
  });

  it('refuses too many names in one presign batch', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const res = await api.presignMany(Array.from({ length: 501 }, (_, i) => `n${i}`));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('At most 500 object names per request.');
    expect((await api.presignMany([])).statusCode).toBe(400);
    expect((await api.post('/v1/getS3PresignedUrl/', {})).statusCode).toBe(400);
  });
});
