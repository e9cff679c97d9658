import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { MessageStore, QueuedLiveMessage } from '../messages/message-store.service';
import type { NotificationPoster } from '../notifications/notification-poster';
import { toTicket } from '../tickets/ticket-mapping';
import type { TicketStatus } from '../tickets/tickets.schema';
import type { BatchOutcome, TicketEngine } from './ticket-engine';

export interface TicketProcessorDeps {
  /** The live-message queue of the message store. */
  queue: Pick<MessageStore, 'claimLive' | 'ackLive' | 'releaseLive'>;
  engine: Pick<TicketEngine, 'processBatch'>;
  bus: Pick<DeskEventBus, 'publish'>;
  log: { error(object: object, message: string): void };
  /** Where automatic assignments (a member's first reply) are recorded, after the batch was applied. */
  audit?: Pick<AuditRecorder, 'record'>;
  /**
   * Where members are told of a new ticket, and an assignee that their customer wrote again (the ticket
   * waits on the business again, a pending one moved back, or a closed one reopened): the notifications
   * module's port (decision 0022).
   */
  notifications?: Pick<NotificationPoster, 'newTickets' | 'customerReplied'>;
  /**
   * Applied messages from a LID sender whose number was unknown when they were claimed: the pair may have
   * been learned while the engine worked, after the tickets' own fill had looked (decision 0013).
   */
  lateSenders?(events: QueuedLiveMessage[]): Promise<void>;
  /**
   * Desk replies whose echo just joined a ticket: one WhatsApp refused meanwhile has what its echo did
   * undone (decision 0018, reply states; the refusal may be heard before the echo is claimed).
   */
  deskEchoes?(
    replies: { organisationId: number; sessionId: string; groupJid: string; waId: string }[],
  ): Promise<void>;
  /** This instance's id: who holds a claim. */
  instanceId: string;
  /** Most messages claimed and handed to the engine at once (one per group by construction). */
  batchSize?: number;
  /** Most batches in the database at once. */
  parallel?: number;
  /** How often the queue is looked at without a wake-up: other instances' and crashed instances' leftovers. */
  pollMs?: number;
  /** How long a claim lasts; an instance that dies holding one leaves it to others after this. */
  claimMs?: number;
  /** How long a message whose processing failed waits before it is claimed again. */
  retryMs?: number;
  /** Claims after which a message that still fails is logged and dropped, so its group moves on. */
  maxAttempts?: number;
}

export type TicketProcessor = ReturnType<typeof createTicketProcessor>;

const joinedTicket = (outcome: BatchOutcome | undefined) =>
  outcome?.kind === 'created' || outcome?.kind === 'updated' || outcome?.kind === 'reopened';

/**
 * Why the engine moved a ticket (the audit entry's reason): each move of the transition table has one
 * cause (decision 0020).
 */
function moveReason(from: TicketStatus, to: TicketStatus): string {
  if (from === 'close') return 'the customer wrote within the reopen window';
  if (to === 'pending') return 'a staff reply (pending after a reply is on)';
  if (from === 'pending') return 'the customer replied';
  return 'the first staff reply';
}

/**
 * The consumer of the live-message queue, one per instance (docs/architecture.md, ticket pipeline). It
 * claims batches of queued messages (the queue hands out only each group's oldest, so groups stay in
 * arrival order even with several instances), applies them with the engine, publishes what changed and
 * acknowledges them. A message whose processing failed stays queued and is retried, up to `maxAttempts`.
 * It claims when woken (a message was stored, a batch finished) and every `pollMs`.
 */
export function createTicketProcessor({
  queue,
  engine,
  bus,
  log,
  audit,
  notifications,
  lateSenders,
  deskEchoes,
  instanceId,
  batchSize = 200,
  parallel = 4,
  pollMs = 1_000,
  claimMs = 30_000,
  retryMs = 1_000,
  maxAttempts = 5,
}: TicketProcessorDeps) {
  let running = 0;
  let claiming: Promise<void> | null = null;
  let wanted = false;
  let stopped = false;
  let claims = 0;
  let applied = 0;
  const inFlight = new Set<Promise<void>>();
  /** settled() callers, each with the number of claims started before it asked. */
  let waiters: { after: number; resolve: () => void }[] = [];

  function announce(event: QueuedLiveMessage, outcome: BatchOutcome): void {
    if (outcome.kind === 'created' || outcome.kind === 'updated' || outcome.kind === 'reopened')
      bus.publish('ticket.changed', {
        organisationId: event.organisationId,
        change: outcome.kind === 'updated' ? 'message' : outcome.kind,
        ticket: toTicket(outcome.ticket),
      });
  }

  /** The audit entry of a status the message moved (decision 0020): the actor is nobody, WhatsApp did it. */
  function move(event: QueuedLiveMessage, outcome: BatchOutcome) {
    if (!audit || (outcome.kind !== 'updated' && outcome.kind !== 'reopened')) return [];
    const { ticket, statusBefore } = outcome;
    if (!statusBefore || statusBefore === ticket.status) return [];
    return [
      audit.record({
        organisationId: event.organisationId,
        actorId: null,
        action: 'ticket.status_changed',
        target: `Ticket #${ticket.id}`,
        details: {
          from: statusBefore,
          to: ticket.status,
          reason: moveReason(statusBefore, ticket.status),
          wa_id: event.message.waId,
        },
      }),
    ];
  }

  /** The audit entry of a reply that assigned its ticket: the actor is nobody, WhatsApp did it. */
  function assignment(event: QueuedLiveMessage, outcome: BatchOutcome) {
    if (!audit || (outcome.kind !== 'created' && outcome.kind !== 'updated') || !outcome.assigned) return [];
    const { ticket } = outcome;
    return [
      audit.record({
        organisationId: event.organisationId,
        actorId: null,
        action: 'ticket.assigned',
        target: `Ticket #${ticket.id}`,
        details: {
          ticket_id: ticket.id,
          assignee_id: ticket.assigneeId,
          // The member's name when the desk sent the reply; else the agent phone whose linked member it was.
          to: event.deskReply?.name ?? null,
          agent: event.deskReply ? null : ticket.answeredBy,
          reason: event.deskReply ? 'first reply, sent from the desk' : 'first reply, from their agent phone',
          wa_id: event.message.waId,
        },
      }),
    ];
  }

  /**
   * What the batch tells members (decision 0022), posted after it like the audit entries: the tickets it
   * opened in one post (every member), and each assignee whose customer wrote again — once per wait: the
   * message that started the customer's wait (`waiting_since` was null), moved the ticket out of pending
   * or reopened it. Acknowledgements start no wait and move nothing; reactions and poll votes never reach
   * the engine.
   */
  function notify(batch: { event: QueuedLiveMessage; outcome: BatchOutcome }[]): Promise<void>[] {
    if (!notifications) return [];
    const posts: Promise<void>[] = [];
    const opened: Parameters<typeof notifications.newTickets>[0][number][] = [];
    for (const { event, outcome } of batch) {
      if (outcome.kind !== 'created' && outcome.kind !== 'updated' && outcome.kind !== 'reopened') continue;
      const { ticket } = outcome;
      const about = {
        organisationId: event.organisationId,
        id: ticket.id,
        customer: ticket.customer,
        groupName: ticket.groupName,
      };
      if (outcome.kind === 'created') opened.push({ ticket: about, lastMessage: ticket.lastMessage });
      else if (ticket.assigneeId === null) continue;
      else if (outcome.kind === 'reopened')
        posts.push(notifications.customerReplied(about, ticket.lastMessage, ticket.assigneeId, true));
      else if (
        outcome.startedWaiting ||
        (outcome.statusBefore === 'pending' && ticket.status === 'in_progress')
      )
        posts.push(notifications.customerReplied(about, ticket.lastMessage, ticket.assigneeId, false));
    }
    if (opened.length > 0) posts.push(notifications.newTickets(opened));
    return posts;
  }

  function failed(event: QueuedLiveMessage, error: unknown): void {
    log.error(
      {
        err: error,
        sessionId: event.sessionId,
        groupId: event.groupJid,
        waId: event.message.waId,
        attempts: event.attempts,
      },
      'ticket engine failed on a message',
    );
  }

  /** Each message's outcome; a rejected batch is retried message by message so one bad message costs only itself. */
  async function outcomes(batch: QueuedLiveMessage[]): Promise<BatchOutcome[]> {
    try {
      return await engine.processBatch(batch);
    } catch (error) {
      if (batch.length === 1) return [{ kind: 'failed', error }];
      return (await Promise.all(batch.map((event) => outcomes([event])))).flat();
    }
  }

  async function apply(batch: QueuedLiveMessage[]): Promise<void> {
    const done: number[] = [];
    const work: QueuedLiveMessage[] = [];
    for (const event of batch) {
      if (event.attempts <= maxAttempts) work.push(event);
      else {
        log.error(
          {
            sessionId: event.sessionId,
            groupId: event.groupJid,
            waId: event.message.waId,
            attempts: event.attempts,
          },
          'ticket engine gave up on a message',
        );
        done.push(event.seq);
      }
    }
    const results = work.length > 0 ? await outcomes(work) : [];
    const retry: number[] = [];
    const audited: Promise<void>[] = [];
    const outcomesApplied: { event: QueuedLiveMessage; outcome: BatchOutcome }[] = [];
    for (const [i, event] of work.entries()) {
      const outcome = results[i] as BatchOutcome;
      if (outcome.kind === 'failed') {
        failed(event, outcome.error);
        retry.push(event.seq);
      } else {
        done.push(event.seq);
        announce(event, outcome);
        audited.push(...assignment(event, outcome), ...move(event, outcome));
        outcomesApplied.push({ event, outcome });
      }
    }
    await queue.ackLive(instanceId, done);
    audited.push(...notify(outcomesApplied));
    // Never fails (the recorder and the poster log their own failures); the batch itself is already applied.
    await Promise.all(audited);
    const echoes = work.filter((event, i) => event.deskReply && joinedTicket(results[i]));
    if (echoes.length > 0 && deskEchoes)
      await deskEchoes(
        echoes.map((e) => ({
          organisationId: e.organisationId,
          sessionId: e.sessionId,
          groupJid: e.groupJid,
          waId: e.message.waId,
        })),
      ).catch((error: unknown) => log.error({ err: error }, 'undoing refused desk replies failed'));
    applied += work.length - retry.length;
    const unresolved = work.filter(
      (event, i) =>
        results[i]?.kind !== 'failed' &&
        !event.message.authorNumber &&
        event.message.author?.endsWith('@lid'),
    );
    if (unresolved.length > 0 && lateSenders)
      await lateSenders(unresolved).catch((error: unknown) =>
        log.error({ err: error }, 'filling late sender numbers failed'),
      );
    await queue.releaseLive(instanceId, retry, retryMs);
  }

  function start(batch: QueuedLiveMessage[]): void {
    running++;
    const work = apply(batch)
      .catch((error: unknown) => log.error({ err: error }, 'ticket batch could not be finished'))
      .finally(() => {
        running--;
        inFlight.delete(work);
        wake();
      });
    inFlight.add(work);
  }

  /** Claims while there is room and something to claim; answers waiters once nothing is left to do here. */
  async function claimLoop(): Promise<void> {
    while (!stopped && wanted && running < parallel) {
      wanted = false;
      const claim = ++claims;
      // A claim made while a batch is in flight may find nothing only because that batch holds its group.
      const busy = running;
      let batch: QueuedLiveMessage[];
      try {
        batch = await queue.claimLive(instanceId, batchSize, claimMs);
      } catch (error) {
        log.error({ err: error }, 'the live-message queue could not be read');
        return;
      }
      if (batch.length > 0) {
        start(batch);
        wanted = true;
      } else if (running === 0 && busy === 0) {
        const ready = waiters.filter((w) => w.after < claim);
        waiters = waiters.filter((w) => w.after >= claim);
        for (const w of ready) w.resolve();
      }
    }
  }

  function wake(): void {
    if (stopped) return;
    wanted = true;
    if (claiming) return;
    claiming = claimLoop().finally(() => {
      claiming = null;
      if (wanted && running < parallel && !stopped) wake();
    });
  }

  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();

  return {
    /** Messages this instance applied so far (including seen-before and ignored ones). */
    applied: () => applied,

    /** A message was stored (or something else may be waiting): look at the queue now. Never throws. */
    wake,

    /**
     * Resolves once everything queued before the call and claimable by this instance has been applied:
     * a claim started after the call found nothing and no batch is in flight (tests, bench).
     */
    settled(): Promise<void> {
      if (stopped) return Promise.resolve();
      return new Promise((resolve) => {
        waiters.push({ after: claims, resolve });
        wake();
      });
    },

    /** Shutdown: claims nothing more and waits for the batches in flight; what is left stays queued. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await claiming;
      await Promise.all([...inFlight]);
      for (const w of waiters) w.resolve();
      waiters = [];
    },
  };
}
