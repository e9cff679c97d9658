import type { proto, WAMessage, WAMessageKey } from 'baileys';
import { type AuthStore, loadSessionAuth } from '../../whatsapp/auth/session-auth';
import type { ClientVersions } from '../../whatsapp/client-version';
import type {
  Connection,
  LinkPlatform,
  SendReceipt,
  SessionAuth,
  WhatsAppDriver,
} from '../../whatsapp/driver';
import {
  createSessionRunner,
  type RunnerHooks,
  type RunnerState,
  type RunnerTiming,
  type SessionRunner,
} from '../../whatsapp/session-runner';
import type { DeskEventBus } from '../events/desk-events';
import type { HistoryRequests } from './history-requests';
import type { MessageSink, SessionRef } from './message-sink';
import { type HealthEvent, healthEvent } from './session-health';
import type { SessionStateUpdate } from './sessions.repository';

/** How often, at most, a session's stored live messages are told to `messagesStored`. */
const STORED_TOLD_EVERY_MS = 60_000;

/** What every session's entry needs from the gateway: one set for all of them. */
export interface EntryDeps {
  driver: WhatsAppDriver;
  sink: MessageSink;
  history: HistoryRequests;
  bus: DeskEventBus;
  timing: RunnerTiming;
  authStore(sessionId: string): AuthStore;
  saveState(sessionId: string, update: SessionStateUpdate, event?: HealthEvent): Promise<void>;
  messagesStored?(sessionId: string): Promise<void>;
  stopped?(sessionId: string): void;
  loadAuth?: (sessionId: string) => Promise<SessionAuth>;
  sentMessage?(sessionId: string, key: WAMessageKey): Promise<proto.IMessage | undefined>;
  /** The WhatsApp Web version sessions announce (the real driver only). */
  versions?: ClientVersions;
  /** The client a session's creds were linked as, kept with the session (wa_sessions.link_platform). */
  linkPlatform?: {
    get(sessionId: string): Promise<LinkPlatform | null>;
    set(sessionId: string, platform: LinkPlatform): Promise<void>;
  };
  sendStatus?(session: SessionRef, receipts: SendReceipt[]): Promise<void>;
  log: { warn(object: object, message: string): void };
}

/**
 * One session this instance runs: its runner (state machine), and one chain through which everything the
 * session stores goes, in arrival order.
 */
export class SessionEntry {
  readonly runner: SessionRunner;
  /** Everything the session stores goes through this chain, in arrival order. */
  work: Promise<void> = Promise.resolve();
  readonly watchers = new Set<() => void>();
  /** The phone number the session links with instead of a QR code, while linking that way. */
  pairingPhone: string | null = null;

  private lastCode: string | null = null;
  private toldStoredAt = 0;
  /** What the session's health last recorded, and whether it is linking (a QR or pairing code shown). */
  private readonly seen: { status: RunnerState['status'] | null; linking: boolean } = {
    status: null,
    linking: false,
  };
  readonly session: SessionRef;
  private readonly deps: EntryDeps;

  constructor(session: SessionRef, deps: EntryDeps) {
    this.session = session;
    this.deps = deps;
    const { driver, timing, sentMessage, loadAuth, authStore, versions, linkPlatform, sink } = deps;
    this.runner = createSessionRunner({
      sessionId: session.id,
      driver,
      timing,
      ...(sentMessage ? { sentMessage: (key: WAMessageKey) => sentMessage(session.id, key) } : {}),
      poll: (groupJid: string, pollId: string) => sink.pollKey(session.id, groupJid, pollId),
      ...(versions ? { versions } : {}),
      ...(linkPlatform
        ? {
            platform: {
              stored: () => linkPlatform.get(session.id),
              linking: (platform: LinkPlatform) => linkPlatform.set(session.id, platform),
            },
          }
        : {}),
      loadAuth: () => (loadAuth ? loadAuth(session.id) : loadSessionAuth(authStore(session.id), session.id)),
      hooks: this.hooks(),
    });
  }

  /** Runs `task` after everything queued before it; a failure is logged and the chain goes on. */
  enqueue(context: string, task: () => Promise<void>): Promise<void> {
    this.work = this.work
      .then(task)
      .catch((error) =>
        this.deps.log.warn({ err: error, sessionId: this.session.id }, `whatsapp ${context} failed`),
      );
    return this.work;
  }

  private hooks(): RunnerHooks {
    const { sink, history, log } = this.deps;
    const session = this.session;
    return {
      state: (state) => this.stateChanged(state),
      open: (connection) => void this.enqueue('groups', () => this.loadGroups(connection)),
      history: (batch) => void this.enqueue('history', () => history.store(session, batch)),
      live: (messages) => void this.enqueue('live', () => this.storeLive(messages)),
      contacts: (received) => void this.enqueue('contacts', () => sink.saveContacts(session.id, received)),
      groups: (groups) => void this.enqueue('groups', () => sink.saveGroups(session, groups, false)),
      // After what arrived before it: a reply's state never overtakes its own echo.
      sendStatus: (receipts) =>
        void this.enqueue('send status', async () => {
          await this.deps.sendStatus?.(session, receipts);
        }),
      // After the poll they are on, which came through this chain before them.
      votes: (votes) => void this.enqueue('votes', () => sink.saveVotes(session, votes)),
      calls: (calls) => void this.enqueue('calls', () => sink.saveMissedCalls(session, calls)),
      error: (error, context) =>
        log.warn({ err: error, sessionId: session.id }, `whatsapp ${context} failed`),
    };
  }

  private stateChanged(state: RunnerState): void {
    const { bus, stopped } = this.deps;
    const session = this.session;
    for (const watcher of this.watchers) watcher();
    // A new QR code or pairing code to show (the web asks for the current one again).
    const code = state.qr ?? state.pairingCode;
    if (code && code !== this.lastCode)
      bus.publish('session.qr', { organisationId: session.organisationId, sessionId: session.id });
    this.lastCode = code;
    // Health records changes of status only: a rotated code is not one.
    const event = state.status === this.seen.status ? null : healthEvent(this.seen, state);
    if (state.status === 'qr') this.seen.linking = true;
    else if (state.status === 'connected' || !state.running) this.seen.linking = false;
    this.seen.status = state.status;
    void this.enqueue('status', async () => {
      await this.persistState(state, event);
      if (!state.running) stopped?.(session.id);
    });
  }

  private async storeLive(messages: WAMessage[]): Promise<void> {
    const result = await this.deps.sink.ingest(this.session, messages, 'live');
    if (result.inserted.length === 0 || Date.now() - this.toldStoredAt < STORED_TOLD_EVERY_MS) return;
    this.toldStoredAt = Date.now();
    await this.deps.messagesStored?.(this.session.id);
  }

  private async loadGroups(connection: Connection): Promise<void> {
    await this.deps.sink.saveGroups(this.session, await connection.listGroups(), true);
  }

  private async persistState(state: RunnerState, event: HealthEvent | null): Promise<void> {
    const { authStore, saveState, bus } = this.deps;
    const session = this.session;
    // Unlinked from the phone (401, 403) or banned (406): its creds are useless, forgotten while this
    // instance still holds the lease.
    const loggedOut = state.status === 'logged_out' || state.status === 'banned';
    if (loggedOut) await authStore(session.id).clear(session.id);
    const account = state.status === 'connected' ? state.account : null;
    await saveState(
      session.id,
      {
        status: state.status,
        reason: state.reason,
        resumesAt: state.resumesAt ? new Date(state.resumesAt) : null,
        ...(account ? { phone: account.phone, meJid: account.jid, meLid: account.lid } : {}),
        // Unlinked from the phone: the session can only come back through a new link.
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
}
