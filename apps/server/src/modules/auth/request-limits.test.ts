import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi, textMessage } from '../../../test/helpers/chat-api';
import { exportZip } from '../../../test/helpers/chat-files';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { chats } from '../../db/schema';
import { TOO_MANY_REQUESTS } from './rate-limit';

// Uploads and saves are limited per user (and three times that per IP), token refreshes per IP, all
// per minute and before any body is read.
describeWithDatabase('request limits', (ctx) => {
  it('refuses the upload over the per-user limit with 429, and another user still uploads', async () => {
    const app = await ctx.buildApp({ uploadRateLimit: 2 });
    const ann = chatApi(app, await signUp(app));
    const bob = chatApi(app, await signUp(app, { email: 'bob@example.com' }));
    expect((await ann.upload('chat.zip', exportZip())).statusCode).toBe(200);
    expect((await ann.upload('chat.zip', exportZip())).statusCode).toBe(200);
    const third = await ann.upload('chat.zip', exportZip());
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: TOO_MANY_REQUESTS });
    expect(third.headers['retry-after']).toBeDefined();
    expect((await bob.upload('chat.zip', exportZip())).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    expect((await ann.upload('chat.zip', exportZip())).statusCode).toBe(200);
  });

  it('refuses the save over the limit before reading it, and stores nothing', async () => {
    const app = await ctx.buildApp({ saveRateLimit: 1 });
    const ann = chatApi(app, await signUp(app));
    expect((await ann.save({ chat_name: 'One', data: [textMessage(1)] })).statusCode).toBe(201);
    const second = await ann.save({ chat_name: 'Two', data: [textMessage(2)] });
    expect(second.statusCode).toBe(429);
    expect(await ctx.count(chats)).toBe(1);
  });

  it('limits token refreshes per IP', async () => {
    const app = await ctx.buildApp({ refreshRateLimit: 2 });
    const refresh = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/users/refresh_token/',
        payload: { refresh_token: 'x' },
        remoteAddress,
      });
    expect((await refresh('10.0.0.1')).statusCode).toBe(401);
    expect((await refresh('10.0.0.1')).statusCode).toBe(401);
    expect((await refresh('10.0.0.1')).statusCode).toBe(429);
    expect((await refresh('10.0.0.2')).statusCode).toBe(401);
  });
});
