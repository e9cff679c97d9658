import { authMessages, memberMessages } from '@wadesk/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerViaApi, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { postJson, signIn } from './support/desk';
import { invitationLinkFor, verificationLinkFor } from './support/outbox';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

// Addresses someone else registered (decision 0016): a verification mail the real owner (or their
// mail scanner) opens verifies nothing until they confirm, and the real owner's invitation still brings them
// into their team.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), connectBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Whether the account of `accessToken` has a verified address, as the server says. */
async function verified(accessToken: string): Promise<boolean> {
  const response = await fetch(`${server.baseURL}/users/authcheck/`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok) throw new Error(`authcheck answered ${response.status}`);
  return ((await response.json()) as { user: { email_verified: boolean } }).user.email_verified;
}

/** Opens the verification link of `email`'s newest mail and presses the button, as its owner does. */
async function confirmAddress(page: Page, email: string): Promise<void> {
  await page.goto(verificationLinkFor(server.dataDir, email));
  await page.getByRole('button', { name: 'Yes, I created this account' }).click();
  await page.getByText(authMessages.emailVerified).waitFor();
}

test('a verification link loaded by a mail scanner verifies nothing until the button is pressed', async () => {
  // Someone registers the victim's address; the mail goes to the victim, whose mail scanner opens the link.
  const victim = uniqueEmail('victim');
  const squatter = await registerViaApi(server.baseURL, victim);
  const scanner = await openPage(browser, server.baseURL, MOBILE);
  await scanner.page.goto(verificationLinkFor(server.dataDir, victim));
  await scanner.page.waitForLoadState('networkidle');
  expect(await verified(squatter.access_token)).toBe(false);

  // The page asks, naming the address; only the owner's press verifies.
  await scanner.page.getByRole('heading', { name: 'Confirm that you created this account' }).waitFor();
  await scanner.page.getByText(victim).waitFor();
  await scanner.page.reload();
  await scanner.page.getByRole('button', { name: 'Yes, I created this account' }).waitFor();
  expect(await verified(squatter.access_token)).toBe(false);
  await scanner.page.getByRole('button', { name: 'Yes, I created this account' }).click();
  await scanner.page.getByText(authMessages.emailVerified).waitFor();
  expect(await verified(squatter.access_token)).toBe(true);

  expect(scanner.errors).toEqual([]);
  await scanner.close();
});

test('someone registered the address first: the real team invites it, and its owner joins from the mail', async () => {
  const victim = uniqueEmail('priya');
  const squatter = await registerViaApi(server.baseURL, victim);

  // The team's owner proves their own address from the mail, then invites the victim on the Members page.
  const owner = await registerViaApi(server.baseURL, uniqueEmail('owner'));
  const desk = await openPage(browser, server.baseURL, DESKTOP);
  await confirmAddress(desk.page, owner.email);
  await signIn(desk.page, owner);
  await desk.page.goto('/members');
  await desk.page.getByRole('cell', { name: owner.email }).waitFor();
  await desk.page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = desk.page.getByRole('dialog', { name: 'Invite member' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(victim);
  await dialog.getByLabel('Role', { exact: true }).selectOption('member');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await desk.page.getByText(`Invitation sent. ${victim}`).waitFor();

  // The victim opens the invitation mail: the page says the unverified account gives way, and they join.
  const phone = await openPage(browser, server.baseURL, MOBILE);
  await phone.page.goto(invitationLinkFor(server.dataDir, victim));
  await phone.page.getByRole('heading', { name: /^Join .+ as a member$/ }).waitFor();
  await phone.page.getByText(memberMessages.replacesUnverified).waitFor();
  await phone.page.getByLabel('First name').fill('Priya');
  await phone.page.getByLabel('Last name').fill('Nair');
  await phone.page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await phone.page.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
  await phone.page.getByRole('button', { name: /^Join / }).click();
  await phone.page.waitForURL('**/dashboard');

  // The squatter's account is gone with its sign-ins; the victim is in the team.
  const refresh = await fetch(`${server.baseURL}/users/refresh_token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: squatter.refresh_token }),
  });
  expect(refresh.status).toBe(401);
  await desk.page.getByRole('button', { name: 'Refresh members' }).click();
  await desk.page.getByRole('cell', { name: victim }).waitFor();

  expect([...desk.errors, ...phone.errors]).toEqual([]);
  await Promise.all([desk.close(), phone.close()]);
});

test('an unverified account that holds a saved chat is kept, and the invitation page says what to do', async () => {
  const victim = uniqueEmail('ravi');
  const squatter = await registerViaApi(server.baseURL, victim);
  const saved = await postJson(server.baseURL, '/v1/saveChatData/', squatter.access_token, {
    chat_name: 'Kept',
    data: [
      {
        author: 'Ravi',
        datetime: '12/01/2024, 10:00',
        content: 'Hello',
        has_attachment: false,
        media_type: null,
        date: '2024-01-12T10:00:00',
        has_captions: false,
        captions: '',
      },
    ],
  });
  expect(saved.status).toBe(201);

  const owner = await registerViaApi(server.baseURL, uniqueEmail('owner'));
  const mail = await openPage(browser, server.baseURL, DESKTOP);
  await confirmAddress(mail.page, owner.email);
  const invited = await postJson(server.baseURL, '/org/inviteMember/', owner.access_token, {
    email: victim,
    role: 'member',
  });
  expect(invited.status).toBe(201);

  await mail.page.goto(invitationLinkFor(server.dataDir, victim));
  await mail.page.getByRole('heading', { name: /^Join .+ as a member$/ }).waitFor();
  await mail.page.getByText(memberMessages.addressInUse).waitFor();
  expect(await mail.page.getByLabel('Password', { exact: true }).count()).toBe(0);
  expect(await verified(squatter.access_token)).toBe(false);

  expect(mail.errors).toEqual([]);
  await mail.close();
});
