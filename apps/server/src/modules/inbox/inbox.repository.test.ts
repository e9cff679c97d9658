import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { userId } from '../../../test/helpers/team';
import { createInboxRepository, type InboxQuery } from './inbox.repository';
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
});
