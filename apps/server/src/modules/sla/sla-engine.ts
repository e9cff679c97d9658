import type { DbTransaction } from '../../db/client';
import type { Mail } from '../../mail/mailer';
import type { DeskEventBus } from '../events/desk-events';
import { organisationCalendar } from './organisation-calendar';
import type { ClaimedWarning, SlaClocksRepository, WarningMail } from './sla-clocks.repository';
import { computeClocks, nextBusinessInstant, type OutOfHoursDue } from './sla-compute';
import { warningTexts } from './sla-texts';

/** The bell's side of a warning: the notifications module's rows, stored in the sweep's transaction. */
export interface WarningBell<R> {
  insertWithin(
    tx: DbTransaction,
    post: {
      organisationId: number;
      kind: 'sla_due_soon' | 'sla_breached';
      ticketId: number;
      title: string;
      body: string;
    },
    userIds: readonly number[],
  ): Promise<R[]>;
  /** After the commit: to the members' streams. */
  announce(rows: R[]): Promise<void>;
}

export interface SlaEngineDeps<R> {
  repo: SlaClocksRepository;
  /** The desk's now (epoch ms): the simulated clock in demo mode. */
  now: () => number;
  bus: Pick<DeskEventBus, 'publish'>;
  bell: WarningBell<R>;
  mailer: { send(mail: Mail): Promise<void> };
  publicUrl: string;
  /** Sends a ticket's out-of-hours reply (the replies module); its claim is already stored. */
  outOfHours?: (due: OutOfHoursDue) => Promise<void>;
  log: { error(object: object, message: string): void; warn(object: object, message: string): void };
  /** How often the queue is looked at without a wake-up (other instances' changes, leftovers). */
  pollMs?: number;
  /** How often due warnings and mails are looked for. */
  sweepMs?: number;
  batchSize?: number;
}

export type SlaEngine = ReturnType<typeof createSlaEngine>;

/** Batches of queued tickets per pass before a sweep may run. */
const MAX_BATCHES_PER_PASS = 20;
const MAILS_PER_PASS = 50;
/** How long a claimed mail is an instance's to send before another may try. */
const MAIL_LEASE_MS = 5 * 60_000;
const MAX_MAIL_ATTEMPTS = 5;
/** How long wake-ups are gathered into one pass. */
const WAKE_GATHER_MS = 100;
/**
 * How long a queued ticket waits before the worker computes it on its own: a burst of messages into a ticket
 * is computed once (every ticket is measured, decision 0029). `settled` and `catchUp` compute at once.
 */
const SETTLE_MS = 1_000;

/**
 * The clocks' worker, one per instance (decision 0028): computes the clocks of tickets the triggers queued
 * (SKIP LOCKED, so instances share the work and a crash leaves the queue as it was), tells due warnings
 * exactly once (claimed in the database with what they post), and sends warning mails once the
 * organisation's business hours are on.
 */
export function createSlaEngine<R>(deps: SlaEngineDeps<R>) {
  const { repo, now, bus, bell, mailer, publicUrl, log, pollMs = 1_000, sweepMs = 15_000 } = deps;
  const batchSize = deps.batchSize ?? 100;
  let running: Promise<void> | null = null;
  let eagerWanted = false;
  let again = false;
  let sweepWanted = false;
  let stopped = false;
  const sending = new Set<Promise<void>>();

  /** Sent apart from the worker's pass: a slow send never holds up clocks or warnings. */
  function sendOutOfHours(due: OutOfHoursDue): void {
    if (!deps.outOfHours) return;
    const send = deps
      .outOfHours(due)
      .catch((error: unknown) =>
        // A full reply limit drops it by design (decision 0028): not an error of the server.
        log.warn({ err: error, ticketId: due.ticketId }, 'out-of-hours reply not sent'),
      )
      .finally(() => sending.delete(send));
    sending.add(send);
  }

  /** Tells each organisation's streams which of its tickets' clocks changed. */
  function announce(changed: readonly { organisationId: number; ticketId: number }[]): void {
    const byOrganisation = new Map<number, Set<number>>();
    for (const { organisationId, ticketId } of changed) {
      const ids = byOrganisation.get(organisationId) ?? new Set<number>();
      byOrganisation.set(organisationId, ids.add(ticketId));
    }
    for (const [organisationId, ids] of byOrganisation)
      bus.publish('sla.changed', { organisationId, ticketIds: [...ids] });
  }

  /** Computes queued tickets, a bounded number of batches per pass so that sweeps are never starved. */
  async function recomputeSome(eager: boolean): Promise<void> {
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      const at = now();
      let result: Awaited<ReturnType<typeof repo.recompute<OutOfHoursDue>>>;
      try {
        result = await repo.recompute(
          batchSize,
          (tickets, organisations) => computeClocks(tickets, organisations, at),
          eager ? 0 : SETTLE_MS,
        );
      } catch (error) {
        // Rolled back, still queued: it waits a minute instead of failing again before every other ticket.
        log.error({ err: error }, 'SLA clocks of a batch could not be computed');
        await repo.postpone(batchSize);
        return;
      }
      if (!result) return;
      announce(result.tickets);
      for (const due of result.outOfHours) sendOutOfHours(due);
    }
    // More may be queued: the next pass goes on after a sweep had its turn.
    again = true;
  }

  async function tell(tx: DbTransaction, warnings: ClaimedWarning[]) {
    const rows: R[] = [];
    const mails: WarningMail[] = [];
    const at = now();
    for (const warning of warnings) {
      const calendar = organisationCalendar(warning.businessHours, at);
      const texts = warningTexts(warning, calendar.timeZone, publicUrl);
      rows.push(
        ...(await bell.insertWithin(
          tx,
          {
            organisationId: warning.organisationId,
            kind: warning.warning === 'soon' ? 'sla_due_soon' : 'sla_breached',
            ticketId: warning.ticketId,
            title: texts.title,
            body: texts.body,
          },
          warning.recipients,
        )),
      );
      // Mail waits for business hours, whatever calendar the policy counts on: never at midnight.
      const sendAfter = nextBusinessInstant(calendar, at) ?? at;
      for (const userId of warning.recipients)
        mails.push({
          organisationId: warning.organisationId,
          userId,
          ticketId: warning.ticketId,
          warning: warning.warning,
          clockKind: warning.kind,
          cycle: warning.cycle,
          subject: texts.subject,
          body: texts.mail,
          sendAfter,
        });
    }
    return { rows, mails };
  }

  async function sweep(): Promise<void> {
    for (;;) {
      const { warnings, rows } = await repo.sweep(new Date(now()), batchSize, tell);
      if (rows.length > 0) await bell.announce(rows);
      announce(warnings);
      if (warnings.length < batchSize) return;
    }
  }

  /**
   * Sends the mails due, each claimed for a while and sent outside any transaction (a slow mail server
   * holds up nothing else); one that keeps failing is given up after MAX_MAIL_ATTEMPTS.
   */
  async function sendMails(): Promise<void> {
    for (let i = 0; i < MAILS_PER_PASS; i++) {
      const mail = await repo.claimMail(new Date(now()), MAIL_LEASE_MS);
      if (mail === null) return;
      if (mail === 'dropped') continue;
      try {
        await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text });
        await repo.sent(mail.id);
      } catch (error) {
        log.error({ err: error, attempts: mail.attempts }, 'an SLA warning mail was not sent');
        if (mail.attempts >= MAX_MAIL_ATTEMPTS) await repo.sent(mail.id);
      }
    }
  }

  let mailing: Promise<void> | null = null;
  function startMailing(): Promise<void> {
    mailing ??= sendMails()
      .catch((error: unknown) => log.error({ err: error }, 'SLA warning mails could not be read'))
      .finally(() => {
        mailing = null;
      });
    return mailing;
  }

  /** One pass: queued tickets, then (when asked or due) the warnings, and the mails apart. */
  async function pass(withSweep: boolean, eager: boolean): Promise<void> {
    await recomputeSome(eager);
    if (withSweep) {
      await sweep();
      void startMailing();
    }
  }

  function run(withSweep = false, eager = false): Promise<void> {
    if (stopped) return Promise.resolve();
    sweepWanted ||= withSweep;
    eagerWanted ||= eager;
    if (running) {
      again = true;
      return running;
    }
    const sweepNow = sweepWanted;
    const eagerNow = eagerWanted;
    sweepWanted = false;
    eagerWanted = false;
    again = false;
    running = pass(sweepNow, eagerNow)
      .catch((error: unknown) => log.error({ err: error }, 'SLA clocks pass failed'))
      .finally(() => {
        running = null;
        if ((again || sweepWanted || eagerWanted) && !stopped) void run();
      });
    return running;
  }

  const poll = setInterval(() => void run(), pollMs);
  poll.unref();
  const sweeps = setInterval(() => void run(true), sweepMs);
  sweeps.unref();
  // The first pass a moment after start, with a sweep: what came due while no instance ran is told now.
  const first = setTimeout(() => void run(true), pollMs);
  first.unref();

  // Wake-ups come with every ticket change (hundreds a second under a burst of messages): gathered for a
  // moment into one pass, which computes what they queued together.
  let waking: ReturnType<typeof setTimeout> | null = null;
  function wake(): void {
    if (waking || stopped) return;
    waking = setTimeout(() => {
      waking = null;
      void run();
    }, WAKE_GATHER_MS);
    waking.unref();
  }

  return {
    /** A ticket's history changed somewhere (a message stored, a status set): look at the queue soon. */
    wake,
    /** The clock moved (demo mode): compute and tell now. Resolves when the pass is done. */
    async catchUp(): Promise<void> {
      await run(true, true);
      // A pass already under way when asked may have read the clock before it moved.
      await run(true, true);
      await mailing;
    },
    /** Everything queued is computed, everything due told, the mails due sent (tests, the demo). */
    async settled(): Promise<void> {
      await run(true, true);
      // A pass that left work queued (or was asked for a sweep meanwhile) starts the next by itself.
      while (running) await running;
      await startMailing();
      await Promise.all([...sending]);
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(first);
      if (waking) clearTimeout(waking);
      clearInterval(poll);
      clearInterval(sweeps);
      await running;
      await mailing;
      await Promise.all([...sending]);
    },
  };
}
