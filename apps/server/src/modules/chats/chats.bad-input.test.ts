import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import {
  documentedRoutes,
  expectRefusal,
  LONE_SURROGATE,
  NUL,
  type Route,
  routeNames,
  storedState,
  walkBadBodies,
  walkBadTokens,
} from '../../../test/helpers/bad-input';
import { chatApi, textMessage } from '../../../test/helpers/chat-api';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';

const objectName = 'u1/00000000-0000-4000-8000-000000000000/IMG-20240112-WA0001.jpg';

/**
 * Every route of chats.routes.ts and uploads.routes.ts. The upload itself reads a multipart form, not
 * JSON: uploads.bad-input.test.ts walks its bad files; here it gets the bad JSON and tokens.
 */
const routes: Route[] = [
  { method: 'POST', url: '/v1/uploadfile/' },
  { method: 'POST', url: '/v1/saveChatData/', body: { chat_name: 'Team', data: [textMessage(1)] } },
  { method: 'POST', url: '/v1/getSavedChatList/' },
  { method: 'POST', url: '/v1/getSavedChat/', body: { chat_id: 1 } },
  { method: 'POST', url: '/v1/renameSavedChat/', body: { chat_id: 1, chat_name: 'New name' } },
  { method: 'POST', url: '/v1/deleteSavedChat/', body: { chat_id: 1 } },
  { method: 'POST', url: '/v1/getS3PresignedUrl/', body: { object_name: objectName } },
  { method: 'POST', url: '/v1/getPresignedUrls/', body: { object_names: [objectName] } },
];

describeWithDatabase('chats refuse bad input and store nothing', (ctx) => {
  it('walks every route the area documents', async () => {
    expect(routeNames(routes)).toEqual(await documentedRoutes(ctx.app, ['chats']));
  });

  it('refuses every bad body on every route', async () => {
    const user = await signUp(ctx.app);
    // A chat of the user's own to aim the bad bodies at: none of them may change it.
    const api = chatApi(ctx.app, user);
    const saved = await api.save({ chat_name: 'Mine', data: [textMessage(1)] });
    expect(saved.json()).toEqual({ chat_id: 1, chat_name: 'Mine' });
    expect(await walkBadBodies(ctx, ctx.app, user, routes)).toBeGreaterThan(100);
    expect((await api.list()).json()).toEqual({
      chat_count: 1,
      chat_list: [{ chat_id: 1, chat_name: 'Mine' }],
    });
  });

  it('refuses a missing, forged or expired token on every route', async () => {
    await walkBadTokens(ctx, ctx.app, routes);
  });

  it.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('refuses %s in the name of a save, however deep in a 2,000-message body', async (_what, bad) => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const data = Array.from({ length: 2000 }, (_, i) => textMessage(i));
    const before = await storedState(ctx);
    // The name after the messages: the refusal comes once the whole body has been read.
    const res = await api.save({ data, chat_name: bad });
    expectRefusal(res, 'save with unstorable name', 400);
    expect(res.json().message).toMatch(/^chat_name: /);
    expect(await storedState(ctx)).toEqual(before);
  });

  it('stores the messages’ NUL and lone surrogates cleaned: they are someone else’s text', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const message = { ...textMessage(1), content: `a${NUL}b ${LONE_SURROGATE}`, author: `Ann${NUL}` };
    const saved = await api.save({ chat_name: 'Clean', data: [message] });
    expect(saved.statusCode).toBe(201);
    const loaded = (await api.load(saved.json().chat_id)).json();
    expect(loaded.data[0]).toMatchObject({ author: 'Annab', content: 'aabb a\uFFFDb' });
    expect(loaded.unique_authors).toEqual(['Annab']);
  });

  it('refuses a message half-way through the body and stores nothing, with its position', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const data: object[] = Array.from({ length: 3000 }, (_, i) => textMessage(i));
    data[1234] = { ...textMessage(1234), has_attachment: 'yes' };
    const before = await storedState(ctx);
    const res = await api.save({ chat_name: 'Half', data });
    expectRefusal(res, 'save with a bad message', 400);
    expect(res.json().message).toMatch(/^data\.1234\.has_attachment: /);
    expect(await storedState(ctx)).toEqual(before);
  });

  it("never reads, renames, deletes or links another user's chat or files", async () => {
    const a = chatApi(ctx.app, await signUp(ctx.app, { email: 'a@example.com' }));
    const b = chatApi(ctx.app, await signUp(ctx.app, { email: 'b@example.com' }));
    const uploaded = (await a.upload()).json();
    const saved = (await a.save({ chat_name: 'A', data: uploaded.data })).json();
    const names = uploaded.data.filter((m: { has_attachment: boolean }) => m.has_attachment);
    const aObject = names[0].content.split(' ')[0];
    const before = await storedState(ctx);
    expectRefusal(await b.load(saved.chat_id), 'load of a foreign chat', 404);
    expectRefusal(await b.rename(saved.chat_id, 'Mine now'), 'rename of a foreign chat', 404);
    expectRefusal(await b.remove(saved.chat_id), 'delete of a foreign chat', 404);
    expectRefusal(await b.presign(aObject), 'link to a foreign file', 404);
    const many = await b.presignMany([aObject]);
    expect(many.statusCode).toBe(200);
    expect(many.json()).toMatchObject({ urls: {}, missing: [aObject] });
    expectRefusal(await b.save({ chat_name: 'Steal', data: uploaded.data }), 'save of foreign files', 400);
    expect(await storedState(ctx)).toEqual(before);
    expect((await a.list()).json().chat_list).toEqual([{ chat_id: saved.chat_id, chat_name: 'A' }]);
  });
});
