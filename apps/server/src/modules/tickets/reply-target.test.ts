import type { Ticket } from '@wadesk/contract';
import { expect, it } from 'vitest';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { createReplyTargets } from './reply-target';

const GROUP = '1@g.us';

describeWithDatabase('the message a desk reply quotes', (ctx) => {
  it("is the ticket's own customer's newest message, never another customer's (decision 0020)", async () => {
    const { say, user, organisationId, groupMode } = await deskFixture(ctx);
    // One ticket for the group: Dora's message joins Carla's ticket.
    await groupMode(GROUP, 'watch');
    const first = await say({ groupId: GROUP, from: '4915100000001', name: 'Carla', body: 'refund?' });
    const second = await say({ groupId: GROUP, from: '4915100000001', name: 'Carla', body: 'hello?' });
    await say({ groupId: GROUP, from: '4915100000002', name: 'Dora', body: 'me too' });
    const [ticket] = (await org<Ticket[]>(ctx.app, user, 'getTickets')).body;
    if (!ticket) throw new Error('no ticket');
    expect(ticket.customer).toBe('Carla');
    const target = await createReplyTargets(ctx.db).find(organisationId, ticket.id);
    expect(target?.customerWaId).toBe(second);
    expect(target?.customerWaId).not.toBe(first);
  });
});
