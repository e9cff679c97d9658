import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, waSessions } from '../../src/db/schema';
import type { LiveMessage } from '../../src/modules/groups/group-message';
import type { SignedIn } from './auth';
import { signUp } from './auth';
import type { TestContext } from './describe-each-database';
import { type LiveInput, liveMessage } from './live-message';

/**
 * A signed-up organisation with a stored (not running) session, and `say`, which hands a live message to
 * the app's ticket engine exactly as the gateway does, without a simulated phone.
 */
export async function deskFixture(
  ctx: TestContext,
  app: FastifyInstance = ctx.app,
  email = 'ann@example.com',
) {
  const user: SignedIn = await signUp(app, { email });
  const [account] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!account) throw new Error('no user');
  const organisationId = account.organisationId;
  const [session] = await ctx.db
    .insert(waSessions)
    .values({
      organisationId,
      name: 'Support',
      description: 'main',
      status: 'connected',
      phone: '4930000000000',
    })
    .returning();
  if (!session) throw new Error('no session');
  const say = async (input: Partial<LiveInput> = {}): Promise<LiveMessage> => {
    const event = liveMessage({ organisationId, sessionId: session.id, ...input });
    app.events.bus.publish('message.live', event);
    await app.ticketProcessor.settled();
    return event;
  };
  return { user, organisationId, sessionId: session.id, say };
}
