import type { ServerEvent } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type ClusterDatabases, openClusterDatabases } from '../../../test/helpers/cluster-databases';
import { describeEachDatabase, type TestContext } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { type EventStream, openEventStream } from '../../../test/helpers/event-stream';
import { teammate } from '../../../test/helpers/team';
import { eventually } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { migrateDatabase } from '../../db/client';
import { memberNotifications, organisations } from '../../db/schema';

// Two server instances on one database (decision 0014): a member's notification reaches their streams on
// the other instance, reading it in one tab reaches the others, and the unanswered sweep of both posts
// each alert once (docs/decisions/0022-member-notifications.md).

describeEachDatabase('member notifications across instances', (ctx) => {
  let cluster: ClusterDatabases;
  const streams: EventStream[] = [];
  beforeAll(async () => {
    cluster = await openClusterDatabases(ctx.kind, 2);
    // PostgreSQL's is migrated by the helper; PGlite's in-memory database is new.
    if (ctx.kind === 'pglite') await migrateDatabase(cluster.instances[0] as never);
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(() => cluster.dispose());

  it('delivers to the member’s streams on every instance and posts each unanswered alert once', async () => {
    const [first, second] = cluster.instances;
    if (!first || !second) throw new Error('no instances');
    const a = await ctx.buildApp({}, { database: first });
    const b = await ctx.buildApp({}, { database: second });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const clusterCtx = { ...ctx, db: first.db } as TestContext;
    const fixture = await deskFixture(clusterCtx, a);
    const bo = await teammate(a, first.db, fixture.organisationId, 'bo@example.com');
    await first.db
      .update(organisations)
      .set({ unansweredMinutes: 5 })
      .where(eq(organisations.id, fixture.organisationId));

    const ownerOnB = await openEventStream(b, fixture.user.access_token);
    const boOnA = await openEventStream(a, bo.access_token);
    const boOnB = await openEventStream(b, bo.access_token);
    streams.push(ownerOnB, boOnA, boOnB);
    await eventually(() => streams.every((s) => s.events.length > 0));

    await fixture.say({ from: '4915100000001', body: 'help' });
    const created = (stream: EventStream) =>
      stream.events.filter((e: ServerEvent) => e.type === 'notification.created');
    await eventually(() => streams.every((s) => created(s).length === 1));
    const [forOwner] = created(ownerOnB);
    const [forBo] = created(boOnB);
    expect(forOwner).not.toEqual(forBo);
    expect(created(boOnA)).toEqual([forBo]);

    // Read in a tab on A, the member's stream on B follows; the owner's does not hear of it.
    await org(a, bo, 'markNotificationsRead', { all: true });
    await eventually(() => boOnB.events.some((e) => e.type === 'notifications.read'));
    expect(boOnB.events).toContainEqual({ type: 'notifications.read', ids: null, unread: 0 });
    expect(ownerOnB.events.some((e) => e.type === 'notifications.read')).toBe(false);

    ctx.clock.advance(6 * 60_000);
    // Both at once, then again: each instance's own periodic sweep may run too, which changes nothing.
    const sweepBoth = () =>
      Promise.all([internalsOf(a).unansweredSweep.sweep(), internalsOf(b).unansweredSweep.sweep()]);
    await sweepBoth();
    await sweepBoth();
    const alerts = await first.db
      .select()
      .from(memberNotifications)
      .where(eq(memberNotifications.kind, 'unanswered'));
    expect(alerts).toHaveLength(2);
    expect(new Set(alerts.map((n) => n.userId)).size).toBe(2);
    expect(alerts.map((n) => n.userId)).toContain(bo.id);
    await eventually(() => created(boOnB).length === 2 && created(ownerOnB).length === 2);
  });
});
