import type { SessionListItem, SessionListResponse } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type SignedIn, signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, FAST_WHATSAPP, linkSession, post, sessionStatus } from '../../../test/helpers/whatsapp';
import { waSessionEvents, waSessions } from '../../db/schema';
import { healthEvent, quietSince } from './session-health';
import { createSessionsRepository, EVENTS_KEPT } from './sessions.repository';

const HOUR = 3_600_000;

async function listed(server: FastifyInstance, user: SignedIn, sessionId: string): Promise<SessionListItem> {
  const list = (await post<SessionListResponse>(server, user, '/api/getSessionsList/')).body;
  const item = list.session_list.find((session) => session.sessionId === sessionId);
  if (!item) throw new Error(`session ${sessionId} is not listed`);
  return item;
}

describeWithDatabase('session health', (ctx) => {
  const app = () => ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });

  async function waitFor(server: FastifyInstance, user: SignedIn, sessionId: string, status: string) {
    await eventually(
      async () => (await sessionStatus(server, user, sessionId)).status === status,
      10_000,
      status,
    );
    await server.whatsapp.gateway.settled(sessionId);
  }

  it('records linked → disconnected → unreachable → connected → logged out, newest first, with reasons', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId } = await linkSession(server, owner);
    expect((await listed(server, owner, sessionId)).health.events).toEqual([
      { kind: 'linked', reason: null, at: expect.any(String), version: null },
    ]);

    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'unreachable' });
    await waitFor(server, owner, sessionId, 'unreachable');
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'recover' });
    await waitFor(server, owner, sessionId, 'connected');
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'logged_out' });
    await waitFor(server, owner, sessionId, 'logged_out');

    const unreachable = 'Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com (simulated)';
    const { health } = await listed(server, owner, sessionId);
    expect(health.events.map(({ kind, reason }) => ({ kind, reason }))).toEqual([
      { kind: 'logged_out', reason: 'The device was logged out from the phone.' },
      { kind: 'connected', reason: null },
      { kind: 'unreachable', reason: unreachable },
      { kind: 'disconnected', reason: unreachable },
      { kind: 'linked', reason: null },
    ]);
    const times = health.events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(health.quiet_since).toBeNull();

    // A terminate after the logout changes nothing more; on a running session it is recorded.
    await post(server, owner, '/api/terminateSession/', { sessionID: sessionId });
    expect((await listed(server, owner, sessionId)).health.events).toHaveLength(5);
  });

  it('records a temporary ban with when it ends, and a ban (the simulated phone of demo mode)', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId } = await linkSession(server, owner);
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'temporarily_banned' });
    await waitFor(server, owner, sessionId, 'temporarily_banned');
    const waiting = await listed(server, owner, sessionId);
    expect(Date.parse(waiting.resumes_at ?? '') - Date.now()).toBeGreaterThan(100_000);
    expect(waiting.health.events[0]).toMatchObject({
      kind: 'temporarily_banned',
      reason: expect.stringContaining('too many people blocked it'),
    });

    await post(server, owner, '/api/startSession/', { session_name: 'Support', description: 'main line' });
    await waitFor(server, owner, sessionId, 'connected');
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'banned' });
    await waitFor(server, owner, sessionId, 'banned');
    const banned = await listed(server, owner, sessionId);
    expect(banned).toMatchObject({ isActive: false, resumes_at: null, phone: null });
    expect(banned.health.events.map((event) => event.kind).slice(0, 3)).toEqual([
      'banned',
      'connected',
      'temporarily_banned',
    ]);
  });

  it('does not repeat an event when a restarted server connects the session again', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId } = await linkSession(server, owner);
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'unreachable' });
    await waitFor(server, owner, sessionId, 'unreachable');
    await post(server, owner, `/sim/sessions/${sessionId}/fail`, { kind: 'recover' });
    await waitFor(server, owner, sessionId, 'connected');

    // The process lets go of its sessions and takes them up again, as a restarted server does.
    const [row] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, sessionId));
    await server.whatsapp.gateway.close();
    await server.whatsapp.cluster.start({ id: sessionId, organisationId: row?.organisationId ?? 0 });
    await waitFor(server, owner, sessionId, 'connected');
    expect((await listed(server, owner, sessionId)).health.events.map((event) => event.kind)).toEqual([
      'connected',
      'unreachable',
      'disconnected',
      'linked',
    ]);
  });

  it('records a terminate and an expired QR code, but not the codes rotating', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionID } = (
      await post<{ sessionID: string }>(server, owner, '/api/startSession/', {
        session_name: 'a',
        description: 'b',
      })
    ).body;
    await waitFor(server, owner, sessionID, 'qr_expired'); // three codes shown, none scanned
    expect((await listed(server, owner, sessionID)).health.events).toEqual([
      {
        kind: 'qr_expired',
        reason: 'The QR code was not scanned in time.',
        at: expect.any(String),
        version: null,
      },
    ]);
    await post(server, owner, '/api/generateQRCode/', { sessionID });
    await post(server, owner, '/api/terminateSession/', { sessionID });
    const kinds = (await listed(server, owner, sessionID)).health.events.map((event) => event.kind);
    expect(kinds).toEqual(['terminated', 'qr_expired']);
  });

  it(`keeps the newest ${EVENTS_KEPT} events of a session and shows the last 10`, async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionID } = (
      await post<{ sessionID: string }>(server, owner, '/api/startSession/', {
        session_name: 'a',
        description: 'b',
      })
    ).body;
    const [row] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, sessionID));
    const old = Array.from({ length: 60 }, (_, i) => ({
      sessionId: sessionID,
      organisationId: row?.organisationId ?? 0,
      kind: 'reconnecting',
      reason: `attempt ${i}`,
      at: new Date(Date.now() - (120 - i) * 60_000),
    }));
    await ctx.db.insert(waSessionEvents).values(old);
    await post(server, owner, '/api/terminateSession/', { sessionID });

    expect(await ctx.count(waSessionEvents)).toBe(EVENTS_KEPT);
    const remaining = await ctx.db
      .select({ reason: waSessionEvents.reason })
      .from(waSessionEvents)
      .orderBy(waSessionEvents.id);
    expect(remaining[0]?.reason).toBe('attempt 11'); // 0…10 pruned, 49 old ones and the terminate kept
    const { health } = await listed(server, owner, sessionID);
    expect(health.events).toHaveLength(10);
    expect(health.events[0]).toMatchObject({ kind: 'terminated', reason: null });
    expect(health.events[1]).toMatchObject({ kind: 'reconnecting', reason: 'attempt 59' });
  });

  it('flags a connected session quiet after the configured hours without live messages; a message clears it', async () => {
    const server = await ctx.buildApp({ whatsappQuietAfterHours: 4 }, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(server);
    const { sessionId, groups } = await linkSession(server, owner);
    // Linked just now, no live message yet: not quiet.
    expect((await listed(server, owner, sessionId)).health.quiet_since).toBeNull();

    const setLast = (at: Date) =>
      ctx.db.update(waSessions).set({ lastMessageAt: at }).where(eq(waSessions.id, sessionId));
    const fiveHoursAgo = new Date(Date.now() - 5 * HOUR);
    await setLast(fiveHoursAgo);
    expect((await listed(server, owner, sessionId)).health.quiet_since).toBe(fiveHoursAgo.toISOString());
    await setLast(new Date(Date.now() - 3 * HOUR));
    expect((await listed(server, owner, sessionId)).health.quiet_since).toBeNull();
    await setLast(fiveHoursAgo);

    // A live message is stored: last_message_at moves to now, and the flag goes.
    const sent = await post(server, owner, `/sim/sessions/${sessionId}/incoming`, {
      group_id: groups[0]?.group_id,
      body: 'Hello?',
    });
    expect(sent.status).toBe(200);
    await eventually(async () => (await listed(server, owner, sessionId)).health.quiet_since === null);
    const [row] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, sessionId));
    expect(Date.now() - (row?.lastMessageAt?.getTime() ?? 0)).toBeLessThan(60_000);
    // Quiet is only shown: the session stays connected.
    expect(await sessionStatus(server, owner, sessionId)).toMatchObject({ status: 'connected' });
  });

  it("keeps each organisation's health to itself", async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const other = await signUpVerified(server, { email: 'other@example.com' });
    const { sessionId } = await linkSession(server, owner);
    const theirs = (
      await post<{ sessionID: string }>(server, other, '/api/startSession/', {
        session_name: 'b',
        description: 'b',
      })
    ).body.sessionID;
    await post(server, other, '/api/terminateSession/', { sessionID: theirs });

    const list = (await post<SessionListResponse>(server, other, '/api/getSessionsList/')).body;
    expect(list.session_list.map((session) => session.sessionId)).toEqual([theirs]);
    expect(list.session_list[0]?.health.events.map((event) => event.kind)).toEqual(['terminated']);

    const repo = createSessionsRepository(ctx.db);
    const [mine] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, sessionId));
    const [foreign] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, theirs));
    expect(await repo.recentEvents(foreign?.organisationId ?? 0, [sessionId, theirs], 10)).toEqual([
      expect.objectContaining({ sessionId: theirs, kind: 'terminated' }),
    ]);
    expect(
      (await repo.recentEvents(mine?.organisationId ?? 0, [sessionId, theirs], 10)).map((e) => e.sessionId),
    ).toEqual([sessionId]);
    expect(await ctx.count(waSessionEvents)).toBe(2);
  });
});

describe('health events', () => {
  const none = { status: null, linking: false };
  it('names changes of status, and skips the steps of linking', () => {
    expect(healthEvent(none, { status: 'starting', reason: null })).toBeNull();
    expect(healthEvent({ status: 'starting', linking: false }, { status: 'qr', reason: null })).toBeNull();
    expect(healthEvent({ status: 'qr', linking: true }, { status: 'reconnecting', reason: null })).toBeNull();
    expect(
      healthEvent({ status: 'reconnecting', linking: true }, { status: 'connected', reason: null }),
    ).toEqual({
      kind: 'linked',
      reason: null,
    });
    expect(
      healthEvent({ status: 'starting', linking: false }, { status: 'connected', reason: null }),
    ).toEqual({
      kind: 'connected',
      reason: null,
    });
    expect(
      healthEvent({ status: 'connected', linking: false }, { status: 'reconnecting', reason: 'x' }),
    ).toEqual({
      kind: 'disconnected',
      reason: 'x',
    });
    expect(
      healthEvent({ status: 'connected', linking: false }, { status: 'unreachable', reason: 'y' }),
    ).toEqual({
      kind: 'disconnected',
      reason: 'y',
    });
    expect(
      healthEvent({ status: 'starting', linking: false }, { status: 'reconnecting', reason: 'z' }),
    ).toEqual({
      kind: 'reconnecting',
      reason: 'z',
    });
    for (const status of ['logged_out', 'version_refused', 'refused', 'qr_expired'] as const)
      expect(healthEvent(none, { status, reason: 'r' })).toEqual({ kind: status, reason: 'r' });
  });

  it('calls a connected session quiet from its last message, or from when it connected', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    const connected = { status: 'connected' as const, isActive: true };
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    expect(quietSince({ ...connected, lastMessageAt: at(7) }, at(1), 6 * HOUR, now)).toEqual(at(7));
    expect(quietSince({ ...connected, lastMessageAt: at(2) }, at(9), 6 * HOUR, now)).toBeNull();
    expect(quietSince({ ...connected, lastMessageAt: null }, at(8), 6 * HOUR, now)).toEqual(at(8));
    expect(quietSince({ ...connected, lastMessageAt: null }, null, 6 * HOUR, now)).toBeNull();
    expect(
      quietSince({ status: 'reconnecting', isActive: true, lastMessageAt: at(9) }, at(9), 6 * HOUR, now),
    ).toBeNull();
  });
});
