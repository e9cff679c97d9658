import type { ReplyState } from '@wadesk/contract';
import type { SendReceipt } from '../../whatsapp/driver';
import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { SessionRef } from '../sessions/message-sink';
import type { ChangedReply, DeskRepliesRepository } from './desk-replies.repository';
import type { ReplyEchoes, SentReply } from './reply-echoes';
import { toReplyState } from './reply-state';

export interface ReplyStatesDeps {
  repo: Pick<DeskRepliesRepository, 'applyReceipts' | 'states' | 'failedAmong'>;
  /** The tickets module's undo of a refused reply's echo. */
  echoes: ReplyEchoes;
  audit: Pick<AuditRecorder, 'record'>;
  bus: Pick<DeskEventBus, 'publish'>;
}

export type ReplyStates = ReturnType<typeof createReplyStates>;

/**
 * What became of the desk's replies (docs/decisions/0018, reply states): what WhatsApp says about them
 * moves their state (pushed as `reply.status`), and a refusal undoes what the reply's echo did on its
 * ticket, audited and pushed as `ticket.updated` (`reply_failed`). The echo may join its ticket after the
 * refusal was heard; the ticket engine then tells `echoed`, which undoes it too (the undo runs once).
 */
export function createReplyStates({ repo, echoes, audit, bus }: ReplyStatesDeps) {
  async function refused(sessionId: string, reply: ChangedReply, late: boolean): Promise<void> {
    const outcome = await echoes.undo({ ...reply, sessionId });
    // The refusal is recorded when it is heard; an echo that joined later is recorded when it is undone.
    if (!late || (outcome && outcome.undone.length > 0))
      await audit.record({
        organisationId: reply.organisationId,
        actorId: null,
        action: 'ticket.reply_failed',
        target: reply.ticketId === null ? 'A desk reply' : `Ticket #${reply.ticketId}`,
        details: {
          ticket_id: reply.ticketId,
          wa_id: reply.waId,
          code: reply.failureCode,
          refusal: reply.refusal,
          undone: outcome?.undone ?? [],
        },
      });
    if (outcome)
      bus.publish('ticket.changed', {
        organisationId: reply.organisationId,
        change: 'reply_failed',
        ticket: outcome.ticket,
      });
  }

  return {
    /** What WhatsApp said about messages the session sent (the gateway's `sendStatus`), in arrival order. */
    async record(session: SessionRef, receipts: SendReceipt[]): Promise<void> {
      const changed = await repo.applyReceipts(session.id, receipts);
      if (changed.length === 0) return;
      const states = await repo.states(
        session.id,
        changed.map((reply) => reply.waId),
      );
      for (const reply of changed) {
        const state = states.get(reply.waId);
        if (state)
          bus.publish('reply.status', { organisationId: reply.organisationId, sessionId: session.id, state });
      }
      for (const reply of changed) if (reply.refusedNow) await refused(session.id, reply, false);
    },

    /** Desk replies whose echo just joined a ticket (the ticket processor): a refused one is undone now. */
    async echoed(replies: readonly SentReply[]): Promise<void> {
      const bySession = new Map<string, string[]>();
      for (const reply of replies)
        bySession.set(reply.sessionId, [...(bySession.get(reply.sessionId) ?? []), reply.waId]);
      for (const [sessionId, waIds] of bySession)
        for (const reply of await repo.failedAmong(sessionId, waIds)) await refused(sessionId, reply, true);
    },

    /** Pushes a reply's state as it is now (a Retry marked it sent again). */
    async announce(organisationId: number, sessionId: string, waId: string): Promise<void> {
      const state = (await repo.states(sessionId, [waId])).get(waId);
      if (state) bus.publish('reply.status', { organisationId, sessionId, state });
    },

    /** The states of the session's desk replies among `waIds`, as the desk shows them. */
    async states(sessionId: string, waIds: readonly string[]): Promise<Map<string, ReplyState>> {
      const stored = await repo.states(sessionId, waIds);
      return new Map([...stored].map(([waId, state]) => [waId, toReplyState(state)]));
    },
  };
}
