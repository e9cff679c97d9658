import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { postJson, signIn } from './support/desk';
import { invitationLinkFor } from './support/outbox';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

let server: RunningServer;
let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'wadesk-members-e2e');
const WIDE = { width: 1366, height: 860 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), connectBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
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

  // The member reads the list; only owners manage it. Every page says what the role cannot do before any
  // form is filled (decision 0016): the controls are disabled with the reason, or not there.
  await phone.page.goto('/members');
  await phone.page.getByText('Only owners can invite people, change roles and remove members.').waitFor();
  expect(await phone.page.getByRole('button', { name: 'Invite member' }).isDisabled()).toBe(true);
  const tokens = await phone.page.evaluate(() => ({
    access_token: localStorage.getItem('accessToken') ?? '',
    refresh_token: localStorage.getItem('refreshToken') ?? '',
  }));
  // One agent, so the member's Agents page shows a row without Edit or Remove.
  const added = await postJson(server.baseURL, '/org/addAgent/', owner.access_token, {
    agent_name: 'Desk Phone',
    agent_number: '+919876543210',
  });
  expect(added.ok).toBe(true);
  const wide = await openPage(browser, server.baseURL, WIDE);
  await signIn(wide.page, tokens);
  for (const [page, width] of [
    [phone.page, 375],
    [wide.page, 1366],
  ] as [Page, number][]) {
    await page.goto('/session-info');
    await page
      .getByText('Only admins and owners can link WhatsApp accounts and terminate sessions.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Create Session' }).isDisabled()).toBe(true);
    await page.getByText('No previous Sessions found.').waitFor();
    await page.screenshot({ path: join(SHOTS, `roles-sessions-member-${width}.png`), fullPage: true });
    await page.goto('/agents');
    await page.getByText('Only admins and owners can add, edit and remove agents.').waitFor();
    expect(await page.getByRole('button', { name: 'Add Agent' }).isDisabled()).toBe(true);
    await page.getByText('Desk Phone').first().waitFor();
    expect(await page.getByRole('button', { name: /^(Edit|Remove) Desk Phone/ }).count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, `roles-agents-member-${width}.png`), fullPage: true });
  }
  // The audit log is not in a member's menu; its address says why instead of asking the server.
  expect(await wide.page.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
  await wide.page.goto('/audit-log');
  await wide.page.getByText('Only admins and owners can read the audit log.').waitFor();

  // The link worked once.
  const again = await openPage(browser, server.baseURL, DESKTOP);
  await again.page.goto(invitationLinkFor(server.dataDir, invitee));
  await again.page.getByText('This invitation is invalid, used or expired. Ask for a new one.').waitFor();

  // The owner's Members page lists them, and the invitation is no longer open.
  await desk.page.getByRole('button', { name: 'Refresh members' }).click();
  await desk.page.getByRole('cell', { name: invitee }).waitFor();
  await invitations.getByText('No open invitations').waitFor();
  expect(await desk.page.getByRole('combobox', { name: 'Role of Priya Nair' }).inputValue()).toBe('member');

  expect([...desk.errors, ...phone.errors, ...again.errors, ...wide.errors]).toEqual([]);
  await Promise.all([desk.close(), phone.close(), again.close(), wide.close()]);
});
