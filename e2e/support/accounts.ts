import { randomUUID } from 'node:crypto';
import { verificationLinkFor } from './outbox';

export const STRONG_PASSWORD = 'Secret#123';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Registers through the API (not the UI) when a test only needs a signed-in user. */
export async function registerViaApi(baseURL: string, email = uniqueEmail()) {
  const response = await fetch(`${baseURL}/users/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password1: STRONG_PASSWORD, first_name: 'Asha', last_name: 'Rao' }),
  });
  if (response.status !== 201)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  return { email, ...tokens };
}

/**
 * Registers through the API and verifies the address the way its owner does, with the link of the mail
 * the server wrote to its outbox: inviting members and linking WhatsApp accounts need a verified address
 * (docs/decisions/0016-members-and-roles.md).
 */
export async function registerVerified(server: { baseURL: string; dataDir: string }, email = uniqueEmail()) {
  const account = await registerViaApi(server.baseURL, email);
  await verifyAddress(server, email);
  return account;
}

/** Opens the verification link mailed to `email`, as a POST of its token (what the verification page sends). */
export async function verifyAddress(server: { baseURL: string; dataDir: string }, email: string) {
  const token = new URLSearchParams(verificationLinkFor(server.dataDir, email).split('?')[1]).get('token');
  const response = await fetch(`${server.baseURL}/users/verify-email/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (response.status !== 200)
    throw new Error(`verify-email failed: ${response.status} ${await response.text()}`);
}
