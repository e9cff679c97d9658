import type { SessionListResponse, StartSessionResponse, TokenPair } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { internalsOf } from '../app-internals';
import type { Config } from '../config';
import { persistentSecret } from '../secrets';
import { seedDemoTickets } from './seed-tickets';

export const DEMO_EMAIL = 'demo@example.com';

export interface DemoAccount {
  email: string;
  password: string;
  /** Set when a simulated session was linked for the account. */
  sessionId: string | null;
}

/**
 * DEMO_SEED: a demo organisation whose owner signs in with a printed password and finds a simulated
 * WhatsApp session already linked (groups, history, media), a month of answered, rated tickets behind it
 * (seed-history.ts) and tickets in every status today (seed-tickets.ts).
 * Goes through the public API like a user would;
 * on later starts the same account and session are reused.
 */
export async function seedDemo(
  app: FastifyInstance,
  config: Config,
  /** How many past days of history a first start replays (seed-history.ts); tests ask for fewer. */
  historyDays = 30,
): Promise<DemoAccount> {
  // The generated part lives in DATA_DIR like the other secrets; the prefix meets the password rules.
  const password = `Demo!${persistentSecret(config.dataDir, 'demo_password').slice(0, 12)}`;
  const tokens = await signIn(app, password);
  // Linking a session needs a verified address (decision 0016), and example.com takes no mail: the demo's
  // owner is verified here, on every start, so a demo data directory from before the rule links too.
  await internalsOf(app).verifyAddress(DEMO_EMAIL);
  const headers = { authorization: `Bearer ${tokens.access_token}` };
  const simulator = app.whatsapp.simulator;
  if (!simulator) return { email: DEMO_EMAIL, password, sessionId: null };
  // A history replay stopped half-way (the process killed) left the clock in the past: only it sets it back.
  const clock = internalsOf(app).simulatedClock;
  if (clock && clock.offsetMs() < 0) await clock.reset();

  const list = await app.inject({ method: 'POST', url: '/api/getSessionsList/', headers });
  const active = list.json<SessionListResponse>().session_list.find((s) => s.isActive);
  if (active?.status === 'connected') {
    await seedDemoTickets(app, headers, active.sessionId, simulator.groups(active.sessionId), historyDays);
    return { email: DEMO_EMAIL, password, sessionId: active.sessionId };
  }

  const started = await app.inject({
    method: 'POST',
    url: '/api/startSession/',
    headers,
    payload: {
      session_name: active?.session_name ?? 'DemoPhone',
      description: active?.description ?? 'Simulated phone (demo mode)',
    },
  });
  const { sessionID } = started.json<StartSessionResponse>();
  await app.whatsapp.gateway.waitForQr(sessionID, 10_000);
  await simulator.scan(sessionID);
  await seedDemoTickets(app, headers, sessionID, simulator.groups(sessionID), historyDays);
  return { email: DEMO_EMAIL, password, sessionId: sessionID };
}

async function signIn(app: FastifyInstance, password: string): Promise<TokenPair> {
  const registered = await app.inject({
    method: 'POST',
    url: '/users/register/',
    payload: { email: DEMO_EMAIL, password1: password, first_name: 'Demo', last_name: 'User' },
  });
  if (registered.statusCode === 201) return registered.json<TokenPair>();
  const login = await app.inject({
    method: 'POST',
    url: '/users/login/',
    payload: { username: DEMO_EMAIL, password },
  });
  if (login.statusCode !== 200) throw new Error(`demo sign-in failed (${login.statusCode}): ${login.body}`);
  return login.json<TokenPair>();
}
