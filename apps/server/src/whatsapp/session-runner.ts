import type { SessionStatus } from '@wadesk/contract';
import type { WAMessage } from 'baileys';
import type { ClientVersion, ClientVersions } from './client-version';
import { afterClose } from './close-policy';
import type {
  Connection,
  ConnectionClose,
  ConnectionEvents,
  ConnectOptions,
  ContactInfo,
  GroupInfo,
  HistoryBatch,
  LinkedAccount,
  LinkPlatform,
  MissedCall,
  PollVote,
  SendReceipt,
  SessionAuth,
  WhatsAppDriver,
} from './driver';
import { RunAuth } from './run-auth';

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
  /** What the latest connection attempt announced: its version (null when the driver has its own) and platform. */
  client: { version: ClientVersion | null; platform: LinkPlatform } | null;
  /** Stopped for a temporary ban: when it ends (ISO 8601), if WhatsApp said. */
  resumesAt: string | null;
}

export interface RunnerHooks {
  state(state: RunnerState): void;
  open(connection: Connection, account: LinkedAccount): void;
  history(batch: HistoryBatch): void;
  live(messages: WAMessage[]): void;
  contacts(contacts: ContactInfo[]): void;
  groups(groups: GroupInfo[]): void;
  sendStatus(receipts: SendReceipt[]): void;
  votes(votes: PollVote[]): void;
  calls(calls: MissedCall[]): void;
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

export interface SessionRunnerOptions {
  sessionId: string;
  driver: WhatsAppDriver;
  loadAuth: () => Promise<SessionAuth>;
  timing: RunnerTiming;
  hooks: RunnerHooks;
  /** What the session sent, for the driver to send again on a retry receipt (ConnectOptions.sentMessage). */
  sentMessage?: ConnectOptions['sentMessage'];
  /** The session's stored polls, for the driver to read votes on them (ConnectOptions.poll). */
  poll?: ConnectOptions['poll'];
  /** The WhatsApp Web version to announce, asked again once when WhatsApp refuses it; absent: the driver's. */
  versions?: ClientVersions;
  /**
   * The platform the session's creds were linked with, kept with the session (decision 0015 §11): `stored`
   * reads it, `linking` records the one a new link announces. Absent: nothing is kept (QR links only).
   */
  platform?: {
    stored(): Promise<LinkPlatform | null>;
    linking(platform: LinkPlatform): Promise<void>;
  };
}

/**
 * One session's state machine: starting → qr → connected, with reconnecting / unreachable on failures,
 * and the terminal qr_expired / logged_out / banned / temporarily_banned / version_refused / refused /
 * replaced / terminated (close-policy.ts decides which close leads where). Every connection attempt gets a
 * generation number, so late events of a connection we already gave up on change nothing. The session's
 * auth is loaded once per start() and closed when the run ends (run-auth.ts).
 */
export function createSessionRunner(options: SessionRunnerOptions): SessionRunner {
  const run = new SessionRun(options);
  return {
    start: (link) => run.start(link),
    stop: (mode) => run.stop(mode),
    state: () => run.state,
    connection: () => run.connection,
  };
}

class SessionRun {
  state: RunnerState = {
    status: 'starting',
    reason: null,
    qr: null,
    pairingCode: null,
    account: null,
    running: false,
    client: null,
    resumesAt: null,
  };
  connection: Connection | null = null;
  private pairingPhone: string | null = null;
  /** The platform this run linked with, or read from the session when it started linked. */
  private platform: LinkPlatform | null = null;
  /** A refused version is answered by asking for the current one once, until a connection opens. */
  private versionCheckLeft = true;
  private generation = 0;
  private failures = 0;
  /** 515s since the last open connection. */
  private restarts = 0;
  private linked = false;
  private readonly auth: RunAuth;
  private retryTimer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private linkTimer: NodeJS.Timeout | null = null;
  private lastActivity = Date.now();
  private readonly options: SessionRunnerOptions;

  constructor(options: SessionRunnerOptions) {
    this.options = options;
    this.auth = new RunAuth(options.loadAuth, options.hooks.error);
  }

  start(link?: { pairingPhone: string | null }): void {
    if (this.state.running) return;
    this.failures = 0;
    this.restarts = 0;
    this.generation += 1;
    this.pairingPhone = link?.pairingPhone ?? null;
    this.platform = null;
    this.versionCheckLeft = true;
    this.set({ status: 'starting', reason: null, qr: null, pairingCode: null, running: true });
    void this.attempt(this.generation);
  }

  async stop(mode: 'end' | 'logout'): Promise<void> {
    const { hooks, loadAuth } = this.options;
    this.generation += 1;
    this.clearTimers();
    const open = this.connection;
    let held = this.auth.take();
    this.connection = null;
    this.state = { ...this.state, running: false, qr: null, pairingCode: null };
    if (mode === 'logout') {
      await open?.logout().catch((error) => hooks.error(error, 'logout'));
      held ??= loadAuth();
      await (await held).clear();
    } else {
      await open?.end().catch((error) => hooks.error(error, 'end'));
    }
    await this.auth.release(held);
  }

  /** A ban's end belongs to the stop that named it: any other change clears it. */
  private set(next: Partial<RunnerState>): void {
    this.state = { ...this.state, resumesAt: null, ...next };
    this.options.hooks.state(this.state);
  }

  private clearTimers(): void {
    for (const timer of [this.retryTimer, this.watchdog, this.linkTimer]) if (timer) clearTimeout(timer);
    this.retryTimer = this.watchdog = this.linkTimer = null;
  }

  private async attempt(current: number): Promise<void> {
    const { driver, sessionId, sentMessage, poll, hooks } = this.options;
    try {
      const sessionAuth = await this.auth.get();
      if (current !== this.generation) return;
      const { creds } = sessionAuth.state;
      // Asking for a pairing code fills in creds.me before the phone confirms (decision 0015 §4). A code
      // that was never entered leaves them so: a new socket would log in with them instead of linking,
      // and WhatsApp would refuse it. The abandoned code is forgotten before every new attempt.
      if (creds.pairingCode && !creds.registered) {
        creds.me = undefined;
        creds.pairingCode = undefined;
        await sessionAuth.saveCreds();
        if (current !== this.generation) return;
      }
      this.linked = Boolean(creds.me?.id);
      const platform = await this.platformFor(this.linked);
      const version = (await this.options.versions?.current()) ?? null;
      if (current !== this.generation) return;
      this.state = { ...this.state, client: { version, platform } };
      this.lastActivity = Date.now();
      this.connection = driver.connect({
        sessionId,
        auth: sessionAuth,
        events: this.eventsFor(current),
        pairingPhone: this.linked ? null : this.pairingPhone,
        platform,
        ...(version ? { version: version.version } : {}),
        ...(sentMessage ? { sentMessage } : {}),
        ...(poll ? { poll } : {}),
      });
      if (!this.linked) this.startLinkTimer(current);
    } catch (error) {
      hooks.error(error, 'connect');
      if (current === this.generation)
        this.closed(current, { kind: 'retry', statusCode: null, reason: 'Could not start the connection.' });
    }
  }

  /**
   * Linked creds keep the platform they linked with (read from the session once per run); a new link
   * announces Chrome for a pairing code, which WhatsApp refuses to pair as a desktop, and the desktop for
   * a QR code, which brings the whole history (decision 0015 §4, §11). The new link's platform is kept
   * before the socket opens, so creds the phone confirms always find theirs.
   */
  private async platformFor(linked: boolean): Promise<LinkPlatform> {
    const kept = this.options.platform;
    if (linked) {
      this.platform ??= (await kept?.stored()) ?? 'desktop';
      return this.platform;
    }
    this.platform = this.pairingPhone ? 'chrome' : 'desktop';
    await kept?.linking(this.platform);
    return this.platform;
  }

  /** The connection's events, dropped once the attempt `current` is no longer the run's. */
  private eventsFor(current: number): ConnectionEvents {
    const { hooks } = this.options;
    const live =
      <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A) => {
        if (current === this.generation) fn(...args);
      };
    return {
      qr: live((qr) => this.set({ status: 'qr', reason: null, qr, pairingCode: null })),
      pairingCode: live((code) => this.set({ status: 'qr', reason: null, qr: null, pairingCode: code })),
      open: live((account) => this.opened(current, account)),
      close: live((close) => this.closed(current, close)),
      activity: live(() => {
        this.lastActivity = Date.now();
      }),
      history: live(hooks.history),
      live: live(hooks.live),
      contacts: live(hooks.contacts),
      groups: live(hooks.groups),
      sendStatus: live(hooks.sendStatus),
      votes: live(hooks.votes),
      calls: live(hooks.calls),
    };
  }

  private opened(current: number, account: LinkedAccount): void {
    this.failures = 0;
    this.restarts = 0;
    this.linked = true;
    this.versionCheckLeft = true;
    if (this.linkTimer) clearTimeout(this.linkTimer);
    this.lastActivity = Date.now();
    this.watchdog = setInterval(() => this.checkSilence(current), this.options.timing.keepAliveMs);
    this.watchdog.unref();
    this.set({ status: 'connected', reason: null, qr: null, pairingCode: null, account });
    if (this.connection) this.options.hooks.open(this.connection, account);
  }

  // The socket can claim to be open while nothing arrives any more (a half-open TCP connection).
  private checkSilence(current: number): void {
    const { timing, hooks } = this.options;
    const silentFor = Date.now() - this.lastActivity;
    if (current !== this.generation || silentFor <= timing.keepAliveMs * timing.watchdogFactor) return;
    const seconds = Math.round(silentFor / 1000);
    const dead = this.connection;
    this.generation += 1;
    void dead?.end().catch((error) => hooks.error(error, 'watchdog end'));
    this.closed(
      this.generation,
      { kind: 'retry', statusCode: null, reason: `No answer from WhatsApp for ${seconds} s` },
      true,
    );
  }

  private startLinkTimer(current: number): void {
    this.linkTimer = setTimeout(() => {
      if (current !== this.generation || this.state.status === 'connected') return;
      const pending = this.connection;
      this.generation += 1;
      void pending?.end().catch((error) => this.options.hooks.error(error, 'link timeout end'));
      this.stopWith('qr_expired', this.linkingExpired());
    }, this.options.timing.linkTimeoutMs);
    this.linkTimer.unref();
  }

  private closed(current: number, close: ConnectionClose, immediate = false): void {
    if (current !== this.generation) return;
    this.clearTimers();
    this.connection = null;
    const next = afterClose(
      close,
      {
        failures: this.failures,
        restarts: this.restarts,
        linked: this.linked,
        versionCheckLeft: this.versionCheckLeft && Boolean(this.options.versions),
      },
      this.options.timing,
    );
    if (next.step === 'check_version') {
      void this.checkVersion(next.reason);
    } else if (next.step === 'restart') {
      this.restarts = next.restarts;
      this.set({ status: 'reconnecting', reason: null, qr: null, pairingCode: null });
      this.reconnect(this.restarts === 1 ? 0 : this.backoff(this.restarts - 1));
    } else if (next.step === 'stop') {
      this.failures = next.failures;
      this.stopWith(next.status, next.reason ?? this.linkingExpired(), next.resumesAt ?? null);
    } else {
      this.failures = next.failures;
      this.set({ status: next.status, reason: next.reason, qr: null, pairingCode: null });
      this.reconnect(immediate ? 0 : this.backoff(this.failures));
    }
  }

  /**
   * WhatsApp refused the version the last attempt announced (405, or its user agent, 409): once, the
   * current version is asked for and the session reconnects at once if it is newer; else it stops.
   */
  private async checkVersion(reason: string): Promise<void> {
    const { versions, hooks } = this.options;
    this.versionCheckLeft = false;
    this.generation += 1;
    const current = this.generation;
    const refused = this.state.client?.version?.version;
    this.set({
      status: 'reconnecting',
      reason: `${reason} (asking WhatsApp Web for its current version)`,
      qr: null,
      pairingCode: null,
    });
    let newer: ClientVersion | null = null;
    try {
      newer = refused && versions ? await versions.afterRefusal(refused) : null;
    } catch (error) {
      hooks.error(error, 'version check');
    }
    if (current !== this.generation) return;
    if (newer) this.reconnect(0);
    else this.stopWith('version_refused', reason);
  }

  private backoff(failureCount: number): number {
    const { timing } = this.options;
    const delay = Math.min(timing.backoffMaxMs, timing.backoffBaseMs * 2 ** (failureCount - 1));
    return Math.round(delay * (0.8 + Math.random() * 0.4)); // jitter: sessions that dropped together spread out
  }

  private reconnect(delay: number): void {
    this.generation += 1;
    const next = this.generation;
    this.retryTimer = setTimeout(() => void this.attempt(next), delay);
    this.retryTimer.unref();
  }

  private linkingExpired(): string {
    return this.pairingPhone
      ? 'The pairing code was not entered in time.'
      : 'The QR code was not scanned in time.';
  }

  private stopWith(status: SessionStatus, reason: string, resumesAt: string | null = null): void {
    this.generation += 1;
    this.clearTimers();
    this.connection = null;
    void this.auth.release(this.auth.take());
    this.set({ status, reason, qr: null, pairingCode: null, running: false, resumesAt });
  }
}
