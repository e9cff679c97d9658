import { randomUUID } from 'node:crypto';

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
