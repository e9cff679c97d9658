import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { userId } from '../../../test/helpers/team';
import { containsPattern, createInboxRepository, type InboxQuery, searchMatches } from './inbox.repository';
import { decodeCursor, encodeCursor } from './inbox-cursor';

const T0 = 1_790_000_000;

// The search's steps (decision 0021): the walk over the view's newest tickets, and the set of matches from
// the trigram indexes when the walk fills no page. Every walk size must give the same pages.
describeEachDatabase('inbox search: the walk and the index set agree', (ctx) => {
  it('answers the same pages whether the walk sees one ticket, a few, or all of them', async () => {
    const desk = await deskFixture(ctx);
    const words = [
      'refund please',
      'printer broken',
      'refund again',
      'hello',
      'refund now',
      'wifi',
      'refund!',
    ];
    for (const [n, body] of words.entries())
      await desk.say({
        groupId: `${n}@g.us`,
        timestamp: T0 + n,
        body,
        name: n === 3 ? 'Refunda Lee' : 'Carla',
      });
    const memberId = await userId(ctx.db, 'ann@example.com');
    const pages = async (walk: number, query: Partial<InboxQuery>) => {
      const repo = createInboxRepository(ctx.db, { searchWalk: walk });
      const seen: number[][] = [];
      let after: InboxQuery['after'];
      for (let n = 0; n < 10; n++) {
        const rows = await repo.page({
          organisationId: desk.organisationId,
          memberId,
          view: 'all',
          limit: 2,
          after,
          ...query,
        });
        seen.push(rows.slice(0, 2).map((r) => r.id));
        const last = rows[1];
        if (rows.length <= 2 || !last) break;
        after = decodeCursor(encodeCursor({ at: last.cursorAt, id: last.id })) ?? undefined;
      }
      return seen;
    };
    for (const search of ['refund', 'REFUND', 'wifi', 'nothing like it', 'Carla']) {
      const all = await pages(1000, { search });
      for (const walk of [1, 2, 3])
        expect(await pages(walk, { search }), `${search}, walk ${walk}`).toEqual(all);
    }
    // Newest first: "refund!" (6), "refund now" (4), the customer Refunda (3), "refund again" (2), "refund please" (0).
    const ids = (await pages(1000, { search: 'refund' })).flat();
    expect(ids).toHaveLength(5);
    expect(await pages(1, { search: 'refund', view: 'closed' })).toEqual([[]]);
  });

  it("keeps the index set to the organisation: another one's matching messages are neither in it nor on a page", async () => {
    const desk = await deskFixture(ctx);
    const neighbour = await deskFixture(ctx, ctx.app, 'zed@example.com');
    for (const n of [0, 1, 2, 3])
      await neighbour.say({
        groupId: `n${n}@g.us`,
        timestamp: T0 + 10 + n,
        body: `refund ${n}`,
        name: 'Nora',
      });
    for (const [n, body] of ['refund please', 'printer broken', 'refund again'].entries())
      await desk.say({ groupId: `${n}@g.us`, timestamp: T0 + n, body });
    const memberId = await userId(ctx.db, 'ann@example.com');
    const query = (organisationId: number, walk: number, search: string) =>
      createInboxRepository(ctx.db, { searchWalk: walk }).page({
        organisationId,
        memberId,
        view: 'all',
        search,
        limit: 10,
      });
    const ids = async (organisationId: number) => (await query(organisationId, 1000, 'a')).map((r) => r.id);
    const [refundAgain, , refundPlease] = await ids(desk.organisationId);
    const theirs = await ids(neighbour.organisationId);
    expect(theirs).toHaveLength(4);

    // The set itself: the organisation's two matches, none of the neighbour's four.
    const matched = (await ctx.db.execute(
      sql`select distinct id from (${searchMatches(desk.organisationId, containsPattern('refund'), null)}) x(id)`,
    )) as unknown as { rows: { id: number }[] };
    expect(matched.rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      [refundPlease, refundAgain].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    // Pages from the walk (it sees every ticket) and from the set (it sees one): complete, and only ours.
    for (const walk of [1000, 1])
      expect(
        (await query(desk.organisationId, walk, 'refund')).map((r) => r.id),
        `walk ${walk}`,
      ).toEqual([refundAgain, refundPlease]);
  });
});
