import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { signIn } from './support/desk';
import { invitationLinkFor } from './support/outbox';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), connectBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('an owner invites a member on the Members page; the mailed link creates their account in the organisation', async () => {
  const owner = await registerVerified(server, uniqueEmail('owner'));
  const invitee = uniqueEmail('invitee');
  const desk = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(desk.page, owner);
  await desk.page.goto('/members');
  await desk.page.getByRole('cell', { name: owner.email }).waitFor();
  await desk.page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = desk.page.getByRole('dialog', { name: 'Invite member' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(invitee);
  await dialog.getByLabel('Role', { exact: true }).selectOption('member');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await desk.page.getByText(`Invitation sent. ${invitee}`).waitFor();
  const invitations = desk.page.getByRole('region', { name: /open invitations/i });
  await invitations.getByText(invitee).waitFor();

  // The invitee opens the mailed link in their own browser, on a phone.
  const phone = await openPage(browser, server.baseURL, MOBILE);
  await phone.page.goto(invitationLinkFor(server.dataDir, invitee));
  await phone.page.getByRole('heading', { name: /^Join .+ as a member$/ }).waitFor();
  expect(await phone.page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(invitee);
  await phone.page.getByLabel('First name').fill('Priya');
  await phone.page.getByLabel('Last name').fill('Nair');
  await phone.page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await phone.page.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
  await phone.page.getByRole('button', { name: /^Join / }).click();
  await phone.page.waitForURL('**/dashboard');
  expect(await phone.page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy();

  // The member reads the list; only owners manage it.
  await phone.page.goto('/members');
  await phone.page.getByText('Only owners invite people, change roles and remove members.').waitFor();
  expect(await phone.page.getByRole('button', { name: 'Invite member' }).count()).toBe(0);

  // The link worked once.
  const again = await openPage(browser, server.baseURL, DESKTOP);
  await again.page.goto(invitationLinkFor(server.dataDir, invitee));
  await again.page.getByText('This invitation is invalid, used or expired. Ask for a new one.').waitFor();

  // The owner's Members page lists them, and the invitation is no longer open.
  await desk.page.getByRole('button', { name: 'Refresh members' }).click();
  await desk.page.getByRole('cell', { name: invitee }).waitFor();
  await invitations.getByText('No open invitations').waitFor();
  expect(await desk.page.getByRole('combobox', { name: 'Role of Priya Nair' }).inputValue()).toBe('member');

  expect([...desk.errors, ...phone.errors, ...again.errors]).toEqual([]);
  await Promise.all([desk.close(), phone.close(), again.close()]);
});
