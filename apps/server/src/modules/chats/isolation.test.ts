import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi } from '../../../test/helpers/chat-api';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { attachments, chatAttachments, chats } from '../../db/schema';

describeWithDatabase('chats: one user cannot reach another user’s data', (ctx) => {
  async function twoUsers() {
    const ann = chatApi(ctx.app, await signUp(ctx.app, { email: 'ann@example.com' }));
    const ben = chatApi(ctx.app, await signUp(ctx.app, { email: 'ben@example.com' }));
    const uploaded = (await ann.upload()).json();
    const { chat_id } = (await ann.save({ ...uploaded, chat_name: 'Ann’s chat' })).json();
    const objectNames: string[] = [2, 3, 4].map((i) => uploaded.data[i].content.split(' ')[0]);
    return { ann, ben, uploaded, chatId: chat_id as number, objectNames };
  }

  it('B cannot presign A’s objects, one or many', async () => {
    const { ann, ben, objectNames } = await twoUsers();
    for (const name of objectNames) {
      const res = await ben.presign(name);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'That file was not found. It may have been deleted with its chat.',
      });
    }
    const batch = (await ben.presignMany(objectNames)).json();
    expect(batch.urls).toEqual({});
    expect(batch.missing).toEqual(objectNames);
    expect(Object.keys((await ann.presignMany(objectNames)).json().urls)).toEqual(objectNames);
  });

  it('B cannot load, rename or delete A’s chat, nor see it listed', async () => {
    const { ann, ben, chatId } = await twoUsers();
    for (const res of [
      await ben.load(chatId),
      await ben.rename(chatId, 'mine now'),
      await ben.remove(chatId),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'That chat was not found in your account. It may have been deleted.',
      });
    }
    expect((await ben.list()).json()).toEqual({ chat_count: 0, chat_list: [] });
    expect((await ann.list()).json().chat_list).toEqual([{ chat_id: chatId, chat_name: 'Ann’s chat' }]);
    expect(await ctx.count(attachments)).toBe(3);
  });

  it('B cannot save a chat that shows A’s objects: nothing is saved', async () => {
    const { ben, uploaded } = await twoUsers();
    const own = (await ben.upload()).json();
    // One of B's own attachments and one of A's in the same chat.
    const data = [own.data[2], uploaded.data[3]];
    const res = await ben.save({ data, chat_name: 'stolen' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'This chat refers to files that do not exist or are not yours.' });
    expect(await ctx.count(chats)).toBe(1); // A's only
    expect(await ctx.count(chatAttachments)).toBe(3);
  });

  it('made-up object names are refused the same way', async () => {
    const { ann } = await twoUsers();
    const madeUp = 'u1/AAAAAAAAAAAAAAAAAAAAAA/IMG-20240112-WA0001.jpg';
    expect((await ann.presign(madeUp)).statusCode).toBe(404);
    expect((await ann.presign('../../secrets.json')).statusCode).toBe(404);
    expect((await ann.presignMany([madeUp, 'nonsense'])).json()).toMatchObject({
      urls: {},
      missing: [madeUp, 'nonsense'],
    });
    const message = {
      author: 'Ann',
      datetime: '12/01/2024, 10:00',
      content: `${madeUp} caption`,
      has_attachment: true,
      media_type: 'jpg',
      date: '2024-01-12T10:00:00',
    };
    const res = await ann.save({ data: [message], chat_name: 'made up' });
    expect(res.statusCode).toBe(400);
    expect(await ctx.count(chats)).toBe(1);
  });

  it('every chat call needs a bearer token', async () => {
    for (const url of [
      '/v1/uploadfile/',
      '/v1/getS3PresignedUrl/',
      '/v1/getPresignedUrls/',
      '/v1/saveChatData/',
      '/v1/getSavedChatList/',
      '/v1/getSavedChat/',
      '/v1/renameSavedChat/',
      '/v1/deleteSavedChat/',
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
