import type { GroupMessagesResponse, ServerEvent, StreamTokenResponse } from '@wadesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { internalsOf } from '../../src/app-internals';
import { waAuth, waSessions } from '../../src/db/schema';
import { createSimulatorDriver } from '../../src/whatsapp/simulator/simulator-driver';
import { signUpVerified } from '../helpers/auth';
import { describeEachDatabase } from '../helpers/describe-each-database';
import { openStream } from '../helpers/event-stream';
import { eventually, FAST_WHATSAPP, linkSession, post, sessionStatus } from '../helpers/whatsapp';

// Several servers on one PostgreSQL (docs/architecture.md, scale-out). Each app is a separate instance with
// its own id, leases, RPC channel and LISTEN connection; they share ONE simulated WhatsApp which, like
// WhatsApp, closes the older socket with 440 when a second one connects — so two owners would show.
const LEASE = { ttlMs: 1_500, renewMs: 250, scanMs: 250 };

describeEachDatabase('scale-out: sessions', (ctx) => {
  async function cluster(count: number, capacity = 500) {
    const phone = createSimulatorDriver(FAST_WHATSAPP.simulator);
    const apps: FastifyInstance[] = [];
    for (let i = 0; i < count; i++) {
      const app = await ctx.buildApp(
        { whatsappSessionsPerInstance: capacity, whatsappSessionLimit: 5 },
        { whatsapp: { ...FAST_WHATSAPP, driver: phone, lease: LEASE } },
      );
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
    }
    return { apps, phone };
  }
  const owners = async (sessionId: string) => {
    const [row] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, sessionId));
    return row;
  };
  /**
   * Samples every few ms, for the whole test, how many instances hold a live connection of the session and
   * whether any connection was replaced by another (440): "one owner at all times" is checked continuously.
   */
  function watchOwners(apps: FastifyInstance[], sessionId: string) {
    let mostConnected = 0;
    let replaced = 0;
    const timer = setInterval(() => {
      const states = apps.map((app) => app.whatsapp.gateway.state(sessionId));
      const connected = states.filter((state) => state?.running && state.status === 'connected').length;
      mostConnected = Math.max(mostConnected, connected);
      replaced += states.filter((state) => state?.reason?.includes('conflict')).length;
    }, 5);
    return {
      stop: () => clearInterval(timer),
      mostConnected: () => mostConnected,
      replaced: () => replaced,
    };
  }

  /** Instances running a connection for the session right now. */
  const running = (apps: FastifyInstance[], sessionId: string) =>
    apps.filter((app) => app.whatsapp.gateway.state(sessionId)?.running);

  it.runIf(ctx.kind === 'postgres')(
    'one owner per session; a crashed owner is replaced within the lease time, without a new scan',
    async () => {
      const { apps } = await cluster(3);
      const [a, b, c] = apps as [FastifyInstance, FastifyInstance, FastifyInstance];
      const owner = await signUpVerified(a);
      const { sessionId } = await linkSession(a, owner);
      const watch = watchOwners(apps, sessionId);
      await new Promise((resolve) => setTimeout(resolve, 4 * LEASE.scanMs)); // the others scan meanwhile
      expect((await owners(sessionId))?.ownerId).toBe(a.whatsapp.cluster.instanceId);
      expect(running(apps, sessionId)).toEqual([a]);

      // A stops renewing (its process died): its socket goes with it, its lease runs out.
      const crashedAt = Date.now();
      await internalsOf(a).leases.halt();
      await a.whatsapp.gateway.close();
      const next = await eventually(
        async () => {
          const row = await owners(sessionId);
          return row?.ownerId && row.ownerId !== a.whatsapp.cluster.instanceId ? row : null;
        },
        20_000,
        'a new owner',
      );
      const successor = [b, c].find((app) => app.whatsapp.cluster.instanceId === next.ownerId);
      if (!successor) throw new Error('the new owner is not one of the instances');
      await eventually(async () => (await sessionStatus(successor, owner, sessionId)).status === 'connected');
      expect(Date.now() - crashedAt).toBeLessThan(30_000);
      expect(next.leaseEpoch).toBeGreaterThan(1);
      expect(successor.whatsapp.gateway.state(sessionId)?.qr).toBeNull(); // resumed from stored creds
      expect(running(apps, sessionId)).toEqual([successor]);
      await new Promise((resolve) => setTimeout(resolve, 4 * LEASE.scanMs));
      watch.stop();
      // One owner at a time all along: never two connections, never one replaced by another (440).
      expect(watch.mostConnected()).toBe(1);
      expect(watch.replaced()).toBe(0);
      expect((await owners(sessionId))?.ownerId).toBe(successor.whatsapp.cluster.instanceId);
    },
  );

  it.runIf(ctx.kind === 'postgres')(
    'QR, status, paging, media and terminate work through an instance that does not own the session',
    async () => {
      const { apps } = await cluster(2);
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const owner = await signUpVerified(a);
      const started = await post<{ sessionID: string }>(b, owner, '/api/startSession/', {
        session_name: 'Desk',
        description: 'line',
      });
      const sessionId = started.body.sessionID;
      const ownerApp = running(apps, sessionId)[0] ?? b;
      const other = ownerApp === a ? b : a;

      const qr = await post(other, owner, '/api/generateQRCode/', { sessionID: sessionId });
      expect(qr.status).toBe(200);
      expect(qr.raw.headers['content-type']).toBe('image/png');
      const scanned = await post(other, owner, `/sim/sessions/${sessionId}/scan`);
      expect(scanned.status).toBe(200);
      await eventually(async () => (await sessionStatus(other, owner, sessionId)).status === 'connected');
      const groups = await eventually(async () => {
        const list = (await post<{ groups: { group_id: string }[] }>(other, owner, '/api/getGroups/')).body;
        return list.groups.length > 0 ? list.groups : null;
      });
      const group = groups[0]?.group_id ?? '';
      await eventually(async () => {
        const page = await post<GroupMessagesResponse>(other, owner, '/api/getGroupsMsg/', {
          session_id: sessionId,
          group_id: group,
        });
        return page.body.messages.length === 100 ? page : null;
      });
      // The oldest stored page asks the phone for more: the request runs on the owner.
      const firstPage = await post<GroupMessagesResponse>(other, owner, '/api/getGroupsMsg/', {
        session_id: sessionId,
        group_id: group,
      });
      const older = await post<GroupMessagesResponse>(other, owner, '/api/getGroupsMsg/', {
        session_id: sessionId,
        group_id: group,
        msg_type: 'prev',
        msg_id: firstPage.body.messages[0]?.msg_id,
      });
      expect(older.status).toBe(200);
      expect(older.body.messages.length).toBeGreaterThan(0);
      const media = firstPage.body.messages.find((m) => m.has_media);
      if (media) {
        const download = await post<{ success: boolean; messageMedia: { data: string } }>(
          other,
          owner,
          '/api/downloadMedia/',
          { message_id: media.msg_id, chat_id: group, session_id: sessionId },
        );
        expect(download.status).toBe(200);
        expect(download.body.messageMedia.data.length).toBeGreaterThan(0);
      }

      const terminated = await post(other, owner, '/api/terminateSession/', { sessionID: sessionId });
      expect(terminated.status).toBe(200);
      await eventually(() => running(apps, sessionId).length === 0);
      expect(await ctx.db.$count(waAuth, eq(waAuth.sessionId, sessionId))).toBe(0);
      expect((await owners(sessionId))?.ownerId).toBeNull();
    },
  );

  it.runIf(ctx.kind === 'postgres')(
    'an event published on one instance reaches an event stream opened on another',
    async () => {
      const { apps } = await cluster(2);
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const owner = await signUpVerified(a);
      const { sessionId, groups } = await linkSession(a, owner);
      const token = (await post<StreamTokenResponse>(b, owner, '/events/stream-token/')).body;
      const stream = await openStream(b, `stream_token=${encodeURIComponent(token.stream_token)}`);
      await eventually(() => stream.events[0]?.type === 'ready');
      await post(a, owner, `/sim/sessions/${sessionId}/incoming`, {
        group_id: groups[0]?.group_id,
        body: 'hello from the other server',
      });
      const arrived = await eventually(() =>
        stream.events.find(
          (e): e is Extract<ServerEvent, { type: 'messages.new' }> => e.type === 'messages.new',
        ),
      );
      expect(arrived.messages[0]?.body).toBe('hello from the other server');
      stream.close();
    },
  );

  it.runIf(ctx.kind === 'postgres')(
    'a session goes to an instance with room, and a start when every instance is full answers 503',
    async () => {
      const { apps } = await cluster(2, 1);
      const [a] = apps as [FastifyInstance, FastifyInstance];
      const owner = await signUpVerified(a);
      const start = (name: string) =>
        post<{ sessionID: string; message: string }>(a, owner, '/api/startSession/', {
          session_name: name,
          description: 'line',
        });
      const first = await start('one');
      const second = await start('two');
      expect([first.status, second.status]).toEqual([200, 200]);
      const hosts = [first.body.sessionID, second.body.sessionID].map((id) => running(apps, id)[0]);
      expect(new Set(hosts).size).toBe(2); // the second went to the other instance
      const third = await start('three');
      expect(third.status).toBe(503);
      expect(third.body.message).toMatch(/Every server is running as many WhatsApp sessions/);
    },
  );

  it.runIf(ctx.kind === 'postgres')(
    'a graceful stop hands sessions over at once, and a rolling restart keeps every session linked',
    async () => {
      const { apps, phone } = await cluster(2);
      let [a, b] = apps as [FastifyInstance, FastifyInstance];
      const owner = await signUpVerified(a);
      const { sessionId } = await linkSession(a, owner);
      for (let round = 0; round < 2; round++) {
        const [leaving, staying] = running([a, b], sessionId)[0] === a ? [a, b] : [b, a];
        await leaving.close();
        await eventually(
          () => staying.whatsapp.gateway.state(sessionId)?.status === 'connected',
          5_000,
          'handed over',
        );
        const fresh = await ctx.buildApp(
          { whatsappSessionLimit: 5 },
          { whatsapp: { ...FAST_WHATSAPP, driver: phone, lease: LEASE } },
        );
        await fresh.ready();
        [a, b] = [staying, fresh];
      }
      expect((await sessionStatus(a, owner, sessionId)).status).toBe('connected');
      expect((await owners(sessionId))?.reason).toBeNull();
    },
  );
});

describeEachDatabase('scale-out: rolling restart', (ctx) => {
  it.runIf(ctx.kind === 'postgres')(
    'customers keep writing while every instance restarts in turn: no message and no ticket is lost',
    async () => {
      const phone = createSimulatorDriver(FAST_WHATSAPP.simulator);
      const instance = async () => {
        const app = await ctx.buildApp(
          { whatsappSessionLimit: 5 },
          { whatsapp: { ...FAST_WHATSAPP, driver: phone, lease: LEASE } },
        );
        await app.ready();
        return app;
      };
      let apps = [await instance(), await instance()];
      const owner = await signUpVerified(apps[0] as FastifyInstance);
      const { sessionId, groups } = await linkSession(apps[0] as FastifyInstance, owner);
      const groupIds = groups.map((g) => g.group_id);

      // WhatsApp keeps messages for a device that is offline and delivers them when it is back: while the
      // session moves, the simulated phone is retried until a connection takes the message.
      let sent = 0;
      let writing = true;
      const writer = (async () => {
        while (writing || sent < 40) {
          const groupId = groupIds[sent % groupIds.length] as string;
          const message = phone.incoming(sessionId, {
            groupId,
            body: `question ${sent}`,
            authorPhone: `4915200000${String(sent % 7).padStart(2, '0')}`,
            authorName: 'Customer',
          });
          if (message) sent++;
          await new Promise((resolve) => setTimeout(resolve, message ? 15 : 30));
        }
      })();

      for (let i = 0; i < apps.length; i++) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await apps[i]?.close();
        apps = [...apps.slice(0, i), await instance(), ...apps.slice(i + 1)];
      }
      writing = false;
      await writer;
      await eventually(
        async () => {
          for (const app of apps) await internalsOf(app).ticketProcessor.settled();
          const [row] = (
            (await ctx.db.execute(
              sql`select (select count(*) from wa_messages where body like 'question %')::int as stored,
                (select count(*) from ticket_messages where message like 'question %')::int as ticketed,
                (select count(*) from wa_live_queue)::int as queued`,
            )) as unknown as { rows: unknown[] }
          ).rows as { stored: number; ticketed: number; queued: number }[];
          return row?.stored === sent && row.ticketed === sent && row.queued === 0 ? row : null;
        },
        15_000,
        'every message stored and ticketed',
      );
      // One active ticket per conversation: per customer of each group, new groups' mode (decision 0020).
      const active = (await ctx.db.execute(
        sql`select group_jid, customer_key, count(*)::int as n from tickets where status <> 'close'
          group by group_jid, customer_key`,
      )) as unknown as { rows: { group_jid: string; n: number }[] };
      expect(active.rows.every((r) => r.n === 1)).toBe(true);
      expect(new Set(active.rows.map((r) => r.group_jid)).size).toBe(groupIds.length);
    },
  );
});

describeEachDatabase('scale-out: leases of sessions that stop by themselves', (ctx) => {
  it('gives the lease back when linking expires, so the place is free for another session', async () => {
    const app = await ctx.buildApp(
      { whatsappSessionsPerInstance: 1, whatsappSessionLimit: 5 },
      { whatsapp: { ...FAST_WHATSAPP, lease: LEASE } },
    );
    await app.ready();
    const owner = await signUpVerified(app);
    const start = (name: string) =>
      post<{ sessionID: string }>(app, owner, '/api/startSession/', { session_name: name, description: 'd' });
    const first = await start('first');
    expect(first.status).toBe(200);
    expect(internalsOf(app).leases.count()).toBe(1);
    // Nobody scans: the phone's QR codes run out and the session stops as qr_expired.
    await eventually(
      async () => (await sessionStatus(app, owner, first.body.sessionID)).status === 'qr_expired',
      10_000,
      'qr_expired',
    );
    await eventually(() => internalsOf(app).leases.count() === 0, 5_000, 'the lease given back');
    const [row] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, first.body.sessionID));
    expect(row?.ownerId).toBeNull();
    expect((await start('second')).status).toBe(200); // the only place of this instance is free again
  });
});
