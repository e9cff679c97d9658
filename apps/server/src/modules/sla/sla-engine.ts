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
  log: { error(object: object, message: string): void };
  /** How often the queue is looked at without a wake-up (other instances' changes, leftovers). */
  pollMs?: number;
  /** How often due warnings and mails are looked for. */
  sweepMs?: number;
  batchSize?: number;
}

export type SlaEngine = ReturnType<typeof createSlaEngine>;

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
  let again = false;
  let stopped = false;

  async function recomputeAll(): Promise<void> {
    for (;;) {
      const at = now();
      const result = await repo.recompute(
        batchSize,
        (tickets, organisations) => computeClocks(tickets, organisations, at),
        (due: OutOfHoursDue) => due.ticketId,
      );
      if (!result) return;
      const byOrganisation = new Map<number, number[]>();
      for (const ticket of result.tickets)
        byOrganisation.set(ticket.organisationId, [
          ...(byOrganisation.get(ticket.organisationId) ?? []),
          ticket.id,
        ]);
      for (const [organisationId, ticketIds] of byOrganisation)
        bus.publish('sla.changed', { organisationId, ticketIds });
      for (const due of result.outOfHours)
        await deps
          .outOfHours?.(due)
          .catch((error: unknown) =>
            log.error({ err: error, ticketId: due.ticketId }, 'out-of-hours reply not sent'),
          );
    }
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

  async function sweep(): Promise<number> {
    let told = 0;
    for (;;) {
      const { warnings, rows } = await repo.sweep(new Date(now()), batchSize, tell);
      if (rows.length > 0) await bell.announce(rows);
      for (const organisationId of new Set(warnings.map((w) => w.organisationId)))
        bus.publish('sla.changed', {
          organisationId,
          ticketIds: [
            ...new Set(warnings.filter((w) => w.organisationId === organisationId).map((w) => w.ticketId)),
          ],
        });
      told += warnings.length;
      if (warnings.length < batchSize) break;
    }
    // A few mails per sweep: the rest wait for the next, so a mail server's slowness never piles up work.
    for (let i = 0; i < 50; i++) {
      const sent = await repo.sendOneMail(new Date(now()), (mail) => mailer.send(mail));
      if (sent === null) break;
    }
    return told;
  }

  let lastSweep = 0;
  /** One pass: queued tickets, then warnings and mails when a sweep is due (or `sweepNow`). */
  async function pass(sweepNow: boolean): Promise<void> {
    await recomputeAll();
    if (sweepNow || Date.now() - lastSweep >= sweepMs) {
      lastSweep = Date.now();
      await sweep();
    }
  }

  function run(sweepNow = false): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass(sweepNow)
      .catch((error: unknown) => log.error({ err: error }, 'SLA clocks pass failed'))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run(true);
        }
      });
    return running;
  }

  const timer = setInterval(() => void run(), pollMs);
  timer.unref();
  void run();

  return {
    /** A ticket's history changed somewhere (a message stored, a status set): look at the queue now. */
    wake: () => void run(),
    /** The clock moved (demo mode): compute and tell now. Resolves when the pass is done. */
    async catchUp(): Promise<void> {
      await run(true);
      // A pass already under way when asked may have read the clock before it moved.
      await run(true);
    },
    /** Everything queued is computed and everything due told (tests, the demo). */
    async settled(): Promise<void> {
      await running;
      await run(true);
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
