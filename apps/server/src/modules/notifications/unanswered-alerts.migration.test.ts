import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { organisations, tickets, unansweredAlerts, waSessions } from '../../db/schema';

// Migration 0023 gives each alert of before it the wait it alerted (docs/decisions/0022-member-notifications.md,
// the unanswered sweep): its backfill statement, run as written on rows as 0022 left them (no wait yet).

const MIGRATION = new URL('../../db/migrations/0023_unanswered_waits.sql', import.meta.url);

/** Thrown to roll back the test's transaction, which loosens the column for the old rows. */
class Rollback extends Error {}

describeEachDatabase('migration 0023: the wait of each earlier unanswered alert', (ctx) => {
  it('keeps a wait that began before its alert, and leaves a later wait (or none) to be alerted', async () => {
    const text = await readFile(MIGRATION, 'utf8');
    const backfill = text
      .split('--> statement-breakpoint')
      .find((s) => s.includes('UPDATE "unanswered_alerts"'));
    if (!backfill) throw new Error('no backfill statement');
    const at = (iso: string) => new Date(iso);
    const [organisation] = await ctx.db.insert(organisations).values({ name: 'Org' }).returning();
    if (!organisation) throw new Error('no organisation');
    const [session] = await ctx.db
      .insert(waSessions)
      .values({ organisationId: organisation.id, name: 'S', description: '' })
      .returning();
    if (!session) throw new Error('no session');
    const ticket = (n: number, waitingSince: Date | null, status: 'open' | 'in_progress') => ({
      organisationId: organisation.id,
      sessionId: session.id,
      groupJid: `${n}@g.us`,
      groupName: 'G',
      customer: 'Carla',
      lastMessage: 'help',
      status,
      createdAt: at('2026-11-01T10:00:00Z'),
      waitingSince,
    });
    const [same, later, answered] = await ctx.db
      .insert(tickets)
      .values([
        ticket(1, at('2026-11-01T10:00:00Z'), 'open'),
        ticket(2, at('2026-11-03T09:00:00Z'), 'in_progress'),
        ticket(3, null, 'in_progress'),
      ])
      .returning();
    if (!same || !later || !answered) throw new Error('no tickets');
    const alertedAt = at('2026-11-01T10:31:00Z');

    const rows = await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`alter table unanswered_alerts alter column waiting_since drop not null`);
        await tx.execute(sql`insert into unanswered_alerts (ticket_id, alerted_at)
          select id, ${alertedAt.toISOString()}::timestamptz from tickets`);
        await tx.execute(sql.raw(backfill));
        const result = await tx.select().from(unansweredAlerts);
        throw Object.assign(new Rollback(), { result });
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback)
          return (error as Rollback & { result: (typeof unansweredAlerts.$inferSelect)[] }).result;
        throw error;
      });
    const waits = new Map(rows.map((r) => [r.ticketId, r.waitingSince?.toISOString()]));
    expect(Object.fromEntries(waits)).toEqual({
      // Still the wait that was alerted: not again.
      [same.id]: '2026-11-01T10:00:00.000Z',
      // A wait that began after the alert, or none: stored before it, so the next wait is alerted.
      [later.id]: '2026-11-01T10:00:00.000Z',
      [answered.id]: '2026-11-01T10:00:00.000Z',
    });
    // The column is NOT NULL again once the transaction is gone.
    await expect(
      ctx.db.execute(sql`insert into unanswered_alerts (ticket_id) values (${same.id})`),
    ).rejects.toThrow();
  });
});
