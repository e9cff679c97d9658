import type { WAMessage } from 'baileys';
import { storableText } from '../../text';
import type { Connection, HistoryBatch, OldestMessage } from '../../whatsapp/driver';
import { toSeconds } from '../../whatsapp/mapping/to-group-message';
import type { DeskEventBus } from '../events/desk-events';
import type { MessageSink, SessionRef, SinkIngestResult } from './message-sink';

/** How long a request for older messages is remembered after it was sent. */
const ASKED_TTL_MS = 10 * 60_000;

/** The phone's answer to a request for older messages: messages it held for the group, and new ones. */
export interface HistoryReply {
  received: number;
  stored: number;
  /** The answer held nothing for the group and, with the earlier empty ones, proves the chat's start. */
  startOfChat: boolean;
}

interface HistoryWaiter {
  groupJid: string;
  /** Where the request asked from: the messages before this one. */
  from: OldestMessage;
  requestId: string | null;
  resolve(reply: HistoryReply): void;
}

export interface HistoryRequestsDeps {
  sink: MessageSink;
  bus: DeskEventBus;
  /** When empty answers to requests for older messages prove the start of a chat (decision 0015). */
  historyEvidence: { needed: number; gapMs: number };
}

/**
 * History batches of every session this instance runs, and the requests for older messages waiting for
 * them: a page asks, the phone answers (maybe late, maybe without the request id), the waiter resolves.
 */
export class HistoryRequests {
  private readonly waiters = new Map<string, HistoryWaiter[]>();
  // Requests for older messages by id, kept after their page stopped waiting: a late answer with
  // nothing for the group still tells that its history is complete.
  private readonly asked = new Map<string, { sessionId: string; groupJid: string; oldestWaId: string }>();
  // The oldest item the phone's answers held per session and group that stored no row (a notice, a
  // stub): a page of only those leaves the oldest stored message where it was, and asked for again, the
  // same page would come back emptied by Baileys' buffer as already seen (decision 0015 §6).
  private readonly reached = new Map<string, OldestMessage>();

  private readonly deps: HistoryRequestsDeps;

  constructor(deps: HistoryRequestsDeps) {
    this.deps = deps;
  }

  /**
   * Asks the phone for up to `count` messages of a group older than `oldest`. `answer` resolves with the
   * phone's reply, or null when none came within `timeoutMs`.
   */
  async ask(
    sessionId: string,
    connection: Connection,
    groupJid: string,
    oldest: OldestMessage,
    count: number,
    timeoutMs: number,
  ): Promise<{ answer: Promise<HistoryReply | null> }> {
    // Older than the oldest stored message: where earlier answers reached, if that is further back.
    const reached = this.reached.get(`${sessionId}\u0000${groupJid}`);
    const from = reached && reached.timestamp < oldest.timestamp ? reached : oldest;
    const waiter: HistoryWaiter = { groupJid, from, requestId: null, resolve: () => {} };
    const answer = new Promise<HistoryReply | null>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.set(
          sessionId,
          (this.waiters.get(sessionId) ?? []).filter((w) => w !== waiter),
        );
        resolve(null);
      }, timeoutMs);
      timer.unref();
      waiter.resolve = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
    });
    this.waiters.set(sessionId, [...(this.waiters.get(sessionId) ?? []), waiter]);
    const requestId = await connection.requestHistory(groupJid, from, count);
    waiter.requestId = requestId;
    this.asked.set(requestId, { sessionId, groupJid, oldestWaId: from.key.id ?? '' });
    setTimeout(() => this.asked.delete(requestId), ASKED_TTL_MS).unref();
    return { answer };
  }

  /** Stores a history batch, tells browsers what it stored per group and answers the waiting requests. */
  async store(session: SessionRef, batch: HistoryBatch): Promise<void> {
    const result = await this.deps.sink.ingest(
      session,
      batch.messages,
      batch.onDemand ? 'on_demand' : 'history',
      batch.contacts,
    );
    for (const [groupJid, stored] of result.perGroup)
      this.announce(session, groupJid, stored, batch.onDemand);
    if (!batch.onDemand) {
      this.answerCarried(session.id, batch.messages, result);
      return;
    }
    this.noteReached(session.id, result.oldestUnstored);
    const request = batch.requestId ? this.asked.get(batch.requestId) : undefined;
    if (batch.requestId) this.asked.delete(batch.requestId);
    let startOfChat = false;
    if (request?.sessionId === session.id && !result.received.has(request.groupJid)) {
      // Nothing for the group: maybe its start, maybe an answer the event buffer emptied (decision 0015).
      const { complete } = await this.deps.sink.recordEmptyAnswer(
        session.id,
        request.groupJid,
        request.oldestWaId,
        this.deps.historyEvidence,
      );
      startOfChat = complete;
      if (complete) this.announce(session, request.groupJid, 0, true);
    }
    this.answerWaiters(session.id, batch.requestId, result.received, result.perGroup, startOfChat);
  }

  /**
   * Answers the requests a full or recent history batch carries the answer to. An on-demand answer flushed
   * together with a later chunk of another sync type arrives as that chunk, with its syncType and request
   * id (Baileys' event buffer keeps the last ones, decision 0015 §6): a waiting request is then recognised
   * by the messages themselves — its group's, older than where it asked from.
   */
  private answerCarried(sessionId: string, messages: readonly WAMessage[], result: SinkIngestResult): void {
    const pending = this.waiters.get(sessionId) ?? [];
    if (pending.length === 0) return;
    const inserted = new Set(result.inserted.map((key) => `${key.groupJid}\u0000${key.waId}`));
    const remaining = pending.filter((waiter) => {
      const older = messages.filter((message) => {
        const timestamp = toSeconds(message.messageTimestamp);
        return (
          message.key?.remoteJid === waiter.groupJid && timestamp > 0 && timestamp < waiter.from.timestamp
        );
      });
      if (older.length === 0) return true;
      const reached = result.oldestUnstored.get(waiter.groupJid);
      if (reached) this.noteReached(sessionId, new Map([[waiter.groupJid, reached]]));
      if (waiter.requestId) this.asked.delete(waiter.requestId);
      waiter.resolve({
        received: older.length,
        stored: older.filter((m) => inserted.has(`${waiter.groupJid}\u0000${storableText(m.key.id)}`)).length,
        startOfChat: false,
      });
      return false;
    });
    this.waiters.set(sessionId, remaining);
  }

  /** Remembers, per group, the oldest unstored item of an answer when it lies before the one known. */
  private noteReached(sessionId: string, oldest: ReadonlyMap<string, OldestMessage>): void {
    for (const [groupJid, item] of oldest) {
      const key = `${sessionId}\u0000${groupJid}`;
      const known = this.reached.get(key);
      if (!known || item.timestamp < known.timestamp) this.reached.set(key, item);
    }
  }

  private announce(session: SessionRef, groupId: string, stored: number, onDemand: boolean): void {
    this.deps.bus.publish('history', {
      organisationId: session.organisationId,
      sessionId: session.id,
      groupId,
      stored,
      onDemand,
    });
  }

  private answerWaiters(
    sessionId: string,
    requestId: string | null,
    received: Map<string, number>,
    perGroup: Map<string, number>,
    startOfChat: boolean,
  ): void {
    const pending = this.waiters.get(sessionId) ?? [];
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
    this.waiters.set(sessionId, remaining);
  }
}
