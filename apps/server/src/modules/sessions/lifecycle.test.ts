import type { GroupMessagesResponse, SessionListResponse } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, FAST_WHATSAPP, linkSession, post, sessionStatus } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { waAuth, waMessages, waSessions } from '../../db/schema';
import type { DeskEventMap } from '../events/desk-events';

describeEachDatabase('whatsapp session lifecycle', (ctx) => {
  const app = () => ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });

  it('resumes a linked session after a restart without a new scan', async () => {
    const first = await app();
    const owner = await signUpVerified(first);
    const { sessionId } = await linkSession(first, owner);
    const stored = await ctx.count(waMessages);
    await first.close();

    const second = await app();
    await second.ready(); // start-up reopens every active session that has linked creds
    const status = await eventually(async () => {
      const s = await sessionStatus(second, owner, sessionId);
      return s.status === 'connected' ? s : null;
    });
    expect(status.phone).toMatch(/^91/);
    expect(second.whatsapp.gateway.state(sessionId)?.qr).toBeNull();
    await second.whatsapp.gateway.settled(sessionId);
    expect(await ctx.count(waMessages)).toBe(stored); // history is not synced twice
  });

  it('marks a session that was linking when the server stopped as expired', async () => {
    const first = await app();
    const owner = await signUpVerified(first);
    const { sessionID } = (
      await post<{ sessionID: string }>(first, owner, '/api/startSession/', {
        session_name: 'a',
        description: 'b',
      })
    ).body;
    await eventually(() => first.whatsapp.gateway.state(sessionID)?.qr);
    await first.close();
    const second = await app();
    await second.ready();
    expect(await sessionStatus(second, owner, sessionID)).toMatchObject({
      status: 'qr_expired',
      reason: expect.stringMatching(/restart/),
    });
  });

  it('stores live messages once and raises the internal live-message event for them only', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    const live: DeskEventMap['message.live'][] = [];
    internalsOf(server).bus.on('message.live', (event) => live.push(event));
    const group = groups[0];
    await server.whatsapp.gateway.settled(sessionId);
    expect(live).toHaveLength(0); // hundreds of history messages, no live event

    const sent = await post<{ msg_id: string }>(server, owner, `/sim/sessions/${sessionId}/incoming`, {
      group_id: group?.group_id,
      body: 'My parcel is missing',
      author_phone: '447700900123',
      author_name: 'Customer Carol',
    });
    expect(sent.status).toBe(200);
    await eventually(() => live.length === 1);
    expect(live[0]).toMatchObject({
      organisationId: expect.any(Number),
      sessionId,
      groupJid: group?.group_id,
      groupName: group?.name,
      message: {
        msgId: sent.body.msg_id,
        body: 'My parcel is missing',
        authorName: 'Customer Carol',
        authorNumber: '447700900123',
        fromMe: false,
      },
    });

    // The same message delivered again (a reconnect replays it) is stored once and announced once.
    const [row] = await ctx.db.select().from(waMessages).where(eq(waMessages.msgId, sent.body.msg_id));
    expect(row?.origin).toBe('live');
    const simulator = server.whatsapp.simulator;
    const again = simulator?.incoming(sessionId, { groupId: group?.group_id ?? '', body: 'twice' });
    if (!simulator || !again) throw new Error('simulator expected');
    await eventually(() => live.length === 2);
    const count = await ctx.count(waMessages);
    simulator.redeliver(sessionId, [again, again]);
    await server.whatsapp.gateway.settled(sessionId);
    expect(await ctx.count(waMessages)).toBe(count);
    expect(live).toHaveLength(2);
    live.splice(1);
    await post(server, owner, `/sim/sessions/${sessionId}/incoming`, {
      group_id: group?.group_id,
      body: 'reply',
      from_me: true,
    });
    await eventually(() => live.length === 2);
    expect(live[1]?.message).toMatchObject({ fromMe: true, author: null });

    const newest = (
      await post<GroupMessagesResponse>(server, owner, '/api/getGroupsMsg/', {
        session_id: sessionId,
        group_id: group?.group_id,
      })
    ).body;
    expect(newest.messages.at(-1)?.body).toBe('reply');
  });

  it('reports an unreachable WhatsApp truthfully, keeps retrying a linked session and recovers', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId } = await linkSession(server, owner);
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'unreachable' });
    const down = await eventually(async () => {
      const s = await sessionStatus(server, owner, sessionId);
      return s.status === 'unreachable' ? s : null;
    });
    expect(down).toMatchObject({
      success: false,
      reason: 'Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com (simulated)',
      message: 'Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com (simulated)',
    });
    const list = (await post<SessionListResponse>(server, owner, '/api/getSessionsList/')).body;
    expect(list.session_list[0]).toMatchObject({
      status: 'unreachable',
      reason: down.reason,
      isActive: true,
    });
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'recover' });
    await eventually(async () => (await sessionStatus(server, owner, sessionId)).status === 'connected');
  });

  it('reconnects at once after a restart-required close, and after a silent connection (watchdog)', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId } = await linkSession(server, owner);
    const statuses: string[] = [];
    internalsOf(server).bus.on('session.status', (event) => statuses.push(event.status));
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'restart_required' });
    await eventually(() => statuses.join() === 'reconnecting,connected');

    statuses.length = 0;
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'silent' });
    const reason = await eventually(
      async () => (await sessionStatus(server, owner, sessionId)).reason?.match(/No answer from WhatsApp/),
      10_000,
    );
    expect(reason).toBeTruthy();
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'recover' });
    await eventually(async () => (await sessionStatus(server, owner, sessionId)).status === 'connected');
  });

  it('forgets the creds and deactivates the session when the phone logs the device out', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId } = await linkSession(server, owner);
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'logged_out' });
    await eventually(async () => (await sessionStatus(server, owner, sessionId)).status === 'logged_out');
    await eventually(async () => (await ctx.count(waAuth)) === 0);
    await server.whatsapp.gateway.settled(sessionId); // the creds go first, then the status is stored
    const [row] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, sessionId));
    expect(row).toMatchObject({
      isActive: false,
      status: 'logged_out',
      reason: 'The device was logged out from the phone.',
    });
    // Started again with the same name and description, it links afresh.
    const again = await post<{ reconnected: boolean }>(server, owner, '/api/startSession/', {
      session_name: 'Support',
      description: 'main line',
    });
    expect(again.body.reconnected).toBe(true);
    await eventually(() => server.whatsapp.gateway.state(sessionId)?.qr);
  });
});
