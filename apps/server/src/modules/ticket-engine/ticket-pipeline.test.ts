import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { liveWaMessage } from '../../../test/helpers/live-message';
import { internalsOf } from '../../app-internals';
import { ticketMessages, tickets, waLiveQueue } from '../../db/schema';

describeEachDatabase('durable ticket pipeline', (ctx) => {
  /** Settles every app until the shared queue is empty (another app may hold a group's head for a while). */
  async function drain(...apps: FastifyInstance[]): Promise<void> {
    for (let i = 0; i < 200; i++) {
      await Promise.all(apps.map((app) => internalsOf(app).ticketProcessor.settled()));
      if ((await ctx.count(waLiveQueue)) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the live-message queue did not drain');
  }

  it('tickets the messages stored while no engine ran once an app starts on the database', async () => {
    const desk = await deskFixture(ctx);
    await internalsOf(ctx.app).ticketProcessor.stop();
    const ref = { id: desk.sessionId, organisationId: desk.organisationId };
    const batch = [0, 1, 2].map((n) => liveWaMessage({ groupId: `g${n}@g.us`, body: `q${n}` }));
    await internalsOf(ctx.app).messageStore.ingest(ref, batch, 'live');
    await ctx.app.close();
    expect(await ctx.count(tickets)).toBe(0);
    expect(await ctx.count(waLiveQueue)).toBe(3);

    const next = await ctx.buildApp();
    await drain(next);
    expect(await ctx.count(tickets)).toBe(3);
    expect(await ctx.count(ticketMessages)).toBe(3);
  });

  it('lets two apps consume one queue: each message applied once, in order per group, work shared', async () => {
    const desk = await deskFixture(ctx);
    const other = await ctx.buildApp();
    const ref = { id: desk.sessionId, organisationId: desk.organisationId };
    const groups = 30;
    const rounds = 8;
    const arrival = new Map<string, string[]>();
    for (let round = 0; round < rounds; round++) {
      const batch = Array.from({ length: groups }, (_, g) =>
        liveWaMessage({
          groupId: `g${g}@g.us`,
          body: `m${round}`,
          from: `49151000${String(g).padStart(5, '0')}`,
        }),
      );
      for (const message of batch) {
        const jid = message.key.remoteJid as string;
        arrival.set(jid, [...(arrival.get(jid) ?? []), message.key.id as string]);
      }
      // Stored through either app: both hear of it and race for the queue.
      await internalsOf(round % 2 === 0 ? ctx.app : other).messageStore.ingest(ref, batch, 'live');
    }
    await drain(ctx.app, other);

    expect(await ctx.count(tickets)).toBe(groups);
    expect(await ctx.count(ticketMessages)).toBe(groups * rounds);
    const rows = await ctx.db
      .select({ groupJid: tickets.groupJid, waId: ticketMessages.waId })
      .from(ticketMessages)
      .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
      .orderBy(asc(ticketMessages.id));
    const applied = new Map<string, string[]>();
    for (const row of rows) applied.set(row.groupJid, [...(applied.get(row.groupJid) ?? []), row.waId]);
    expect(applied).toEqual(arrival);
    const [first, second] = [
      internalsOf(ctx.app).ticketProcessor.applied(),
      internalsOf(other).ticketProcessor.applied(),
    ];
    expect(first + second).toBe(groups * rounds);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
  });
});
