import type { SessionStatus } from '@wadesk/contract';
import type { WAMessage } from 'baileys';
import type {
  Connection,
  ConnectionClose,
  ConnectionEvents,
  ConnectOptions,
  ContactInfo,
  GroupInfo,
  HistoryBatch,
  LinkedAccount,
  SessionAuth,
  WhatsAppDriver,
} from './driver';

export interface RunnerTiming {
  /** First retry delay after a failed or dropped connection; doubles per failure up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Consecutive failures after which the status says `unreachable` instead of `reconnecting`. */
  unreachableAfter: number;
  /** How often the watchdog looks; Baileys pings the server at this interval too. */
  keepAliveMs: number;
  /** An open connection with no frame for this many keep-alive intervals is considered dead. */
  watchdogFactor: number;
  /** Longest time a session may spend linking (QR shown, nobody scans) before it stops. */
  linkTimeoutMs: number;
  /**
   * 515s in a row without an open connection that are still answered by reconnecting (the first at once,
   * later ones with backoff); the next one counts as a failure.
   */
  restartLimit: number;
}

export const DEFAULT_TIMING: RunnerTiming = {
  backoffBaseMs: 2_000,
  backoffMaxMs: 60_000,
  unreachableAfter: 3,
  keepAliveMs: 30_000,
  watchdogFactor: 3,
  linkTimeoutMs: 3 * 60_000,
  restartLimit: 5,
};

export interface RunnerState {
  status: SessionStatus;
  reason: string | null;
  /** The QR code currently shown, while linking. */
  qr: string | null;
  /** The pairing code to type on the phone, while linking by phone number. */
  pairingCode: string | null;
  account: LinkedAccount | null;
  /** false once the runner stopped for good (terminated, logged out, QR expired, replaced, refused). */
  running: boolean;
}

export interface RunnerHooks {
  state(state: RunnerState): void;
  open(connection: Connection, account: LinkedAccount): void;
  history(batch: HistoryBatch): void;
  live(messages: WAMessage[]): void;
  contacts(contacts: ContactInfo[]): void;
  groups(groups: GroupInfo[]): void;
  error(error: unknown, context: string): void;
}

export interface SessionRunner {
  /** Starts linking or connecting; with `pairingPhone` an unlinked session links by phone number. */
  start(link?: { pairingPhone: string | null }): void;
  /** Stops for good; `logout` also unlinks the device and forgets the creds. */
  stop(mode: 'end' | 'logout'): Promise<void>;
  state(): RunnerState;
  connection(): Connection | null;
}

/**
 * One session's state machine: starting → qr → connected, with reconnecting / unreachable on failures,
 * and the terminal qr_expired / logged_out / version_refused / refused / replaced / terminated. Every connection
 * attempt gets a generation number, so late events of a connection we already gave up on change nothing.
 * The session's auth is loaded once per start() and closed when the run ends.
 */
export function createSessionRunner(options: {
  sessionId: string;
  driver: WhatsAppDriver;
  loadAuth: () => Promise<SessionAuth>;
  timing: RunnerTiming;
  hooks: RunnerHooks;
  /** What the session sent, for the driver to send again on a retry receipt (ConnectOptions.sentMessage). */
  sentMessage?: ConnectOptions['sentMessage'];
}): SessionRunner {
  const { sessionId, driver, loadAuth, timing, hooks, sentMessage } = options;
  let state: RunnerState = {
    status: 'starting',
    reason: null,
    qr: null,
    pairingCode: null,
    account: null,
    running: false,
  };
  let pairingPhone: string | null = null;
  let generation = 0;
  let failures = 0;
  /** 515s since the last open connection. */
  let restarts = 0;
  let linked = false;
  let connection: Connection | null = null;
  let auth: Promise<SessionAuth> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let watchdog: NodeJS.Timeout | null = null;
  let linkTimer: NodeJS.Timeout | null = null;
  let lastActivity = Date.now();

  const set = (next: Partial<RunnerState>) => {
    state = { ...state, ...next };
    hooks.state(state);
  };

  function clearTimers(): void {
    for (const timer of [retryTimer, watchdog, linkTimer]) if (timer) clearTimeout(timer);
    retryTimer = watchdog = linkTimer = null;
  }

  /** The run's auth: loaded at the first attempt, again only if that load failed. */
  function runAuth(): Promise<SessionAuth> {
    if (!auth) {
      const loading = loadAuth();
      auth = loading;
      loading.catch(() => {
        if (auth === loading) auth = null;
      });
    }
    return auth;
  }

  /** The run is over: its auth finishes its writes and lets go of its caches. */
  function releaseAuth(loaded: Promise<SessionAuth> | null): Promise<void> {
    if (!loaded) return Promise.resolve();
    return loaded.then(
      (a) => a.close().catch((error) => hooks.error(error, 'auth close')),
      () => {},
    );
  }

  async function attempt(current: number): Promise<void> {
    try {
      const sessionAuth = await runAuth();
      if (current !== generation) return;
      const { creds } = sessionAuth.state;
      // Asking for a pairing code fills in creds.me before the phone confirms (decision 0015 §4). A code
      // that was never entered leaves them so: a new socket would log in with them instead of linking,
      // and WhatsApp would refuse it. The abandoned code is forgotten before every new attempt.
      if (creds.pairingCode && !creds.registered) {
        creds.me = undefined;
        creds.pairingCode = undefined;
        await sessionAuth.saveCreds();
        if (current !== generation) return;
      }
      linked = Boolean(creds.me?.id);
      lastActivity = Date.now();
      connection = driver.connect({
        sessionId,
        auth: sessionAuth,
        events: eventsFor(current),
        pairingPhone: linked ? null : pairingPhone,
        ...(sentMessage ? { sentMessage } : {}),
      });
      if (!linked) startLinkTimer(current);
    } catch (error) {
      hooks.error(error, 'connect');
      if (current === generation)
        onClose(current, { kind: 'retry', statusCode: null, reason: 'Could not start the connection.' });
    }
  }

  function eventsFor(current: number): ConnectionEvents {
    const live =
      <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A) => {
        if (current === generation) fn(...args);
      };
    return {
      qr: live((qr) => set({ status: 'qr', reason: null, qr, pairingCode: null })),
      pairingCode: live((code) => set({ status: 'qr', reason: null, qr: null, pairingCode: code })),
      open: live((account) => onOpen(current, account)),
      close: live((close) => onClose(current, close)),
      activity: live(() => {
        lastActivity = Date.now();
      }),
      history: live(hooks.history),
      live: live(hooks.live),
      contacts: live(hooks.contacts),
      groups: live(hooks.groups),
    };
  }

  function onOpen(current: number, account: LinkedAccount): void {
    failures = 0;
    restarts = 0;
    linked = true;
    if (linkTimer) clearTimeout(linkTimer);
    lastActivity = Date.now();
    watchdog = setInterval(() => checkSilence(current), timing.keepAliveMs);
    watchdog.unref();
    set({ status: 'connected', reason: null, qr: null, pairingCode: null, account });
    if (connection) hooks.open(connection, account);
  }

  // The socket can claim to be open while nothing arrives any more (a half-open TCP connection).
  function checkSilence(current: number): void {
    const silentFor = Date.now() - lastActivity;
    if (current !== generation || silentFor <= timing.keepAliveMs * timing.watchdogFactor) return;
    const seconds = Math.round(silentFor / 1000);
    const dead = connection;
    generation += 1;
    void dead?.end().catch((error) => hooks.error(error, 'watchdog end'));
    onClose(
      generation,
      { kind: 'retry', statusCode: null, reason: `No answer from WhatsApp for ${seconds} s` },
      true,
    );
  }

  function startLinkTimer(current: number): void {
    linkTimer = setTimeout(() => {
      if (current !== generation || state.status === 'connected') return;
      const pending = connection;
      generation += 1;
      void pending?.end().catch((error) => hooks.error(error, 'link timeout end'));
      stopWith('qr_expired', linkingExpired());
    }, timing.linkTimeoutMs);
    linkTimer.unref();
  }

  function onClose(current: number, close: ConnectionClose, immediate = false): void {
    if (current !== generation) return;
    clearTimers();
    connection = null;
    if (close.kind === 'restart' && restarts < timing.restartLimit) {
      // 515 right after a scan: the server wants a fresh connection with the new creds, at once. More 515s
      // without an open connection in between back off.
      restarts += 1;
      set({ status: 'reconnecting', reason: null, qr: null, pairingCode: null });
      reconnect(restarts === 1 ? 0 : backoff(restarts - 1));
    } else if (close.kind === 'logged_out') {
      // The creds are useless now; whoever keeps them (the gateway) forgets them with the status.
      stopWith('logged_out', close.reason);
    } else if (close.kind === 'qr_expired') {
      stopWith('qr_expired', linkingExpired());
    } else if (close.kind === 'replaced') {
      // Reconnecting would take the session back from the other client, which would take it back again.
      stopWith('replaced', close.reason);
    } else if (close.kind === 'version_refused') {
      // The same version would be refused again: only an update or WHATSAPP_VERSION helps.
      stopWith('version_refused', close.reason);
    } else if (close.kind === 'refused') {
      stopWith('refused', close.reason);
    } else {
      const endlessRestarts = close.kind === 'restart';
      failures = endlessRestarts ? Math.max(failures + 1, timing.unreachableAfter) : failures + 1;
      const reason = endlessRestarts
        ? `WhatsApp asked to restart the connection ${restarts + 1} times in a row without opening it.`
        : close.reason;
      const givingUp = failures >= timing.unreachableAfter;
      // A session that never linked stops trying: the user asks for a new QR code when WhatsApp is back.
      if (givingUp && !linked) {
        stopWith('unreachable', reason);
      } else {
        set({
          status: givingUp ? 'unreachable' : 'reconnecting',
          reason,
          qr: null,
          pairingCode: null,
        });
        reconnect(immediate ? 0 : backoff(failures));
      }
    }
  }

  function backoff(failureCount: number): number {
    const delay = Math.min(timing.backoffMaxMs, timing.backoffBaseMs * 2 ** (failureCount - 1));
    return Math.round(delay * (0.8 + Math.random() * 0.4)); // jitter: sessions that dropped together spread out
  }

  function reconnect(delay: number): void {
    generation += 1;
    const next = generation;
    retryTimer = setTimeout(() => void attempt(next), delay);
    retryTimer.unref();
  }

  const linkingExpired = () =>
    pairingPhone ? 'The pairing code was not entered in time.' : 'The QR code was not scanned in time.';

  function stopWith(status: SessionStatus, reason: string): void {
    generation += 1;
    clearTimers();
    connection = null;
    void releaseAuth(auth);
    auth = null;
    set({ status, reason, qr: null, pairingCode: null, running: false });
  }

  return {
    start(link) {
      if (state.running) return;
      failures = 0;
      restarts = 0;
      generation += 1;
      pairingPhone = link?.pairingPhone ?? null;
      set({ status: 'starting', reason: null, qr: null, pairingCode: null, running: true });
      void attempt(generation);
    },
    async stop(mode) {
      generation += 1;
      clearTimers();
      const open = connection;
      let held = auth;
      connection = null;
      auth = null;
      state = { ...state, running: false, qr: null, pairingCode: null };
      if (mode === 'logout') {
        await open?.logout().catch((error) => hooks.error(error, 'logout'));
        held ??= loadAuth();
        await (await held).clear();
      } else {
        await open?.end().catch((error) => hooks.error(error, 'end'));
      }
      await releaseAuth(held);
    },
    state: () => state,
    connection: () => connection,
  };
}
