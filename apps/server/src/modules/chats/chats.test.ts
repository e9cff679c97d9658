import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi, textMessage } from '../../../test/helpers/chat-api';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { STORAGE_DRIVERS, useStorageDriver } from '../../../test/helpers/storage-drivers';
import { attachments, chatAttachments, chats } from '../../db/schema';

describeWithDatabase('saved chats', (ctx) => {
  for (const driverName of STORAGE_DRIVERS) {
    describe(`${driverName} storage`, () => {
      const driver = useStorageDriver(ctx, driverName);

      it('saves an uploaded chat, lists it, loads it back unchanged and serves its media', async () => {
        const api = chatApi(driver.app, await signUp(driver.app));
        const uploaded = (await api.upload()).json();
        const saved = await api.save({ ...uploaded, chat_name: '  Team Berlin  ' });
        expect(saved.statusCode).toBe(201);
        expect(saved.json()).toEqual({ chat_id: expect.any(Number), chat_name: 'Team Berlin' });
        expect(await ctx.count(chatAttachments)).toBe(3);

        const list = (await api.list()).json();
        expect(list).toEqual({
          chat_count: 1,
          chat_list: [{ chat_id: saved.json().chat_id, chat_name: 'Team Berlin' }],
        });

        const loaded = await api.load(saved.json().chat_id);
        expect(loaded.statusCode).toBe(200);
        expect(loaded.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(loaded.json()).toEqual(uploaded);

        const photo = loaded.json().data[2].content.split(' ')[0];
        const link = (await api.presign(photo)).json();
        expect((await driver.fetchLink(link.url)).status).toBe(200);
      });

      it('deletes a chat with the media only it shows, after the commit', async () => {
        const api = chatApi(driver.app, await signUp(driver.app));
        const uploaded = (await api.upload()).json();
        const first = (await api.save({ ...uploaded, chat_name: 'first' })).json();
        const second = (await api.save({ ...uploaded, chat_name: 'second' })).json();
        const objects = await driver.listObjects();
        expect(objects).toHaveLength(3);

        // The same upload saved twice: deleting one copy keeps the files the other still shows.
        expect((await api.remove(first.chat_id)).json()).toEqual({ success: true, message: 'Chat deleted.' });
        expect(await driver.listObjects()).toEqual(objects);
        expect((await api.load(first.chat_id)).statusCode).toBe(404);

        expect((await api.remove(second.chat_id)).statusCode).toBe(200);
        expect(await driver.listObjects()).toEqual([]);
        expect(await ctx.count(attachments)).toBe(0);
        expect(await ctx.count(chats)).toBe(0);
        expect((await api.presign(objects[0] as string)).statusCode).toBe(404);
      });
    });
  }

  it('publishes every chat call in the OpenAPI document, but not the /files links', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/uploadfile/',
        '/v1/getS3PresignedUrl/',
        '/v1/getPresignedUrls/',
        '/v1/saveChatData/',
        '/v1/getSavedChatList/',
        '/v1/getSavedChat/',
        '/v1/renameSavedChat/',
        '/v1/deleteSavedChat/',
      ]),
    );
    expect(Object.keys(document.paths).some((path) => path.startsWith('/files'))).toBe(false);
    expect(document.paths['/v1/saveChatData/'].post.security).toEqual([{ bearerAuth: [] }]);
  });

  it('lists newest first, renames and deletes', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const data = [textMessage(1), textMessage(2)];
    const ids: number[] = [];
    for (const name of ['one', 'two', 'three'])
      ids.push((await api.save({ data, chat_name: name })).json().chat_id);
    expect((await api.list()).json().chat_list.map((c: { chat_name: string }) => c.chat_name)).toEqual([
      'three',
      'two',
      'one',
    ]);

    const renamed = await api.rename(ids[0], '  renamed  ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ chat_id: ids[0], chat_name: 'renamed' });
    expect((await api.list()).json().chat_list.at(-1)).toEqual({ chat_id: ids[0], chat_name: 'renamed' });

    expect((await api.remove(ids[1])).statusCode).toBe(200);
    expect((await api.list()).json().chat_count).toBe(2);
    // The web client posts `{}` where the API documents an empty body; both work.
    expect((await api.post('/v1/getSavedChatList/', {})).json().chat_count).toBe(2);
  });

  it('sends the stored answer gzip-compressed to clients that accept gzip', async () => {
    const user = await signUp(ctx.app);
    const api = chatApi(ctx.app, user);
    const data = Array.from({ length: 50 }, (_, i) => textMessage(i));
    const { chat_id } = (await api.save({ data, chat_name: 'x' })).json();
    const load = (acceptEncoding: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/getSavedChat/',
        headers: { ...user.headers, 'accept-encoding': acceptEncoding },
        payload: { chat_id },
      });
    const zipped = await load('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).data).toEqual(data);
    for (const refused of ['identity', 'gzip;q=0', 'br']) {
      const plain = await load(refused);
      expect(plain.headers['content-encoding'], refused).toBeUndefined();
      expect(plain.json().data).toEqual(data);
    }
  });

  it('recomputes total_msgs and unique_authors from the messages', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const data = [
      textMessage(0, 'system'),
      textMessage(1, 'Bob'),
      textMessage(2, 'Alice'),
      textMessage(3, 'Bob'),
    ];
    const { chat_id } = (
      await api.save({ data, chat_name: 'x', total_msgs: 99, unique_authors: ['Eve'] })
    ).json();
    const loaded = (await api.load(chat_id)).json();
    expect(loaded.total_msgs).toBe(4);
    expect(loaded.unique_authors).toEqual(['Bob', 'Alice']);
    expect(loaded.data).toEqual(data);
  });

  it('accepts the specification payload with only the spec message fields', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const message = {
      author: 'Ann',
      datetime: '12/01/2024, 10:00',
      content: 'hi',
      has_attachment: false,
      media_type: null,
      date: '2024-01-12T10:00:00',
    };
    const res = await api.save({
      data: [message],
      total_msgs: 1,
      chat_name: 'spec',
      unique_authors: ['Ann'],
    });
    expect(res.statusCode).toBe(201);
    const loaded = (await api.load(res.json().chat_id)).json();
    expect(loaded.data).toEqual([{ ...message, has_captions: false, captions: '' }]);
  });

  it('saves and loads a 40,000-message chat in one request each', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const data = Array.from({ length: 40_000 }, (_, i) => textMessage(i));
    const payload = { data, total_msgs: data.length, chat_name: 'big', unique_authors: [] };
    expect(JSON.stringify(payload).length).toBeGreaterThan(1024 * 1024 * 8); // far above the default body limit
    const saved = await api.save(payload);
    expect(saved.statusCode).toBe(201);
    const loaded = (await api.load(saved.json().chat_id)).json();
    expect(loaded.total_msgs).toBe(40_000);
    expect(loaded.data).toHaveLength(40_000);
    expect(loaded.data[39_999]).toEqual(data[39_999]);
  });

  it('keeps the default body limit on other routes and honours CHAT_SAVE_BODY_LIMIT_BYTES', async () => {
    const app = await ctx.buildApp({ chatSaveBodyLimitBytes: 10_000 });
    const api = chatApi(app, await signUp(app));
    const data = Array.from({ length: 200 }, (_, i) => textMessage(i));
    const res = await api.save({ data, chat_name: 'too big' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large for the server. Send less at once.' });
    expect(await ctx.count(chats)).toBe(0);
    const rename = await api.post('/v1/renameSavedChat/', {
      chat_id: 1,
      chat_name: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(rename.statusCode).toBe(413);
  });

  it('stops a save body that passes the limit without declaring its length', async () => {
    const app = await ctx.buildApp({ chatSaveBodyLimitBytes: 10_000 });
    const { access_token } = await signUp(app);
    const text = JSON.stringify({
      data: Array.from({ length: 200 }, (_, i) => textMessage(i)),
      chat_name: 'x',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/v1/saveChatData/',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      // A stream: inject sends it without a content-length, as a chunked upload would arrive.
      payload: Readable.from([Buffer.from(text.slice(0, 6000)), Buffer.from(text.slice(6000))]),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large for the server. Send less at once.' });
    expect(await ctx.count(chats)).toBe(0);
  });
});
