import type { FastifyBaseLogger } from 'fastify';
import type { Mail } from '../../mail/mailer';
import { digestMail } from './digest-text';
import type { ReportsRepository } from './reports.repository';
import { toRow } from './reports.service';

// The weekly digest (docs/decisions/0029-reports.md): on Monday from 08:00 in each organisation's zone, its
// owners and admins get last week's key figures against the week before. Each instance looks every few
// minutes; the one whose insert claims the organisation's week sends it, outside any transaction.

const DAY_MS = 86_400_000;
const SEND_FROM_HOUR = 8;

/** The Monday (a local date) of the week `at` falls in, in `timeZone`, and whether it is past Monday 08:00. */
export function localWeek(at: Date, timeZone: string): { weekStart: string; due: boolean } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const isoDay = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1;
  const today = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  const weekStart = new Date(today - (isoDay - 1) * DAY_MS).toISOString().slice(0, 10);
  return { weekStart, due: isoDay > 1 || Number(parts.hour) >= SEND_FROM_HOUR };
}

const shift = (date: string, days: number) =>
  new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);

/** "23–29 Nov 2026" for the week starting `from`. */
function weekLabel(from: string): string {
  const first = new Date(Date.parse(from));
  const last = new Date(Date.parse(from) + 6 * DAY_MS);
  const month = (d: Date) => d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const head =
    first.getUTCMonth() === last.getUTCMonth()
      ? `${first.getUTCDate()}`
      : `${first.getUTCDate()} ${month(first)}`;
  return `${head}–${last.getUTCDate()} ${month(last)} ${last.getUTCFullYear()}`;
}

export interface WeeklyDigestDeps {
  repo: ReportsRepository;
  mailer: { send(mail: Mail): Promise<void> };
  now: () => Date;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** How often an instance looks for organisations whose Monday morning has come. */
  intervalMs?: number;
}

export type WeeklyDigest = ReturnType<typeof createWeeklyDigest>;

export function createWeeklyDigest({
  repo,
  mailer,
  now,
  publicUrl,
  log,
  intervalMs = 5 * 60_000,
}: WeeklyDigestDeps) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /**
   * One organisation's digest of the week before `weekStart`, to each recipient; answers how many mails went
   * out, or -1 when there were recipients and none of them could be sent to.
   */
  async function send(organisation: { id: number; name: string; timeZone: string }, weekStart: string) {
    const scope = (from: string) => ({
      organisationId: organisation.id,
      from,
      to: shift(from, 7),
      timeZone: organisation.timeZone,
    });
    const lastWeek = shift(weekStart, -7);
    const [thisWeek] = await repo.summary(scope(lastWeek), 'none', 'business');
    const [weekBefore] = await repo.summary(scope(shift(weekStart, -14)), 'none', 'business');
    // A quiet fortnight is not worth a mail.
    if (!thisWeek && !weekBefore) return 0;
    const recipients = await repo.digestRecipients(organisation.id);
    let delivered = 0;
    for (const recipient of recipients) {
      const mail = digestMail({
        organisationName: organisation.name,
        recipientName: recipient.firstName,
        weekLabel: weekLabel(lastWeek),
        timeZone: organisation.timeZone,
        thisWeek: thisWeek && toRow(thisWeek),
        weekBefore: weekBefore && toRow(weekBefore),
        // The Reports page's custom range names its last day, Sunday.
        reportsUrl: `${publicUrl}/reports?period=custom&from=${lastWeek}&to=${shift(weekStart, -1)}`,
        profileUrl: `${publicUrl}/profile`,
      });
      try {
        await mailer.send({ to: recipient.email, ...mail });
        delivered++;
      } catch (error) {
        log.error({ err: error, organisationId: organisation.id }, 'a weekly digest could not be sent');
      }
    }
    return recipients.length > 0 && delivered === 0 ? -1 : delivered;
  }

  /** Sends the digests that are due and not yet claimed; answers how many mails went out. */
  async function tick(): Promise<number> {
    const at = now();
    let sent = 0;
    for (const organisation of await repo.digestOrganisations()) {
      const { weekStart, due } = localWeek(at, organisation.timeZone);
      if (!due || !(await repo.claimDigest(organisation.id, weekStart, at))) continue;
      // What fails before any mail went out gives the claim back: the next round tries again.
      let delivered = 0;
      try {
        delivered = await send(organisation, weekStart);
      } catch (error) {
        log.error({ err: error, organisationId: organisation.id }, 'a weekly digest could not be prepared');
        delivered = -1;
      }
      if (delivered < 0) await repo.releaseDigest(organisation.id, weekStart);
      else sent += delivered;
    }
    return sent;
  }

  const guarded = () => {
    running ??= tick()
      .catch((error: unknown) => {
        log.error({ err: error }, 'the weekly digest round failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    tick: guarded,
    start() {
      timer = setInterval(() => void guarded(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
