import { asc, eq } from 'drizzle-orm';
import { organisations, ticketMessages, tickets, users, waSessions } from '../../src/db/schema';
import { createAgentsRepository } from '../../src/modules/agents/agents.repository';
import { createAgentsService } from '../../src/modules/agents/agents.service';
import { createTicketEngine } from '../../src/modules/ticket-engine/ticket-engine';
import { createTicketLedgerRepository } from '../../src/modules/tickets/ticket-ledger.repository';
import { createTicketsRepository } from '../../src/modules/tickets/tickets.repository';
import { createTicketsService } from '../../src/modules/tickets/tickets.service';
import type { TestContext } from './describe-each-database';
import { type LiveInput, liveMessage } from './live-message';

/**
 * An organisation with a session and the ticket engine over the real ledger, without the queue: `send`
 * applies one message (watch mode unless the input says otherwise) and answers its outcome; `service` is
 * the desk's ticket calls (status changes, stats).
 */
export async function engineFixture(ctx: TestContext) {
  const [organisation] = await ctx.db.insert(organisations).values({ name: 'Acme' }).returning();
  if (!organisation) throw new Error('no organisation');
  const [session] = await ctx.db
    .insert(waSessions)
    .values({ organisationId: organisation.id, name: 'Support', description: 'main', phone: '4930000000000' })
    .returning();
  if (!session) throw new Error('no session');
  const agents = createAgentsService({ repo: createAgentsRepository(ctx.db) });
  const engine = createTicketEngine({
    ledger: createTicketLedgerRepository(ctx.db),
    agentByNumber: agents.byNumber,
  });
  const send = (input: Partial<LiveInput> = {}) =>
    engine.process(liveMessage({ organisationId: organisation.id, sessionId: session.id, ...input }));
  const perCustomer = (input: Partial<LiveInput> = {}) => send({ ticketMode: 'per_customer', ...input });
  const all = () => ctx.db.select().from(tickets).orderBy(asc(tickets.id));
  const messagesOf = async (ticketId: number) =>
    (
      await ctx.db
        .select({ message: ticketMessages.message })
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.id))
    ).map((m) => m.message);
  const member = async (email: string, firstName: string) => {
    const [row] = await ctx.db
      .insert(users)
      .values({ organisationId: organisation.id, email, firstName, lastName: 'Doe', role: 'member' })
      .returning();
    if (!row) throw new Error('no user');
    return row;
  };
  const service = createTicketsService({ repo: createTicketsRepository(ctx.db), clock: ctx.clock });
  return {
    organisationId: organisation.id,
    sessionId: session.id,
    agents,
    send,
    perCustomer,
    all,
    messagesOf,
    member,
    service,
  };
}
