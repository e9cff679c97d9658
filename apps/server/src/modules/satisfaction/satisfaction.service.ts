import { SATISFACTION_OPTIONS, SATISFACTION_QUESTION } from '@wadesk/contract';
import { AppError } from '../../errors';
import type { PollToSend } from '../replies/replies.service';
import type { ReplyTargets } from '../tickets/reply-target';
import type { ClaimedPoll, SatisfactionRepository } from './satisfaction.repository';

/** The poll as it goes out: one answer each, so a customer's vote is one score. */
const POLL: PollToSend = {
  question: SATISFACTION_QUESTION,
  options: [...SATISFACTION_OPTIONS],
  selectableCount: 1,
};

export interface SatisfactionServiceDeps {
  repo: SatisfactionRepository;
  /** The ticket's customer message the poll replies to (the one a desk reply would quote). */
  targets: Pick<ReplyTargets, 'find'>;
  /** Sends the poll through the replies module, recorded as automatic (spends the session's limit last). */
  sendPoll(
    target: {
      organisationId: number;
      ticketId: number;
      sessionId: string;
      groupJid: string;
      quotedWaId: string;
    },
    poll: PollToSend,
  ): Promise<{ waId: string; sentAt: number }>;
  /** The desk's clock (the simulated one in demo mode): which local day the daily limit counts. */
  now: () => number;
  /** The ticket's satisfaction changed (sent, or voted): the desk's streams are told. */
  changed(organisationId: number, ticketId: number): Promise<void>;
  log: { warn(object: object, message: string): void };
}

export type SatisfactionService = ReturnType<typeof createSatisfactionService>;

/**
 * Satisfaction asked inside WhatsApp (docs/decisions/0030-satisfaction-polls.md): a member's close claims the
 * poll (at most one per close, and per customer of a group a day, across instances) and sends it apart from
 * the close's request; a vote on it is scored against the ticket and whoever closed it.
 */
export function createSatisfactionService(deps: SatisfactionServiceDeps) {
  const { repo, log } = deps;
  const asking = new Set<Promise<void>>();

  async function send(claimed: ClaimedPoll, quotedWaId: string): Promise<void> {
    let sent: { waId: string; sentAt: number };
    try {
      sent = await deps.sendPoll({ ...claimed, quotedWaId }, POLL);
    } catch (error) {
      // Refused before anything left (not connected, the reply limit, the quoted message gone): nothing was
      // asked, so the claim goes. A send that failed or timed out on the way (502, 504) may have reached the
      // customer: the claim stays, so they are not asked twice today (uncounted: its id is unknown).
      if (nothingSent(error)) await repo.release(claimed.id);
      log.warn({ err: error, ticketId: claimed.ticketId }, 'the satisfaction poll was not sent');
      return;
    }
    await repo.sent(claimed.id, sent.waId, new Date(sent.sentAt > 0 ? sent.sentAt * 1000 : deps.now()));
    // A vote read before its id was stored here (the customer was quick) is scored now.
    if (!(await voted(claimed.sessionId, claimed.groupJid, sent.waId)))
      await deps.changed(claimed.organisationId, claimed.ticketId);
  }

  /** Scores the poll from its customer's current vote; answers whether the ticket's score changed. */
  async function voted(sessionId: string, groupJid: string, pollWaId: string): Promise<boolean> {
    const changed = await repo.voted(sessionId, groupJid, pollWaId);
    if (changed) await deps.changed(changed.organisationId, changed.ticketId);
    return changed !== null;
  }

  /** Keeps `work` until it settles, so that `settled()` waits for it. */
  function track(work: Promise<void>, what: string, ticket: object): void {
    const tracked = work
      .catch((error: unknown) => log.warn({ err: error, ...ticket }, what))
      .finally(() => asking.delete(tracked));
    asking.add(tracked);
  }

  async function ask(organisationId: number, ticketId: number, closedByUserId: number): Promise<void> {
    const target = await deps.targets.find(organisationId, ticketId);
    // No customer message to reply to (a ticket of the business's own messages): nobody to ask.
    if (!target?.customerWaId) return;
    const claimed = await repo.claim({
      organisationId,
      ticketId,
      closedByUserId,
      quotedWaId: target.customerWaId,
      at: new Date(deps.now()),
    });
    if (claimed) await send(claimed, target.customerWaId);
  }

  return {
    /** A member closed the ticket: asks the customer when the settings say so. Never fails the close. */
    closed(actor: { id: number; organisationId: number }, ticketId: number): void {
      track(ask(actor.organisationId, ticketId, actor.id), 'the satisfaction poll could not be claimed', {
        ticketId,
      });
    },

    /** Votes on a poll of the group changed: a satisfaction poll takes its customer's answer. */
    voted(sessionId: string, groupJid: string, pollWaId: string): void {
      track(voted(sessionId, groupJid, pollWaId).then(), 'a satisfaction vote could not be scored', {
        sessionId,
      });
    },

    /** Every poll asked and every vote read so far is done with (tests, the demo). */
    async settled(): Promise<void> {
      while (asking.size > 0) await Promise.all([...asking]);
    },
  };
}

/** Whether the replies module refused the send before anything left the phone (decision 0018). */
function nothingSent(error: unknown): boolean {
  return error instanceof AppError && (error.statusCode === 409 || error.statusCode === 429);
}
