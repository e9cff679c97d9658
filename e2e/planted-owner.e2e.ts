import { verifyFirst } from '@wadesk/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FakeGoogle, GOOGLE_CLIENT_ID, startFakeGoogle } from '../apps/server/test/helpers/fake-google';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { postJson, signIn } from './support/desk';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

// The planted-owner attack (docs/decisions/0016-members-and-roles.md, "An unverified account holds no
// power over others"): someone registers the victim's address, which they cannot verify, and tries to
// bring a second account of theirs in as owner and to link a WhatsApp account. Every step is refused
// with words that say why; when the address's owner later signs in with Google, nothing of theirs remains.

let server: RunningServer;
let browser: Browser;
let google: FakeGoogle;

beforeAll(async () => {
  google = await startFakeGoogle();
  [server, browser] = await Promise.all([
    startServer({
      WHATSAPP_DRIVER: 'simulator',
      GOOGLE_CLIENT_ID,
      GOOGLE_JWKS_URL: google.jwksUrl,
    }),
    connectBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await google?.close();
});

test('an attacker who registered the victim’s address can plant no owner and link no phone; Google gives the victim a clean account', async () => {
  const victim = uniqueEmail('victim');
  const squatter = await registerViaApi(server.baseURL, victim);
  const second = await registerViaApi(server.baseURL, uniqueEmail('mallory'));
  const call = (path: string, token: string, body: unknown = {}) =>
    postJson(server.baseURL, path, token, body);
  const secondId = (
    (await (
      await fetch(`${server.baseURL}/users/authcheck/`, {
        headers: { authorization: `Bearer ${second.access_token}` },
      })
    ).json()) as { user: { id: number } }
  ).user.id;

  // In the browser: the Members page offers the verification mail instead of the invitation form.
  const desk = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(desk.page, squatter);
  await desk.page.goto('/members');
  await desk.page.getByRole('region', { name: 'Email address not verified' }).waitFor();
  await desk.page.getByRole('button', { name: 'Invite member' }).click();
  const invite = desk.page.getByRole('dialog', { name: 'Invite member' });
  await invite.getByText(verifyFirst('invite')).waitFor();
  expect(await invite.getByRole('textbox', { name: 'Email' }).count()).toBe(0);
  await invite.getByRole('button', { name: 'Resend verification mail' }).click();
  await invite
    .getByRole('status')
    .getByText(/we sent you a new link/)
    .waitFor();
  await invite.getByRole('button', { name: 'Done' }).click();

  // The same on a phone, for linking a WhatsApp account.
  const phone = await openPage(browser, server.baseURL, MOBILE);
  await signIn(phone.page, squatter);
  await phone.page.goto('/session-info');
  await phone.page.getByText('No previous Sessions found.').waitFor();
  await phone.page.getByRole('button', { name: 'Create Session' }).click();
  const create = phone.page.getByRole('dialog', { name: 'Create Session' });
  await create.getByText(verifyFirst('link')).waitFor();
  expect(await create.getByLabel('Session Name').count()).toBe(0);

  // Past the screens, the API refuses in the same words: no invitation, no owner, no session.
  const refusals: [string, object, string][] = [
    ['/org/inviteMember/', { email: uniqueEmail('mallory'), role: 'admin' }, verifyFirst('invite')],
    ['/org/changeMemberRole/', { user_id: secondId, role: 'owner' }, verifyFirst('manage')],
    ['/api/startSession/', { session_name: 'Planted', description: 'attacker' }, verifyFirst('link')],
  ];
  for (const [path, body, message] of refusals) {
    const answer = await call(path, squatter.access_token, body);
    expect(answer.status, path).toBe(403);
    expect(await answer.json(), path).toEqual({ message });
  }

  // The address's owner signs in with Google: the account is theirs, verified, and holds nothing planted.
  const signedIn = await fetch(`${server.baseURL}/users/google-login-internal/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ credential: await google.idToken({ email: victim, sub: 'victim-google' }) }),
  });
  expect(signedIn.status).toBe(200);
  const owner = (await signedIn.json()) as { access_token: string; refresh_token: string };
  expect((await call('/api/getSessionsList/', squatter.access_token)).status).toBe(401);

  const members = (await (
    await fetch(`${server.baseURL}/org/members/`, {
      headers: { authorization: `Bearer ${owner.access_token}` },
    })
  ).json()) as { members: { email: string; role: string }[]; invitations: unknown[] };
  expect(members.members.map((m) => [m.email, m.role])).toEqual([[victim, 'owner']]);
  expect(members.invitations).toEqual([]);
  const sessions = (await (await call('/api/getSessionsList/', owner.access_token)).json()) as {
    session_count: number;
  };
  expect(sessions.session_count).toBe(0);

  // And may now do what the squatter could not: the form is there.
  const real = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(real.page, owner);
  await real.page.goto('/members');
  await real.page.getByRole('cell', { name: victim }).waitFor();
  expect(await real.page.getByRole('region', { name: 'Email address not verified' }).count()).toBe(0);
  await real.page.getByRole('button', { name: 'Invite member' }).click();
  await real.page
    .getByRole('dialog', { name: 'Invite member' })
    .getByRole('textbox', { name: 'Email' })
    .waitFor();

  expect([...desk.errors, ...phone.errors, ...real.errors]).toEqual([]);
  await Promise.all([desk.close(), phone.close(), real.close()]);
});
