// The driver and the session runner over a scripted WhatsApp (scripted-whatsapp.ts), with the real
// database-backed auth state over an in-memory store: what the driver's tests and the linking bench run.
import { jidEncode } from 'baileys';
import pino from 'pino';
import { type AuthRow, type AuthStore, loadSessionAuth } from '../../src/whatsapp/auth/session-auth';
import { type BaileysOptions, createBaileysDriver } from '../../src/whatsapp/baileys/baileys-driver';
import type { ClientVersions } from '../../src/whatsapp/client-version';
import type {
  Connection,
  ConnectOptions,
  ContactInfo,
  GroupInfo,
  HistoryBatch,
  LinkPlatform,
  MissedCall,
  PollVote,
  SendReceipt,
  SessionAuth,
} from '../../src/whatsapp/driver';
import { createSessionRunner, type RunnerState, type RunnerTiming } from '../../src/whatsapp/session-runner';
import { createScriptedWhatsApp, type PhoneScript } from './scripted-whatsapp';

export const FAST_TIMING: RunnerTiming = {
  backoffBaseMs: 5,
  backoffMaxMs: 20,
  unreachableAfter: 3,
  keepAliveMs: 1_000,
  watchdogFactor: 3,
  linkTimeoutMs: 5_000,
  restartLimit: 5,
};

/** What the runner's hooks received, in order. */
export type Received =
  | { kind: 'history'; batch: HistoryBatch }
  | { kind: 'live'; ids: string[] }
  | { kind: 'contacts'; contacts: ContactInfo[] }
  | { kind: 'groups'; groups: GroupInfo[] }
  | { kind: 'sendStatus'; receipts: SendReceipt[] }
  | { kind: 'votes'; votes: PollVote[] }
  | { kind: 'calls'; calls: MissedCall[] }
  | { kind: 'open' };

/**
 * An AuthStore in memory, counting what it is asked. While `failing` is set every write is refused, as a
 * database that went away refuses it (the store's write is all or nothing, so nothing is kept).
 */
export function memoryAuthStore() {
  const rows = new Map<string, string>();
  const store: AuthStore & { rows: Map<string, string>; writes: number; failing: boolean } = {
    rows,
    writes: 0,
    failing: false,
    async read(_sessionId, type, keyIds) {
      const found = new Map<string, string>();
      for (const id of keyIds) {
        const value = rows.get(`${type}/${id}`);
        if (value !== undefined) found.set(id, value);
      }
      return found;
    },
    async write(_sessionId, written: AuthRow[]) {
      store.writes += 1;
      if (store.failing) throw new Error('connection to the database lost');
      for (const row of written) {
        if (row.value === null) rows.delete(`${row.type}/${row.keyId}`);
        else rows.set(`${row.type}/${row.keyId}`, row.value);
      }
    },
    async clear() {
      rows.clear();
    },
  };
  return store;
}

/** A store holding linked creds (already synced once, so a reconnect does not wait for history). */
export async function linkedStore(phone = '4917000000009', lid = '99000000000009@lid') {
  const store = memoryAuthStore();
  const auth = await loadSessionAuth(store, 'session');
  auth.state.creds.me = { id: jidEncode(phone, 's.whatsapp.net', 3), name: 'Phone', lid };
  auth.state.creds.accountSyncCounter = 1;
  await auth.saveCreds();
  await auth.close();
  return store;
}

export function createHarness(
  script: PhoneScript,
  options: {
    store?: ReturnType<typeof memoryAuthStore>;
    timing?: Partial<RunnerTiming>;
    baileys?: Partial<BaileysOptions>;
    /** Like the gateway: list the groups once the connection opens. */
    listGroupsOnOpen?: boolean;
    /** What the session sent (the gateway reads desk_replies). */
    sentMessage?: ConnectOptions['sentMessage'];
    /** The session's stored polls (the gateway reads wa_polls). */
    poll?: ConnectOptions['poll'];
    /** The versions to announce (the gateway's keeper); absent: the driver's own. */
    versions?: ClientVersions;
    /** The platform the session was linked with, as the session row keeps it (null: never linked). */
    platform?: LinkPlatform | null;
  } = {},
) {
  const wa = createScriptedWhatsApp(script);
  const store = options.store ?? memoryAuthStore();
  const driver = createBaileysDriver({
    logger: pino({ level: 'silent' }),
    connectTimeoutMs: 1_000,
    keepAliveIntervalMs: 1_000,
    groupRefreshDelayMs: 20,
    reuploadTimeoutMs: 100,
    makeSocket: wa.makeSocket,
    ...options.baileys,
  });
  const received: Received[] = [];
  const states: RunnerState[] = [];
  const errors: { error: unknown; context: string }[] = [];
  const auths: { loaded: SessionAuth; closed: boolean }[] = [];
  let connection: Connection | null = null;
  // The session's kept link platform (wa_sessions.link_platform in the app).
  const kept = { platform: options.platform ?? null };
  const runner = createSessionRunner({
    sessionId: 'session',
    driver,
    timing: { ...FAST_TIMING, ...options.timing },
    ...(options.sentMessage ? { sentMessage: options.sentMessage } : {}),
    ...(options.poll ? { poll: options.poll } : {}),
    ...(options.versions ? { versions: options.versions } : {}),
    platform: {
      stored: async () => kept.platform,
      linking: async (platform) => {
        kept.platform = platform;
      },
    },
    loadAuth: async () => {
      const loaded = await loadSessionAuth(store, 'session');
      const entry = { loaded, closed: false };
      auths.push(entry);
      const close = loaded.close;
      loaded.close = async () => {
        entry.closed = true;
        await close();
      };
      return loaded;
    },
    hooks: {
      state: (state) => states.push(state),
      open: (opened) => {
        connection = opened;
        received.push({ kind: 'open' });
        if (options.listGroupsOnOpen)
          opened.listGroups().then((groups) => received.push({ kind: 'groups', groups }));
      },
      history: (batch) => received.push({ kind: 'history', batch }),
      live: (messages) => received.push({ kind: 'live', ids: messages.map((m) => m.key.id ?? '') }),
      contacts: (contacts) => received.push({ kind: 'contacts', contacts }),
      groups: (groups) => received.push({ kind: 'groups', groups }),
      sendStatus: (receipts) => received.push({ kind: 'sendStatus', receipts }),
      votes: (votes) => received.push({ kind: 'votes', votes }),
      calls: (calls) => received.push({ kind: 'calls', calls }),
      error: (error, context) => errors.push({ error, context }),
    },
  });

  return {
    wa,
    store,
    driver,
    runner,
    received,
    states,
    errors,
    auths,
    kept,
    connection: () => {
      if (!connection) throw new Error('not connected');
      return connection;
    },
    /** Polls until `check` returns something truthy (every 2 ms, at most `ms`). */
    async until<T>(check: () => T | null | undefined | false, ms = 2_000): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        const value = check();
        if (value) return value;
        if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    status: () => runner.state().status,
  };
}
