import type { MemberRole, TokenPair } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { bearer, markVerified, type SignedIn, signUp } from './auth';

/**
 * A second person in `organisationId` with `role` (moved there in the database: invitations have their
 * own tests), signed in again so the token carries the organisation. Answers their user id too. Their
 * address is verified, as accepting an invitation does.
 */
export async function teammate(
  app: FastifyInstance,
  db: Db,
  organisationId: number,
  email: string,
  role: MemberRole = 'member',
  firstName = 'Bob',
): Promise<SignedIn & { id: number }> {
  await signUp(app, { email, first_name: firstName, last_name: 'Kim' });
  const [row] = await db
    .update(users)
    .set({ role, organisationId })
    .where(eq(users.email, email))
    .returning();
  if (!row) throw new Error('no teammate');
  await markVerified(app, email);
  const login = await app.inject({
    method: 'POST',
    url: '/users/login/',
    payload: { username: email, password: 'Secret!A' },
  });
  const tokens = login.json<TokenPair>();
  return { ...tokens, headers: bearer(tokens.access_token), id: row.id };
}

/** The user id of an account. */
export async function userId(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
