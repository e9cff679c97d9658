import type { RequestPairingCodeResponse, SessionListResponse, StartSessionResponse } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeEachDatabase, describeWithDatabase } from '../../../test/helpers/describe-each-database';
import {
  eventually,
  linkScripted,
  post,
  SCRIPTED_PHONE,
  scriptedWhatsApp,
  sessionStatus,
} from '../../../test/helpers/whatsapp';
import { startVersionServer, swJs } from '../../../test-support/whatsapp/version-server';
import { waClientVersion, waSessions } from '../../db/schema';

// What a session announces to WhatsApp, through the app and the real driver over a scripted WhatsApp:
// the WhatsApp Web version (fetched from a service worker on loopback, kept in wa_client_version) and the
// platform it linked as (wa_sessions.link_platform). Decision 0015 §2 and §11.
const CURRENT: [number, number, number] = [2, 3000, 1045340097];

let versions: Awaited<ReturnType<typeof startVersionServer>>;
beforeAll(async () => {
  versions = await startVersionServer({ body: swJs(CURRENT[2]) });
});
afterAll(() => versions.close());

describeEachDatabase('the WhatsApp Web version, shared', (ctx) => {
  it('every instance and restart announces the version one of them fetched; stale answers are not kept', async () => {
    versions.answer({ body: swJs(CURRENT[2]) });
    const first = scriptedWhatsApp();
    const fetching = await ctx.buildApp(
      { whatsappDriver: 'baileys', whatsappVersionUrl: versions.url },
      { whatsapp: first.whatsapp },
    );
    const ann = await signUpVerified(fetching);
    await post(fetching, ann, '/api/startSession/', { session_name: 'a', description: 'b' });
    expect((await first.wa.socket(1)).config.version).toEqual(CURRENT);
    const [row] = await ctx.db.select().from(waClientVersion);
    expect(row?.version).toBe('2.3000.1045340097');

    // Another instance (or this one restarted) that cannot reach WhatsApp Web: the stored version.
    const second = scriptedWhatsApp();
    const offline = await ctx.buildApp({ whatsappDriver: 'baileys' }, { whatsapp: second.whatsapp });
    const bob = await signUpVerified(offline, { email: 'bob@example.com' });
    await post(offline, bob, '/api/startSession/', { session_name: 'c', description: 'd' });
    expect((await second.wa.socket(1)).config.version).toEqual(CURRENT);

    // One that is answered an older version keeps the stored one, and stores nothing.
    versions.answer({ body: swJs(1044000000) });
    const third = scriptedWhatsApp();
    const stale = await ctx.buildApp(
      { whatsappDriver: 'baileys', whatsappVersionUrl: versions.url },
      { whatsapp: third.whatsapp },
    );
    const cy = await signUpVerified(stale, { email: 'cy@example.com' });
    await post(stale, cy, '/api/startSession/', { session_name: 'e', description: 'f' });
    expect((await third.wa.socket(1)).config.version).toEqual(CURRENT);
    expect(await ctx.db.select().from(waClientVersion)).toEqual([row]);
  });
});

describeWithDatabase('what a session announces', (ctx) => {
  it("the session's health says which version it connected with and where it came from", async () => {
    versions.answer({ body: swJs(CURRENT[2]) });
    const { wa, whatsapp } = scriptedWhatsApp();
    const server = await ctx.buildApp(
      { whatsappDriver: 'baileys', whatsappVersionUrl: versions.url },
      { whatsapp },
    );
    const owner = await signUpVerified(server);
    const before = Date.now();
    const { sessionId } = await linkScripted(server, owner, wa);
    const list = (await post<SessionListResponse>(server, owner, '/api/getSessionsList/')).body;
    const [linked] = list.session_list.find((s) => s.sessionId === sessionId)?.health.events ?? [];
    expect(linked).toMatchObject({
      kind: 'linked',
      version: { number: '2.3000.1045340097', source: 'fetched', fetched_at: expect.any(String) },
    });
    expect(Date.parse(linked?.version?.fetched_at ?? '')).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('a refused version (409, then 405) is answered with the version WhatsApp Web names now', async () => {
    versions.answer({ body: swJs(CURRENT[2]) });
    const { wa, whatsapp } = scriptedWhatsApp({ version: { refusalGapMs: 0 } });
    const server = await ctx.buildApp(
      { whatsappDriver: 'baileys', whatsappVersionUrl: versions.url },
      { whatsapp },
    );
    const owner = await signUpVerified(server);
    const { sessionId, socket } = await linkScripted(server, owner, wa);
    expect(socket.config.version).toEqual(CURRENT);

    versions.answer({ body: swJs(1046000000) });
    await socket.failure({ reason: '409' });
    const second = await wa.socket(3);
    expect(second.config.version).toEqual([2, 3000, 1046000000]);
    second.open();
    await eventually(async () => (await sessionStatus(server, owner, sessionId)).status === 'connected');

    versions.answer({ body: swJs(1047000000) });
    await second.failure({ reason: '405' });
    const third = await wa.socket(4);
    expect(third.config.version).toEqual([2, 3000, 1047000000]);
    const [row] = await ctx.db.select().from(waClientVersion);
    expect(row?.version).toBe('2.3000.1047000000');
  });

  it('WHATSAPP_VERSION wins over what WhatsApp Web answers, and the health says it was configured', async () => {
    versions.answer({ body: swJs(CURRENT[2]) });
    const pinned = scriptedWhatsApp();
    const configured = await ctx.buildApp(
      { whatsappDriver: 'baileys', whatsappVersionUrl: versions.url, whatsappVersion: [2, 3000, 1023223821] },
      { whatsapp: pinned.whatsapp },
    );
    const bob = await signUpVerified(configured);
    await linkScripted(configured, bob, pinned.wa);
    expect(pinned.wa.sockets.map((s) => s.config.version)).toEqual([
      [2, 3000, 1023223821],
      [2, 3000, 1023223821],
    ]);
    const events = (await post<SessionListResponse>(configured, bob, '/api/getSessionsList/')).body
      .session_list[0]?.health.events;
    expect(events?.[0]).toMatchObject({
      kind: 'linked',
      version: { number: '2.3000.1023223821', source: 'configured', fetched_at: null },
    });
  });

  it('links by pairing code as Chrome, keeps that with the session, and reconnects as Chrome after a restart', async () => {
    const { wa, whatsapp } = scriptedWhatsApp();
    const server = await ctx.buildApp({ whatsappDriver: 'baileys' }, { whatsapp });
    const owner = await signUpVerified(server);
    const sessionID = (
      await post<StartSessionResponse>(server, owner, '/api/startSession/', {
        session_name: 'desk',
        description: 'by number',
      })
    ).body.sessionID;
    expect((await wa.socket(1)).config.browser).toEqual(['Mac OS', 'Desktop', '14.4.1']);

    // Linking starts over by number: the new socket announces Chrome, and asks for the code when ready.
    const asking = post<RequestPairingCodeResponse>(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '+49 170 12345678',
    });
    const byCode = await wa.socket(2);
    expect(byCode.config.browser).toEqual(['Mac OS', 'Chrome', '14.4.1']);
    byCode.qr();
    expect((await asking).body).toEqual({ code: 'WDSK2024', phone: '+4917012345678' });
    expect(byCode.calls.companionPlatform).toEqual([{ id: '1', display: 'Chrome (Mac OS)' }]);
    expect(await byCode.enterCode(SCRIPTED_PHONE)).toBe(true);
    const restart = await wa.socket(3);
    expect(restart.config.browser?.[1]).toBe('Chrome');
    restart.open();
    await eventually(async () => (await sessionStatus(server, owner, sessionID)).status === 'connected');
    const [row] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, sessionID));
    expect(row?.linkPlatform).toBe('chrome');

    // The process lets go of its sessions and takes them up again, as a restarted server does.
    await server.whatsapp.gateway.close();
    await server.whatsapp.cluster.start({ id: sessionID, organisationId: row?.organisationId ?? 0 });
    expect((await wa.socket(4)).config.browser).toEqual(['Mac OS', 'Chrome', '14.4.1']);
  });
});
