import {
  type RequestPairingCodeResponse,
  type StartSessionResponse,
  sessionMessages,
} from '@wadesk/contract';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { eventually, FAST_WHATSAPP, post, sessionStatus } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { PAIRING_CODES_PER_MINUTE } from './sessions.routes';

// Baileys' pairing codes: 8 characters of its Crockford-like alphabet 1-9, A-Z without I, O and U.
const CODE = /^[1-9A-HJ-NP-TV-Z]{8}$/;

describeWithDatabase('linking by phone number', (ctx) => {
  /** Codes that live long enough to be asked for twice. */
  const slowCodes = () =>
    ctx.buildApp(
      {},
      { whatsapp: { ...FAST_WHATSAPP, simulator: { ...FAST_WHATSAPP.simulator, firstQrMs: 60_000 } } },
    );

  async function startSession(server: Awaited<ReturnType<typeof slowCodes>>, user: { headers: object }) {
    const started = await post<StartSessionResponse>(server, user as never, '/api/startSession/', {
      session_name: 'desk',
      description: 'main line',
    });
    return started.body.sessionID;
  }

  it('answers a pairing code instead of a QR code; typing it on the phone links the session', async () => {
    const server = await slowCodes();
    const owner = await signUpVerified(server);
    const sessionID = await startSession(server, owner);
    await eventually(() => server.whatsapp.gateway.state(sessionID)?.qr, 10_000, 'a QR code');

    const first = await post<RequestPairingCodeResponse>(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '+44 7911 123456',
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: expect.stringMatching(CODE), phone: '+447911123456' });
    // Linking started over by number: no QR code any more.
    expect(server.whatsapp.gateway.state(sessionID)).toMatchObject({
      status: 'qr',
      qr: null,
      pairingCode: first.body.code,
    });
    expect(await sessionStatus(server, owner, sessionID)).toMatchObject({ status: 'qr', success: false });

    // The same number again: the code shown now, linking is not restarted.
    const again = await post<RequestPairingCodeResponse>(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '00447911123456',
    });
    expect(again.body.code).toBe(first.body.code);

    const wrong = await post(server, owner, `/sim/sessions/${sessionID}/enter-code`, { code: 'ZZZZZZZZ' });
    expect(wrong.status).toBe(409);
    expect((await post(server, owner, `/sim/sessions/${sessionID}/scan`)).status).toBe(409);
    // As people read it: with a dash, any case.
    const typed = `${first.body.code.slice(0, 4)}-${first.body.code.slice(4)}`.toLowerCase();
    const entered = await post(server, owner, `/sim/sessions/${sessionID}/enter-code`, { code: typed });
    expect(entered.status).toBe(200);
    await eventually(
      async () => (await sessionStatus(server, owner, sessionID)).status === 'connected',
      10_000,
      'connected',
    );

    const linked = await post(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '+447911123456',
    });
    expect(linked.status).toBe(409);
    expect(linked.body).toEqual({ message: sessionMessages.alreadyConnected });
  });

  it('goes back to QR codes when asked for one, and to a code again', async () => {
    const server = await slowCodes();
    const owner = await signUpVerified(server);
    const sessionID = await startSession(server, owner);
    const paired = await post<RequestPairingCodeResponse>(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '919876543210',
    });
    expect(paired.status).toBe(200);

    const qr = await post(server, owner, '/api/generateQRCode/', { sessionID });
    expect(qr.status).toBe(200);
    expect(qr.raw.headers['content-type']).toBe('image/png');
    expect(server.whatsapp.gateway.state(sessionID)).toMatchObject({
      pairingCode: null,
      qr: expect.any(String),
    });
    expect(
      (await post(server, owner, `/sim/sessions/${sessionID}/enter-code`, { code: paired.body.code })).status,
    ).toBe(409);

    // Another number: a new code for it.
    const other = await post<RequestPairingCodeResponse>(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '+14155550123',
    });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ code: expect.stringMatching(CODE), phone: '+14155550123' });
    expect(server.whatsapp.gateway.state(sessionID)?.qr).toBeNull();
  });

  it('renews the code like a QR code, announces each one, and stops when none is entered', async () => {
    const server = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(server);
    const sessionID = await startSession(server, owner);
    const announced: string[] = [];
    internalsOf(server).bus.on('session.qr', (event) => {
      if (event.sessionId === sessionID) announced.push(event.sessionId);
    });
    const first = await post<RequestPairingCodeResponse>(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '+919876543210',
    });
    expect(first.status).toBe(200);
    const renewed = await eventually(() => {
      const code = server.whatsapp.gateway.state(sessionID)?.pairingCode;
      return code && code !== first.body.code ? code : null;
    });
    expect(renewed).toMatch(CODE);
    const expired = await eventually(async () => {
      const status = await sessionStatus(server, owner, sessionID);
      return status.status === 'qr_expired' ? status : null;
    });
    expect(expired.reason).toBe('The pairing code was not entered in time.');
    expect(announced.length).toBeGreaterThanOrEqual(2);
    // A new request starts linking again.
    const again = await post<RequestPairingCodeResponse>(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '+919876543210',
    });
    expect(again.status).toBe(200);
    expect(again.body.code).toMatch(CODE);
  });

  it('links by number again after the phone logged the device out', async () => {
    const server = await slowCodes();
    const owner = await signUpVerified(server);
    const sessionID = await startSession(server, owner);
    await eventually(() => server.whatsapp.gateway.state(sessionID)?.qr);
    await post(server, owner, `/sim/sessions/${sessionID}/scan`);
    await eventually(async () => (await sessionStatus(server, owner, sessionID)).status === 'connected');
    await post(server, owner, `/sim/sessions/${sessionID}/fail`, { kind: 'logged_out' });
    await eventually(async () => (await sessionStatus(server, owner, sessionID)).status === 'logged_out');
    await server.whatsapp.gateway.settled(sessionID);
    // Started again with its name and description (as Reconnect does), then linked by number.
    await startSession(server, owner);
    const paired = await post<RequestPairingCodeResponse>(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '+919876543210',
    });
    expect(paired.status).toBe(200);
    expect(paired.body.code).toMatch(CODE);
  });

  it(`answers 429 after ${PAIRING_CODES_PER_MINUTE} pairing codes a minute in one organisation`, async () => {
    const server = await slowCodes();
    const owner = await signUpVerified(server);
    const sessionID = await startSession(server, owner);
    const ask = () =>
      post<{ message?: string }>(server, owner, '/api/requestPairingCode/', {
        sessionID,
        phone: '+919876543210',
      });
    for (let i = 0; i < PAIRING_CODES_PER_MINUTE; i++) expect((await ask()).status).toBe(200);
    expect(await ask()).toMatchObject({
      status: 429,
      body: { message: sessionMessages.tooManyPairingCodes },
    });
    // Another organisation is not held back by this one.
    const other = await signUpVerified(server, { email: 'other@example.com' });
    const otherSession = await startSession(server, other);
    const theirs = await post(server, other, '/api/requestPairingCode/', {
      sessionID: otherSession,
      phone: '+919876543211',
    });
    expect(theirs.status).toBe(200);
  });

  it('refuses bad numbers, unknown, foreign, terminated and linked sessions', async () => {
    const server = await slowCodes();
    const owner = await signUpVerified(server);
    const intruder = await signUpVerified(server, { email: 'intruder@example.com' });
    const sessionID = await startSession(server, owner);

    for (const phone of ['12', '+999 123 456 789', 'call me', '']) {
      const bad = await post(server, owner, '/api/requestPairingCode/', { sessionID, phone });
      expect(bad.status, phone).toBe(400);
      expect(bad.body, phone).toEqual({ message: sessionMessages.invalidPhone });
    }
    expect((await post(server, owner, '/api/requestPairingCode/', { phone: '+919876543210' })).body).toEqual({
      message: sessionMessages.noSessionId,
    });
    const foreign = await post(server, intruder, '/api/requestPairingCode/', {
      sessionID,
      phone: '+919876543210',
    });
    expect(foreign.status).toBe(404);
    expect(
      (await post(server, intruder, `/sim/sessions/${sessionID}/enter-code`, { code: 'ABCDEFGH' })).status,
    ).toBe(404);

    // Linked by QR: a new link needs a terminate first.
    await eventually(() => server.whatsapp.gateway.state(sessionID)?.qr);
    await post(server, owner, `/sim/sessions/${sessionID}/scan`);
    await eventually(async () => (await sessionStatus(server, owner, sessionID)).status === 'connected');
    await server.whatsapp.gateway.settled(sessionID);
    await post(server, owner, `/sim/sessions/${sessionID}/fail`, { kind: 'unreachable' });
    await eventually(async () => (await sessionStatus(server, owner, sessionID)).status !== 'connected');
    const linked = await post(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '+919876543210',
    });
    expect(linked.status).toBe(409);
    expect(linked.body).toEqual({ message: sessionMessages.alreadyLinked });

    await post(server, owner, '/api/terminateSession/', { sessionID });
    const ended = await post(server, owner, '/api/requestPairingCode/', {
      sessionID,
      phone: '+919876543210',
    });
    expect(ended.status).toBe(409);
  });
});
