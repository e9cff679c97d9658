import type { proto, WAMessage, WAMessageKey } from 'baileys';
import type { AuthStore } from '../../whatsapp/auth/session-auth';
import type {
  DownloadedMedia,
  OldestMessage,
  OutgoingAgain,
  OutgoingMedia,
  OutgoingPoll,
  OutgoingText,
  SendReceipt,
  SessionAuth,
  WhatsAppDriver,
} from '../../whatsapp/driver';
import type { RunnerState, RunnerTiming } from '../../whatsapp/session-runner';
import type { DeskEventBus } from '../events/desk-events';
import { HistoryRequests } from './history-requests';
import type { MessageSink, SessionRef } from './message-sink';
import { type EntryDeps, SessionEntry } from './session-entry';
import type { HealthEvent } from './session-health';
import type { SessionStateUpdate } from './sessions.repository';

export interface GatewayDeps {
  driver: WhatsAppDriver;
  /**
   * Stores what a connection says about its session (only while this instance owns it); `event` joins the
   * session's health when its status changed.
   */
  saveState(sessionId: string, update: SessionStateUpdate, event?: HealthEvent): Promise<void>;
  /**
   * Live messages of the session were stored just now (wa_sessions.last_message_at). Told at most once a
   * minute per session: the quiet flag counts hours, and the session row is what leases and auth writes lock.
   */
  messagesStored?(sessionId: string): Promise<void>;
  /** Where everything a session receives goes: the message store, wired in app.ts. */
  sink: MessageSink;
  /** The auth store a session writes through: fenced by the lease this instance holds on it. */
  authStore(sessionId: string): AuthStore;
  bus: DeskEventBus;
  timing: RunnerTiming;
  /** When empty answers to requests for older messages prove the start of a chat (decision 0015). */
  historyEvidence: { needed: number; gapMs: number };
  /** A session's connection stopped for good by itself (expired QR, logged out, replaced): its status is stored. */
  stopped?(sessionId: string): void;
  /** Where a session's creds and keys come from; the database (wa_auth) unless a bench swaps it. */
  loadAuth?: (sessionId: string) => Promise<SessionAuth>;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** The content of a message the session sent from the desk, for WhatsApp's retry receipts (decision 0018). */
  sentMessage?(sessionId: string, key: WAMessageKey): Promise<proto.IMessage | undefined>;
  /** The WhatsApp Web version sessions announce (the real driver only, decision 0015 §2). */
  versions?: EntryDeps['versions'];
  /** The client a session's creds were linked as (decision 0015 §11). */
  linkPlatform?: EntryDeps['linkPlatform'];
  /**
   * What WhatsApp said about messages the session sent (taken, refused, delivered, read): the desk replies'
   * states (decision 0018), wired in app.ts. Told in arrival order, after what arrived before it.
   */
  sendStatus?(session: SessionRef, receipts: SendReceipt[]): Promise<void>;
}

export class NotConnectedError extends Error {
  constructor() {
    super('The session is not connected.');
    this.name = 'NotConnectedError';
  }
}

export type WhatsAppGateway = ReturnType<typeof createWhatsAppGateway>;

/**
 * Runs the sessions this instance holds the lease of (session-cluster.ts decides which): one runner
 * (state machine) per active session (session-entry.ts), their status written to wa_sessions and pushed
 * on the event bus, and everything they receive pushed into the message sink; requests for older
 * messages wait in history-requests.ts.
 */
export function createWhatsAppGateway(deps: GatewayDeps) {
  const { driver, authStore } = deps;
  const entries = new Map<string, SessionEntry>();
  const history = new HistoryRequests({
    sink: deps.sink,
    bus: deps.bus,
    historyEvidence: deps.historyEvidence,
  });

  /** The entry of a session whose runner is running here, or undefined. */
  function running(sessionId: string): SessionEntry | undefined {
    const entry = entries.get(sessionId);
    return entry?.runner.state().running ? entry : undefined;
  }

  /** The connection of a session connected here, or null. */
  function connected(sessionId: string) {
    const entry = running(sessionId);
    const connection = entry?.runner.connection();
    return connection && entry?.runner.state().status === 'connected' ? connection : null;
  }

  return {
    /**
     * Starts (or restarts, after it stopped) the session's connection; with `pairingPhone` an unlinked
     * session links by phone number (a pairing code) instead of a QR code.
     */
    start(session: SessionRef, link?: { pairingPhone: string | null }): void {
      const entry = entries.get(session.id) ?? new SessionEntry(session, { ...deps, history });
      entries.set(session.id, entry);
      if (entry.runner.state().running) return;
      entry.pairingPhone = link?.pairingPhone ?? null;
      entry.runner.start({ pairingPhone: entry.pairingPhone });
    },

    /**
     * Makes a running session that is still linking link the way asked: by QR code (`pairingPhone`
     * null) or by a pairing code for that phone. Linking starts over when it was going the other way.
     */
    async relink(sessionId: string, pairingPhone: string | null): Promise<void> {
      const entry = entries.get(sessionId);
      const state = entry?.runner.state();
      if (!entry || !state?.running || state.status === 'connected' || entry.pairingPhone === pairingPhone)
        return;
      await entry.runner.stop('end');
      entry.pairingPhone = pairingPhone;
      entry.runner.start({ pairingPhone });
    },

    /** Stops the session here; `logout` also unlinks it from the phone and forgets its creds. */
    async stop(sessionId: string, mode: 'end' | 'logout'): Promise<void> {
      const entry = entries.get(sessionId);
      entries.delete(sessionId);
      if (entry) {
        await entry.runner.stop(mode);
        await entry.work;
      } else if (mode === 'logout') {
        await authStore(sessionId).clear(sessionId);
      }
    },

    /** The live state of a session this process runs, or null. */
    state(sessionId: string): RunnerState | null {
      return entries.get(sessionId)?.runner.state() ?? null;
    },

    /** Resolves once the session shows a QR or pairing code, connects, stops, or `timeoutMs` passes. */
    async waitForQr(sessionId: string, timeoutMs: number): Promise<RunnerState | null> {
      const entry = entries.get(sessionId);
      if (!entry) return null;
      const settled = (s: RunnerState) =>
        Boolean(s.qr || s.pairingCode) || s.status === 'connected' || !s.running;
      if (settled(entry.runner.state())) return entry.runner.state();
      await new Promise<void>((resolve) => {
        const done = () => {
          if (!settled(entry.runner.state())) return;
          clearTimeout(timer);
          entry.watchers.delete(done);
          resolve();
        };
        const timer = setTimeout(() => {
          entry.watchers.delete(done);
          resolve();
        }, timeoutMs);
        entry.watchers.add(done);
      });
      return entry.runner.state();
    },

    /**
     * Asks the phone for up to `count` messages of a group older than `oldest`. `answer` resolves with the
     * number of new messages stored from the reply, or null when none came within `timeoutMs`.
     */
    async requestOlder(
      sessionId: string,
      groupJid: string,
      oldest: OldestMessage,
      count: number,
      timeoutMs: number,
    ) {
      const connection = connected(sessionId);
      if (!connection) throw new NotConnectedError();
      return history.ask(sessionId, connection, groupJid, oldest, count, timeoutMs);
    },

    /**
     * Downloads a message's media: through the connection when the session is connected here (the
     * phone can upload expired media again), else from WhatsApp's CDN with the message's key alone.
     */
    async downloadMedia(sessionId: string, message: WAMessage): Promise<DownloadedMedia> {
      const connection = connected(sessionId);
      return connection ? connection.downloadMedia(message) : driver.downloadMedia(message);
    },

    /**
     * Sends a text as the session's linked account (Connection.sendText: `record` runs before it is sent);
     * NotConnectedError unless the session is connected here.
     */
    async sendText(
      sessionId: string,
      outgoing: OutgoingText,
      record: (message: WAMessage) => Promise<void>,
    ): Promise<WAMessage> {
      const connection = connected(sessionId);
      if (!connection) throw new NotConnectedError();
      return connection.sendText(outgoing, record);
    },

    /** Sends a poll as the session's linked account (Connection.sendPoll), like `sendText`. */
    async sendPoll(
      sessionId: string,
      outgoing: OutgoingPoll,
      record: (message: WAMessage) => Promise<void>,
    ): Promise<WAMessage> {
      const connection = connected(sessionId);
      if (!connection) throw new NotConnectedError();
      return connection.sendPoll(outgoing, record);
    },

    /** Sends a photo, video or document as the session's linked account (Connection.sendMedia), like `sendText`. */
    async sendMedia(
      sessionId: string,
      outgoing: OutgoingMedia,
      record: (message: WAMessage) => Promise<void>,
    ): Promise<WAMessage> {
      const connection = connected(sessionId);
      if (!connection) throw new NotConnectedError();
      return connection.sendMedia(outgoing, record);
    },

    /** Sends an earlier message of the linked account again (Connection.sendAgain), like `sendText`. */
    async sendAgain(
      sessionId: string,
      outgoing: OutgoingAgain,
      record: (message: WAMessage) => Promise<void>,
    ): Promise<WAMessage> {
      const connection = connected(sessionId);
      if (!connection) throw new NotConnectedError();
      return connection.sendAgain(outgoing, record);
    },

    /** Resolves when everything received so far for the session is stored (tests, and before reading). */
    async settled(sessionId: string): Promise<void> {
      await entries.get(sessionId)?.work;
    },

    /** Closes every connection, keeping creds, so another process can resume them. */
    async close(): Promise<void> {
      const all = [...entries.values()];
      entries.clear();
      await Promise.all(
        all.map(async (entry) => {
          await entry.runner.stop('end');
          await entry.work;
        }),
      );
    },
  };
}
