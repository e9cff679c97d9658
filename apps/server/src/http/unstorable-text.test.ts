import { expect, it } from 'vitest';
import { defaultRegistration, signUpVerified } from '../../test/helpers/auth';
import { chatApi, textMessage } from '../../test/helpers/chat-api';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
import { agents, chats, users, waSessions } from '../db/schema';
import { unstorableText } from './unstorable-text';

// Text PostgreSQL cannot store (U+0000, unpaired surrogates) used to answer 500 on PostgreSQL. Typed text
// is refused with 400 and nothing is stored; an export's text is cleaned (docs/architecture.md, "Where
// the rules live").
const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

describeWithDatabase('unstorable text', (ctx) => {
  it('refuses it in a registration, naming the field, and creates no account', async () => {
    for (const [value, field] of [
      [NUL, 'first_name'],
      [LONE, 'last_name'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/users/register/',
        payload: { ...defaultRegistration, [field]: value },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: unstorableText(field) });
    }
    expect(await ctx.count(users)).toBe(0);
  });

  it('refuses it in agent and session names and in a chat name, storing nothing', async () => {
    const ann = await signUpVerified(ctx.app);
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: ann.headers, payload });
    const agent = await post('/org/addAgent/', { agent_name: NUL, agent_number: '+49 151 23456789' });
    expect(agent.statusCode).toBe(400);
    expect(agent.json()).toEqual({ message: unstorableText('agent_name') });
    const session = await post('/api/startSession/', { session_name: `desk${LONE}` });
    expect(session.statusCode).toBe(400);
    const chat = await chatApi(ctx.app, ann).save({ chat_name: NUL, data: [textMessage(1)] });
    expect(chat.statusCode).toBe(400);
    expect(chat.json()).toEqual({ message: unstorableText('chat_name') });
    expect(await ctx.count(agents)).toBe(0);
    expect(await ctx.count(waSessions)).toBe(0);
    expect(await ctx.count(chats)).toBe(0);
  });

  it("cleans an export's messages and authors instead, and saves the chat", async () => {
    const ann = await signUpVerified(ctx.app);
    const api = chatApi(ctx.app, ann);
    const message = { ...textMessage(1, `Al${'\u0000'}ice`), content: `hi${'\u0000'} there ${'\udc00'}` };
    const saved = await api.save({
      chat_name: 'Trip',
      data: [message],
      unique_authors: [`Al${'\u0000'}ice`],
    });
    expect(saved.statusCode).toBe(201);
    const loaded = (await api.load(saved.json().chat_id)).json();
    expect(JSON.stringify(loaded)).not.toContain('\\u0000');
    expect(loaded.data[0]).toMatchObject({ author: 'Alice', content: 'hi there \ufffd' });
  });

  it('refuses it in a route parameter and a query string', async () => {
    const inPath = await ctx.app.inject({ method: 'GET', url: '/files/u1/a%00b.jpg?exp=1&sig=x' });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toEqual({ message: unstorableText('*') });
    const inQuery = await ctx.app.inject({ method: 'GET', url: '/files/u1/ab.jpg?exp=1&sig=%00' });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toEqual({ message: unstorableText('sig') });
  });
});
