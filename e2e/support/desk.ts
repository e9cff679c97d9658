import { toE164 } from '@wadesk/contract';
import type { Page } from 'playwright-core';

// Helpers for the signed-in support-desk flows (sessions, groups, tickets, agents) against the
// server's simulated phone (WHATSAPP_DRIVER=simulator).

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** Puts the account's tokens in the page's local storage, as a sign-in does. */
export async function signIn(page: Page, account: Tokens): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access ?? '');
      localStorage.setItem('refreshToken', refresh ?? '');
    },
    [account.access_token, account.refresh_token],
  );
}

/** An authenticated JSON POST to the server. */
export function postJson(
  baseURL: string,
  path: string,
  token: string,
  body: unknown = {},
): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function postOk<T>(baseURL: string, path: string, token: string, body: unknown = {}): Promise<T> {
  const response = await postJson(baseURL, path, token, body);
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface LinkedSession {
  sessionId: string;
  groups: { group_id: string; name: string }[];
}

/** Creates a session, shows its QR code, lets the simulated phone scan it and waits for its groups. */
async function linkOnce(baseURL: string, token: string, name: string): Promise<LinkedSession> {
  const { sessionID } = await postOk<{ sessionID: string }>(baseURL, '/api/startSession/', token, {
    session_name: name,
    description: `${name} phone`,
  });
  const qr = await postJson(baseURL, '/api/generateQRCode/', token, { sessionID });
  if (!qr.ok) throw new Error(`generateQRCode answered ${qr.status}`);
  await postOk(baseURL, `/sim/sessions/${sessionID}/scan`, token);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const answer = await postOk<{ groups: LinkedSession['groups'] }>(baseURL, '/api/getGroups/', token);
    // By name, as flows pick "the first group": the list itself puts the newest message first.
    const groups = answer.groups
      .filter((group) => group.group_id)
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    if (groups.length > 0) return { sessionId: sessionID, groups };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The simulated session synced no groups in 20 s');
}

/**
 * The linked phone's own number in E.164 when it is a valid number, else null. The server lists a valid
 * one as the organisation's `owner` agent; the simulator makes up numbers that are not always valid.
 */
export async function ownerNumberOf(
  baseURL: string,
  token: string,
  sessionId: string,
): Promise<string | null> {
  // The number is stored as the connection opens, which may come a moment after the groups.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { session_list } = await postOk<{ session_list: { sessionId: string; phone: string | null }[] }>(
      baseURL,
      '/api/getSessionsList/',
      token,
    );
    const phone = session_list.find((session) => session.sessionId === sessionId)?.phone;
    if (phone) return toE164(phone);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The simulated session has no phone number after 10 s');
}

/**
 * A linked simulated session, and its owner agent's number. With `wantOwner`, a phone whose made-up
 * number is not valid (so no owner agent) is unlinked and another one linked, a few times at most.
 */
export async function linkSimulatedSession(
  baseURL: string,
  token: string,
  { name = 'Desk', wantOwner = false }: { name?: string; wantOwner?: boolean } = {},
): Promise<LinkedSession & { owner: string | null }> {
  for (let attempt = 1; ; attempt++) {
    const session = await linkOnce(baseURL, token, attempt === 1 ? name : `${name}${attempt}`);
    const owner = await ownerNumberOf(baseURL, token, session.sessionId);
    if (owner || !wantOwner || attempt === 8) return { ...session, owner };
    await postOk(baseURL, '/api/terminateSession/', token, { sessionID: session.sessionId });
  }
}

export interface IncomingMessage {
  group_id: string;
  body: string;
  author_phone?: string;
  author_name?: string;
  from_me?: boolean;
}

/** A live message arrives in a group of the simulated phone. */
export async function simulateIncoming(
  baseURL: string,
  token: string,
  sessionId: string,
  message: IncomingMessage,
): Promise<void> {
  await postOk(baseURL, `/sim/sessions/${sessionId}/incoming`, token, message);
}
