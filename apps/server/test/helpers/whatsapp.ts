import type { GroupsResponse, SessionStatusResponse, StartSessionResponse } from '@wadesk/contract';
import { type GroupMetadata, proto, type WAMessage } from 'baileys';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { AppDeps } from '../../src/app';
import { internalsOf } from '../../src/app-internals';
import type { Config } from '../../src/config';
import { createBaileysDriver } from '../../src/whatsapp/baileys/baileys-driver';
import type { WhatsAppOverrides } from '../../src/whatsapp/create-driver';
import {
  createScriptedWhatsApp,
  groupMetadata,
  type PhoneScript,
  type ScriptedSocket,
  type ScriptedWhatsApp,
} from '../../test-support/whatsapp/scripted-whatsapp';
import { type SignedIn, signUpVerified } from './auth';

/** Simulator and state machine with millisecond timers, so whole lifecycles run in a test. */
export const FAST_WHATSAPP: WhatsAppOverrides = {
  timing: {
    backoffBaseMs: 20,
    backoffMaxMs: 100,
    unreachableAfter: 2,
    keepAliveMs: 150,
    watchdogFactor: 3,
    linkTimeoutMs: 10_000,
  },
  simulator: {
    firstQrMs: 400,
    qrMs: 200,
    qrRefs: 3,
    answerDelayMs: 5,
    pingMs: 10,
    historyDepth: 120,
    // The phone's reactions, edits, deletes and call after the sync (decision 0026) only where asked for.
    phoneActivity: false,
  },
  qrWaitMs: 2_000,
  historyWaitMs: 1_000,
  syncAnswerTimeoutMs: 300,
  // Three empty answers at least this far apart prove a chat's start.
  historyEmptyGapMs: 40,
  heartbeatMs: 50,
};

/** Polls `check` until it returns something truthy (or throws on timeout with the last value). */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await check();
    if (last) return last as NonNullable<T>;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  throw new Error(`Timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
}

export async function post<T = unknown>(
  app: FastifyInstance,
  user: SignedIn,
  url: string,
  payload: object = {},
) {
  const response = await app.inject({ method: 'POST', url, headers: user.headers, payload });
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return { status: response.statusCode, body: (json ? response.json() : undefined) as T, raw: response };
}

export async function sessionStatus(app: FastifyInstance, user: SignedIn, sessionId: string) {
  return (await post<SessionStatusResponse>(app, user, '/api/sessionStatus/', { sessionID: sessionId })).body;
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase());

/** Creates a session, scans its QR code in the simulator and waits until its groups are stored. */
export async function linkSession(
  app: FastifyInstance,
  user: SignedIn,
  name = 'Support',
): Promise<{ sessionId: string; groups: GroupsResponse['groups'] }> {
  const started = await post<StartSessionResponse>(app, user, '/api/startSession/', {
    session_name: name,
    description: 'main line',
  });
  if (started.status !== 200)
    throw new Error(`startSession: ${started.status} ${JSON.stringify(started.body)}`);
  const sessionId = started.body.sessionID;
  // The simulated phone sends its history after linking, one batch per group (it has four).
  const synced = new Set<string>();
  const stop = internalsOf(app).bus.on('history', (event) => {
    if (event.sessionId === sessionId && !event.onDemand) synced.add(event.groupId);
  });
  await eventually(() => app.whatsapp.gateway.state(sessionId)?.qr, 10_000, 'a QR code');
  const scan = await post(app, user, `/sim/sessions/${sessionId}/scan`);
  if (scan.status !== 200) throw new Error(`scan: ${scan.status} ${JSON.stringify(scan.body)}`);
  await eventually(
    async () => (await sessionStatus(app, user, sessionId)).status === 'connected',
    10_000,
    'connected',
  );
  const groups = await eventually(
    async () => {
      await app.whatsapp.gateway.settled(sessionId);
      const list = (await post<GroupsResponse>(app, user, '/api/getGroups/')).body;
      // By name, as tests pick "the first group": the list itself puts the newest message first.
      return list.groups_count > 0 ? [...list.groups].sort(byName) : null;
    },
    10_000,
    'groups',
  );
  await eventually(() => synced.size === groups.length, 10_000, 'history after linking');
  await app.whatsapp.gateway.settled(sessionId);
  stop();
  return { sessionId, groups };
}

/**
 * The real Baileys driver over a scripted WhatsApp (test-support/whatsapp/scripted-whatsapp.ts): every
 * socket the app opens is one of `wa.sockets`, driven by the test. The watchdog is slowed down, as a
 * scripted socket sends frames only when told.
 */
export function scriptedWhatsApp(overrides: WhatsAppOverrides = {}, script: Partial<PhoneScript> = {}) {
  const wa = createScriptedWhatsApp({
    groups: [groupMetadata('120363000000000001@g.us', 'Support', [])],
    pairingCode: 'WDSK2024',
    ...script,
  });
  const whatsapp: WhatsAppOverrides = {
    ...FAST_WHATSAPP,
    ...overrides,
    timing: { ...FAST_WHATSAPP.timing, keepAliveMs: 60_000, ...overrides.timing },
    baileys: { makeSocket: wa.makeSocket, groupRefreshDelayMs: 20, ...overrides.baileys },
  };
  return { wa, whatsapp };
}

/** The phone a scripted link links. */
export const SCRIPTED_PHONE = { pn: '4917012345678@s.whatsapp.net', lid: '12345678901234@lid' };

/** Starts a session on a scripted WhatsApp and links it by QR code: the sockets it took, and its id. */
export async function linkScripted(
  app: FastifyInstance,
  user: SignedIn,
  wa: ScriptedWhatsApp,
  name = 'Support',
): Promise<{ sessionId: string; socket: ScriptedSocket }> {
  const opened = wa.sockets.length;
  const started = await post<StartSessionResponse>(app, user, '/api/startSession/', {
    session_name: name,
    description: 'main line',
  });
  const sessionId = started.body.sessionID;
  const linking = await wa.socket(opened + 1);
  linking.qr();
  await eventually(() => app.whatsapp.gateway.state(sessionId)?.qr, 5_000, 'a QR code');
  linking.scan(SCRIPTED_PHONE);
  const socket = await wa.socket(opened + 2);
  socket.open();
  await eventually(async () => (await sessionStatus(app, user, sessionId)).status === 'connected');
  await app.whatsapp.gateway.settled(sessionId);
  return { sessionId, socket };
}

/**
 * As linkScripted, then the first sync ends with `history` (a chunk of the initial sync) and the session
 * reconnects, synced, as most connections are: the connected socket. On the first connection after a link,
 * rc14's buffer is flushed inside the buffered function that ends the initial sync (chats.js:977-1002); its
 * debounce timer then fires into an idle buffer and is never cleared (event-buffer.js:59-61, 160-165), so
 * later events wait for the 30 s auto-flush (event-buffer.js:41-53) unless other traffic flushes first.
 */
export async function linkScriptedSynced(
  app: FastifyInstance,
  user: SignedIn,
  wa: ScriptedWhatsApp,
  history: WAMessage[] = [],
): Promise<{ sessionId: string; socket: ScriptedSocket }> {
  const { sessionId, socket: first } = await linkScripted(app, user, wa);
  await first.history({ messages: history, syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP });
  await app.whatsapp.gateway.settled(sessionId);
  const opened = wa.sockets.length;
  await first.fail(503);
  const socket = await wa.socket(opened + 1);
  socket.open();
  await eventually(() => app.whatsapp.gateway.state(sessionId)?.status === 'connected', 5_000, 'reconnected');
  await app.whatsapp.gateway.settled(sessionId);
  return { sessionId, socket };
}

/**
 * An app whose verified owner linked `me` over a scripted WhatsApp through the real Baileys driver built here
 * (not the app's own), connected once the first connection's history sync let Baileys' events through
 * (chats.js:1064-1105). The scripted socket sends no keep-alive frames, so the watchdog is slowed down.
 */
export async function linkScriptedBaileys(
  buildApp: (overrides?: Partial<Config>, deps?: AppDeps) => Promise<FastifyInstance>,
  groups: GroupMetadata[],
  me: { pn: string; lid: string },
) {
  const wa = createScriptedWhatsApp({ groups });
  const driver = createBaileysDriver({
    logger: pino({ level: 'silent' }),
    connectTimeoutMs: 1_000,
    keepAliveIntervalMs: 60_000,
    groupRefreshDelayMs: 20,
    makeSocket: wa.makeSocket,
  });
  const app = await buildApp(
    {},
    { whatsapp: { ...FAST_WHATSAPP, driver, timing: { ...FAST_WHATSAPP.timing, keepAliveMs: 60_000 } } },
  );
  const owner = await signUpVerified(app);
  const started = await post<StartSessionResponse>(app, owner, '/api/startSession/', {
    session_name: 'Support',
    description: 'main line',
  });
  const sessionId = started.body.sessionID;
  const linking = await wa.socket(1);
  linking.qr();
  await eventually(() => app.whatsapp.gateway.state(sessionId)?.qr, 5_000, 'a QR code');
  linking.scan(me);
  const socket = await wa.socket(2);
  socket.open();
  await socket.history({ messages: [] });
  await eventually(() => app.whatsapp.gateway.state(sessionId)?.status === 'connected', 5_000, 'connected');
  return { wa, app, owner, sessionId, socket };
}
