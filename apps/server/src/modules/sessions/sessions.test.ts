import type { SessionListResponse, StartSessionResponse } from '@wadesk/contract';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, FAST_WHATSAPP, linkSession, post, sessionStatus } from '../../../test/helpers/whatsapp';
import { waAuth, waSessions } from '../../db/schema';

describeWithDatabase('sessions', (ctx) => {
  const app = () => ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });

  it('links a session: start → QR PNG that decodes to the current QR → scan → connected → groups', async () => {
    // A QR code that lives long enough to compare with the PNG even on a busy machine.
    const server = await ctx.buildApp(
      {},
      { whatsapp: { ...FAST_WHATSAPP, simulator: { ...FAST_WHATSAPP.simulator, firstQrMs: 60_000 } } },
    );
    const owner = await signUpVerified(server);
    const started = await post<StartSessionResponse>(server, owner, '/api/startSession/', {
      session_name: ' Main  Line ',
      description: 'support desk',
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ success: true, reconnected: false, status: 'starting' });
    const sessionId = started.body.sessionID;

    const qr = await post(server, owner, '/api/generateQRCode/', { sessionID: sessionId });
    expect(qr.status).toBe(200);
    expect(qr.raw.headers['content-type']).toBe('image/png');
    const image = PNG.sync.read(qr.raw.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(server.whatsapp.gateway.state(sessionId)?.qr);
    expect(decoded?.data.split(',')).toHaveLength(4); // ref, noise key, identity key, adv secret
    expect(await sessionStatus(server, owner, sessionId)).toMatchObject({
      success: false,
      status: 'qr',
      driver: 'simulator',
    });

    expect((await post(server, owner, `/sim/sessions/${sessionId}/scan`)).status).toBe(200);
    const connected = await eventually(async () => {
      const status = await sessionStatus(server, owner, sessionId);
      return status.status === 'connected' ? status : null;
    });
    expect(connected).toMatchObject({
      success: true,
      message: 'Connected',
      reason: null,
      phone: expect.stringMatching(/^91\d{10}$/),
    });
    expect(await ctx.count(waAuth)).toBeGreaterThan(0); // creds are in the database, not on disk

    const list = (await post<SessionListResponse>(server, owner, '/api/getSessionsList/')).body;
    expect(list).toMatchObject({ session_count: 1, driver: 'simulator' });
    expect(list.session_list[0]).toMatchObject({
      sessionId,
      session_name: 'MainLine',
      description: 'support desk',
      isActive: true,
      status: 'connected',
    });
    expect(Date.parse(list.session_list[0]?.created_at ?? '')).not.toBeNaN();

    await eventually(
      async () =>
        (await post<{ groups_count: number }>(server, owner, '/api/getGroups/')).body.groups_count === 4,
    );
  });

  it('rotates QR codes, and stops linking when nobody scans', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { body } = await post<StartSessionResponse>(server, owner, '/api/startSession/', {
      session_name: 'a',
      description: 'b',
    });
    const first = await eventually(() => server.whatsapp.gateway.state(body.sessionID)?.qr);
    const second = await eventually(() => {
      const qr = server.whatsapp.gateway.state(body.sessionID)?.qr;
      return qr && qr !== first ? qr : null;
    });
    expect(second).not.toBe(first);
    const expired = await eventually(async () => {
      const status = await sessionStatus(server, owner, body.sessionID);
      return status.status === 'qr_expired' ? status : null;
    });
    expect(expired).toMatchObject({ success: false, reason: 'The QR code was not scanned in time.' });
    // No QR now: generateQRCode starts linking again and answers the new code.
    const again = await post(server, owner, '/api/generateQRCode/', { sessionID: body.sessionID });
    expect(again.status).toBe(200);
  });

  it('reconnects the session with the same name and description instead of creating another', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const first = await post<StartSessionResponse>(server, owner, '/api/startSession/', {
      session_name: 'desk',
      description: 'x',
    });
    const second = await post<StartSessionResponse>(server, owner, '/api/startSession/', {
      session_name: 'de sk',
      description: ' x ',
    });
    expect(second.body).toMatchObject({
      success: true,
      message: 'Session reconnected.',
      reconnected: true,
      sessionID: first.body.sessionID,
    });
    expect(await ctx.count(waSessions)).toBe(1);
  });

  it('enforces the active-session limit per organisation, and frees a slot on terminate', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const first = await post<StartSessionResponse>(server, owner, '/api/startSession/', {
      session_name: 'one',
      description: 'x',
    });
    const second = await post(server, owner, '/api/startSession/', { session_name: 'two', description: 'x' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: 'Active session limit reached (1). Terminate a session first.' });
    expect(await ctx.count(waSessions)).toBe(1);

    // Another organisation has its own limit.
    const other = await signUpVerified(server, { email: 'other@example.com' });
    expect(
      (await post(server, other, '/api/startSession/', { session_name: 'one', description: 'x' })).status,
    ).toBe(200);

    const ended = await post(server, owner, '/api/terminateSession/', { sessionID: first.body.sessionID });
    expect(ended.body).toEqual({ success: true, message: 'Session terminated.' });
    expect(await sessionStatus(server, owner, first.body.sessionID)).toMatchObject({
      status: 'terminated',
      success: false,
    });
    expect(
      (await post(server, owner, '/api/startSession/', { session_name: 'two', description: 'x' })).status,
    ).toBe(200);
    // The terminated one cannot come back while the new one holds the only slot.
    expect(
      (await post(server, owner, '/api/startSession/', { session_name: 'one', description: 'x' })).status,
    ).toBe(409);

    const limited = await ctx.buildApp({ whatsappSessionLimit: 3 }, { whatsapp: FAST_WHATSAPP });
    expect(
      (await post(limited, owner, '/api/startSession/', { session_name: 'three', description: 'x' })).status,
    ).toBe(200);
  });

  it('terminate logs the device out: creds are gone and the session is inactive', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const { sessionId } = await linkSession(server, owner);
    expect((await post(server, owner, '/api/terminateSession/', { sessionID: sessionId })).status).toBe(200);
    expect(await ctx.count(waAuth)).toBe(0);
    const list = (await post<SessionListResponse>(server, owner, '/api/getSessionsList/')).body;
    expect(list.session_list[0]).toMatchObject({ isActive: false, status: 'terminated' });
    expect((await post(server, owner, '/api/getGroups/')).body).toMatchObject({ groups_count: 0 });
    expect((await post(server, owner, '/api/generateQRCode/', { sessionID: sessionId })).status).toBe(409);
  });

  it('answers the specification texts for missing ids and 404 for unknown sessions', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    expect((await post(server, owner, '/api/generateQRCode/', {})).body).toEqual({
      message: 'No session id passed',
    });
    expect((await post(server, owner, '/api/sessionStatus/', { sessionID: ' ' })).body).toEqual({
      message: 'No session id passed',
    });
    expect((await post(server, owner, '/api/terminateSession/', {})).body).toEqual({
      message: 'sessionId is not available',
    });
    expect(
      (await post(server, owner, '/api/startSession/', { session_name: '   ', description: 'x' })).status,
    ).toBe(400);
    // A name or description of invisible characters only (zero-width space, word joiner) is empty.
    for (const body of [
      { session_name: '\u200B\u2060', description: 'x' },
      { session_name: 'Main', description: ' \u200B ' },
    ])
      expect((await post(server, owner, '/api/startSession/', body)).status).toBe(400);
    for (const sessionID of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await post(server, owner, '/api/sessionStatus/', { sessionID });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        message: 'That session was not found. It may have been terminated; reload the list.',
      });
    }
    expect((await server.inject({ method: 'POST', url: '/api/getSessionsList/' })).statusCode).toBe(401);
  });

  it('keeps every call to its own organisation', async () => {
    const server = await app();
    const owner = await signUpVerified(server);
    const intruder = await signUpVerified(server, { email: 'intruder@example.com' });
    const { sessionId } = await linkSession(server, owner);
    for (const url of ['/api/generateQRCode/', '/api/sessionStatus/', '/api/terminateSession/']) {
      const response = await post(server, intruder, url, { sessionID: sessionId });
      expect(response.status, url).toBe(404);
    }
    for (const url of ['scan', 'incoming', 'fail']) {
      const payload =
        url === 'fail' ? { kind: 'logged_out' } : url === 'incoming' ? { group_id: 'x@g.us', body: 'x' } : {};
      expect((await post(server, intruder, `/sim/sessions/${sessionId}/${url}`, payload)).status, url).toBe(
        404,
      );
    }
    expect(
      (await post<SessionListResponse>(server, intruder, '/api/getSessionsList/')).body.session_count,
    ).toBe(0);
    expect((await post(server, intruder, '/api/getGroups/')).body).toMatchObject({
      groups_count: 0,
      groups: [],
    });
    expect(await sessionStatus(server, owner, sessionId)).toMatchObject({ status: 'connected' });
  });
});

describe('simulator control endpoints', () => {
  describeWithDatabase('with the baileys driver', (ctx) => {
    it('do not exist', async () => {
      const server = await ctx.buildApp({ whatsappDriver: 'baileys' });
      const owner = await signUpVerified(server);
      const response = await post(server, owner, '/sim/sessions/00000000-0000-4000-8000-000000000000/scan');
      expect(response.status).toBe(404);
    });
  });
});
