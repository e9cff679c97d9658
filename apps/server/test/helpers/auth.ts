import type { TokenPair } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';

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

export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}
