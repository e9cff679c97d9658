import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { internalsOf } from '../../src/app-internals';
import { users, waGroups, waSessions } from '../../src/db/schema';
import type { GroupTicketMode } from '../../src/modules/messages/messages.schema';
import { type SignedIn, signUpVerified } from './auth';
import type { TestContext } from './describe-each-database';
import { type LiveInput, liveWaMessage } from './live-message';

/**
 * A signed-up organisation (its owner verified, as linking a session needs) with a stored (not running)
 * session, and `say`, which stores a live message through the message store's ingest exactly as the
 * gateway does (without a simulated phone) and waits until the ticket engine has applied it from the queue.
 */
export async function deskFixture(
  ctx: TestContext,
  app: FastifyInstance = ctx.app,
  email = 'ann@example.com',
) {
  const user: SignedIn = await signUpVerified(app, { email });
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
  const ref = { id: session.id, organisationId };
  const say = async (input: Partial<LiveInput> = {}): Promise<string> => {
    const message = liveWaMessage(input);
    // A group name only when asked for: a stored group counts in the dashboard's counts.
    const jid = message.key.remoteJid as string;
    if (input.groupName)
      await internalsOf(app).messageStore.saveGroups(
        ref,
        [{ jid, name: input.groupName, addressingMode: 'pn', size: 2, participants: null }],
        false,
      );
    await internalsOf(app).messageStore.ingest(ref, [message], 'live');
    await internalsOf(app).ticketProcessor.settled();
    return message.key.id as string;
  };
  /**
   * Stores the group in this mode. A group the desk has not stored is a new group, one ticket per customer
   * (decision 0020); tests of one ticket for the whole group say so with `groupMode(jid, 'watch')`.
   */
  const groupMode = async (jid: string, mode: GroupTicketMode) => {
    await ctx.db
      .insert(waGroups)
      .values({ organisationId, sessionId: session.id, jid, name: jid, ticketMode: mode })
      .onConflictDoUpdate({ target: [waGroups.sessionId, waGroups.jid], set: { ticketMode: mode } });
  };
  return { user, organisationId, sessionId: session.id, say, groupMode };
}
