import type { proto, WAMessage, WAMessageKey } from 'baileys';
import { type AuthStore, loadSessionAuth } from '../../whatsapp/auth/session-auth';
import type {
  Connection,
  DownloadedMedia,
  HistoryBatch,
  OldestMessage,
  OutgoingText,
  SessionAuth,
  WhatsAppDriver,
} from '../../whatsapp/driver';
import {
  createSessionRunner,
  type RunnerState,
  type RunnerTiming,
  type SessionRunner,
} from '../../whatsapp/session-runner';
import type { DeskEventBus } from '../events/desk-events';
import type { SessionRef } from '../messages/ingest.service';
import type { MessageStore } from '../messages/message-store.service';
import { type HealthEvent, healthEvent } from './session-health';
import type { SessionStateUpdate } from './sessions.repository';

/** How often, at most, a session's stored live messages are told to `messagesStored`. */
const STORED_TOLD_EVERY_MS = 60_000;

/** How long a request for older messages is remembered after it was sent. */
const ASKED_TTL_MS = 10 * 60_000;

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
  store: MessageStore;
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
}

interface Entry {
  session: SessionRef;
  runner: SessionRunner;
  /** Everything the session stores goes through this chain, in arrival order. */
  work: Promise<void>;
  watchers: Set<() => void>;
  /** The phone number the session links with instead of a QR code, while linking that way. */
  pairingPhone: string | null;
}

/** The phone's answer to a request for older messages: messages it held for the group, and new ones. */
export interface HistoryReply {
  received: number;
  stored: number;
  /** The answer held nothing for the group and, with the earlier empty ones, proves the chat's start. */
  startOfChat: boolean;
}

interface HistoryWaiter {
  groupJid: string;
  requestId: string | null;
  resolve(reply: HistoryReply): void;
}

export class NotConnectedError extends Error {
  constructor() {
    super('The session is not connected.');
    this.name = 'NotConnectedError';
  }
}

export type WhatsAppGateway = ReturnType<typeof createWhatsAppGateway>;

/**
 * Runs the sessions this instance holds the lease of (session-cluster.ts decides which): one runner (state machine) per active session, their
 * status written to wa_sessions and pushed on the event bus, and everything they receive stored.
 */
export function createWhatsAppGateway({
  driver,
  saveState,
  store,
  authStore,
  bus,
  timing,
  historyEvidence,
  log,
  loadAuth,
  stopped,
  messagesStored,
  sentMessage,
}: GatewayDeps) {
  const entries = new Map<string, Entry>();
  const waiters = new Map<string, HistoryWaiter[]>();
  // Requests for older messages by id, kept after their page stopped waiting: a late answer with
  // nothing for the group still tells that its history is complete.
  const asked = new Map<string, { sessionId: string; groupJid: string; oldestWaId: string }>();

  function enqueue(entry: Entry, context: string, task: () => Promise<void>): Promise<void> {
    entry.work = entry.work
      .then(task)
      .catch((error) => log.warn({ err: error, sessionId: entry.session.id }, `whatsapp ${context} failed`));
    return entry.work;
  }

  function create(session: SessionRef): Entry {
    let lastCode: string | null = null;
    let toldStoredAt = 0;
    // What the session's health last recorded, and whether it is linking (a QR or pairing code shown).
    const seen: { status: RunnerState['status'] | null; linking: boolean } = { status: null, linking: false };
    const entry: Entry = {
      session,
      work: Promise.resolve(),
      watchers: new Set(),
      runner: null as never,
      pairingPhone: null,
    };
    entry.runner = createSessionRunner({
      sessionId: session.id,
      driver,
      timing,
      ...(sentMessage ? { sentMessage: (key: WAMessageKey) => sentMessage(session.id, key) } : {}),
      loadAuth: () => (loadAuth ? loadAuth(session.id) : loadSessionAuth(authStore(session.id), session.id)),
      hooks: {
        state: (state) => {
          for (const watcher of entry.watchers) watcher();
          // A new QR code or pairing code to show (the web asks for the current one again).
          const code = state.qr ?? state.pairingCode;
          if (code && code !== lastCode)
            bus.publish('session.qr', { organisationId: session.organisationId, sessionId: session.id });
          lastCode = code;
          // Health records changes of status only: a rotated code is not one.
          const event = state.status === seen.status ? null : healthEvent(seen, state);
          if (state.status === 'qr') seen.linking = true;
          else if (state.status === 'connected' || !state.running) seen.linking = false;
          seen.status = state.status;
          void enqueue(entry, 'status', async () => {
            await persistState(session, state, event);
            if (!state.running) stopped?.(session.id);
          });
        },
        open: (connection) => void enqueue(entry, 'groups', () => loadGroups(session, connection)),
        history: (batch) => void enqueue(entry, 'history', () => storeHistory(session, batch)),
        live: (messages) =>
          void enqueue(entry, 'live', async () => {
            const result = await store.ingest(session, messages, 'live');
            if (result.inserted.length === 0 || Date.now() - toldStoredAt < STORED_TOLD_EVERY_MS) return;
            toldStoredAt = Date.now();
            await messagesStored?.(session.id);
          }),
        contacts: (received) =>
          void enqueue(entry, 'contacts', () => store.saveContacts(session.id, received)),
        groups: (groups) => void enqueue(entry, 'groups', () => store.saveGroups(session, groups, false)),
        error: (error, context) =>
          log.warn({ err: error, sessionId: session.id }, `whatsapp ${context} failed`),
      },
    });
    return entry;
  }

  async function persistState(
    session: SessionRef,
    state: RunnerState,
    event: HealthEvent | null,
  ): Promise<void> {
    const loggedOut = state.status === 'logged_out';
    // Unlinked from the phone: its creds are useless, forgotten while this instance still holds the lease.
    if (loggedOut) await authStore(session.id).clear(session.id);
    const account = state.status === 'connected' ? state.account : null;
    await saveState(
      session.id,
      {
        status: state.status,
        reason: state.reason,
        ...(account ? { phone: account.phone, meJid: account.jid, meLid: account.lid } : {}),
        // Unlinked from the phone: the session can only come back through a new scan.
        ...(loggedOut ? { isActive: false, phone: null } : {}),
      },
      event ?? undefined,
    );
    bus.publish('session.status', {
      organisationId: session.organisationId,
      sessionId: session.id,
      status: state.status,
      reason: state.reason,
      phone: state.account?.phone ?? null,
      isActive: !loggedOut,
    });
  }

  async function loadGroups(session: SessionRef, connection: Connection): Promise<void> {
    await store.saveGroups(session, await connection.listGroups(), true);
  }

  function announceHistory(session: SessionRef, groupId: string, stored: number, onDemand: boolean): void {
    bus.publish('history', {
      organisationId: session.organisationId,
      sessionId: session.id,
      groupId,
      stored,
      onDemand,
    });
  }

  async function storeHistory(session: SessionRef, batch: HistoryBatch): Promise<void> {
    const result = await store.ingest(
      session,
      batch.messages,
      batch.onDemand ? 'on_demand' : 'history',
      batch.contacts,
    );
    for (const [groupJid, stored] of result.perGroup)
      announceHistory(session, groupJid, stored, batch.onDemand);
    if (!batch.onDemand) return;
    const request = batch.requestId ? asked.get(batch.requestId) : undefined;
    if (batch.requestId) asked.delete(batch.requestId);
    let startOfChat = false;
    if (request?.sessionId === session.id && !result.received.has(request.groupJid)) {
      // Nothing for the group: maybe its start, maybe an answer the event buffer emptied (decision 0015).
      const { complete } = await store.recordEmptyAnswer(
        session.id,
        request.groupJid,
        request.oldestWaId,
        historyEvidence,
      );
      startOfChat = complete;
      if (complete) announceHistory(session, request.groupJid, 0, true);
    }
    answerWaiters(session.id, batch.requestId, result.received, result.perGroup, startOfChat);
  }

  function answerWaiters(
    sessionId: string,
    requestId: string | null,
    received: Map<string, number>,
    perGroup: Map<string, number>,
    startOfChat: boolean,
  ): void {
    const pending = waiters.get(sessionId) ?? [];
    const remaining = pending.filter((waiter) => {
      // The reply's request id is not confirmed to come back on a live session (decision 0015 §4):
      // match the group too.
      const matches = (requestId !== null && waiter.requestId === requestId) || received.has(waiter.groupJid);
      if (matches)
        waiter.resolve({
          received: received.get(waiter.groupJid) ?? 0,
          stored: perGroup.get(waiter.groupJid) ?? 0,
          startOfChat: startOfChat && !received.has(waiter.groupJid),
        });
      return !matches;
    });
    waiters.set(sessionId, remaining);
  }

  function running(sessionId: string): Entry | undefined {
    const entry = entries.get(sessionId);
    return entry?.runner.state().running ? entry : undefined;
  }

  return {
    /**
     * Starts (or restarts, after it stopped) the session's connection; with `pairingPhone` an unlinked
     * session links by phone number (a pairing code) instead of a QR code.
     */
    start(session: SessionRef, link?: { pairingPhone: string | null }): void {
      const entry = entries.get(session.id) ?? create(session);
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
      const connection = running(sessionId)?.runner.connection();
      if (!connection || running(sessionId)?.runner.state().status !== 'connected')
        throw new NotConnectedError();
      const waiter: HistoryWaiter = { groupJid, requestId: null, resolve: () => {} };
      const answer = new Promise<HistoryReply | null>((resolve) => {
        const timer = setTimeout(() => {
          waiters.set(
            sessionId,
            (waiters.get(sessionId) ?? []).filter((w) => w !== waiter),
          );
          resolve(null);
        }, timeoutMs);
        timer.unref();
        waiter.resolve = (reply) => {
          clearTimeout(timer);
          resolve(reply);
        };
      });
      waiters.set(sessionId, [...(waiters.get(sessionId) ?? []), waiter]);
      const requestId = await connection.requestHistory(groupJid, oldest, count);
      waiter.requestId = requestId;
      asked.set(requestId, { sessionId, groupJid, oldestWaId: oldest.key.id ?? '' });
      setTimeout(() => asked.delete(requestId), ASKED_TTL_MS).unref();
      return { answer };
    },

    /**
     * Downloads a message's media: through the connection when the session is connected here (the
     * phone can upload expired media again), else from WhatsApp's CDN with the message's key alone.
     */
    async downloadMedia(sessionId: string, message: WAMessage): Promise<DownloadedMedia> {
      const entry = running(sessionId);
      const connection = entry?.runner.connection();
      if (connection && entry?.runner.state().status === 'connected')
        return connection.downloadMedia(message);
      return driver.downloadMedia(message);
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
      const entry = running(sessionId);
      const connection = entry?.runner.connection();
      if (!connection || entry?.runner.state().status !== 'connected') throw new NotConnectedError();
      return connection.sendText(outgoing, record);
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
