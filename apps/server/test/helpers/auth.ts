import type { TokenPair } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import { internalsOf } from '../../src/app-internals';
import { linkIn, type ReceivedMail } from './smtp';

export const defaultRegistration = {
  email: 'ann@example.com',
  password1: 'Secret!A',
  first_name: 'Ann',
  last_name: 'Lee',
};

export interface SignedIn extends TokenPair {
  /** Headers for authenticated calls: `app.inject({ …, headers: user.headers })`. */
  headers: { authorization: string };
}

/** Registers a user (its own organisation, role owner) and returns its tokens. */
export async function signUp(
  app: FastifyInstance,
  registration: Partial<typeof defaultRegistration> = {},
): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/users/register/',
    payload: { ...defaultRegistration, ...registration },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const tokens = response.json<TokenPair>();
  return { ...tokens, headers: bearer(tokens.access_token) };
}

/**
 * Registers an owner whose address is verified, for tests that are not about verification but invite,
 * change roles or link sessions, which need it (docs/decisions/0016-members-and-roles.md). The address is
 * marked verified as its link would; tests of the rule itself open the mailed link (`openVerificationLink`).
 */
export async function signUpVerified(
  app: FastifyInstance,
  registration: Partial<typeof defaultRegistration> = {},
): Promise<SignedIn> {
  const user = await signUp(app, registration);
  await markVerified(app, registration.email ?? defaultRegistration.email);
  return user;
}

/** Marks an existing account's address verified (see `signUpVerified`): the one way tests skip the mail. */
export async function markVerified(app: FastifyInstance, email: string): Promise<void> {
  if (!(await internalsOf(app).verifyAddress(email))) throw new Error(`no account ${email} to verify`);
}

/** Verifies an address the way its owner does: opens the link of the verification mail it received. */
export async function openVerificationLink(app: FastifyInstance, mail: ReceivedMail): Promise<void> {
  const token = linkIn(mail).searchParams.get('token');
  const response = await app.inject({ method: 'POST', url: '/users/verify-email/', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`verify-email: ${response.statusCode} ${response.body}`);
}

export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}
