import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified, registerViaApi } from './support/accounts';
import { axeReport, expectClean, go, NARROW, scanBothWidths, settle, WIDE } from './support/axe';
import { openPage, type TrackedPage } from './support/browser';
import { CHAT_ZIP, messageAt, pickFiles } from './support/chat-import';
import { type LinkedSession, linkSimulatedSession, postJson, signIn, simulateIncoming } from './support/desk';
import type { RunningServer } from './support/server';
import { startSimulatorDesk } from './support/shared-browser';

// axe-core (WCAG 2.0/2.1 A and AA; serious and critical: zero) on every signed-in screen at 1366 px and
// 375 px, with real content: a desk with a linked simulated phone, tickets, agents and a saved chat
// (docs/web-structure.md). The signed-out screens are in accessibility-public.e2e.ts.

const POLL = { timeout: 15_000 };
const CUSTOMER = { author_phone: '919800000001', author_name: 'Meera Customer' };

let server: RunningServer;
let browser: Browser;
/** One tab for the signed-in desk, reused screen after screen. */
let member: TrackedPage;
let session: LinkedSession;

beforeAll(async () => {
  ({ server, browser } = await startSimulatorDesk());
  const account = await registerVerified(server);
  session = await linkSimulatedSession(server.baseURL, account.access_token);
  const group = session.groups[0] as LinkedSession['groups'][number];
  await postJson(server.baseURL, '/org/addAgent/', account.access_token, {
    agent_name: 'Ravi Agent',
    agent_number: '+919811122233',
  });
  // A ticket that the agent answered (in progress) and a second open one.
  await simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
    group_id: group.group_id,
    body: 'My order #123 has not arrived yet, can you check?',
    ...CUSTOMER,
  });
  await simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
    group_id: group.group_id,
    body: 'Checking it right now',
    author_phone: '919811122233',
    author_name: 'Ravi Agent',
  });
  member = await openPage(browser, server.baseURL, WIDE);
  await signIn(member.page, account);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// --- Signed in ---

const ticketRow = (page: Page) => page.locator('[data-ticket-id]', { hasText: CUSTOMER.author_name });

test('dashboard with tickets', async () => {
  const { page } = member;
  await go(page, '/dashboard', () => ticketRow(page).first().waitFor(POLL));
  await scanBothWidths(page, 'dashboard', () =>
    ticketRow(page).filter({ visible: true }).first().waitFor(POLL),
  );
});

test('conversation modal', async () => {
  const { page } = member;
  const dialog = page.getByRole('dialog', { name: CUSTOMER.author_name });
  await go(page, '/dashboard', () => ticketRow(page).first().waitFor(POLL));
  await scanBothWidths(page, 'conversation modal', async () => {
    if (await dialog.isVisible()) return;
    await ticketRow(page)
      .filter({ visible: true })
      .getByRole('button', { name: /Open the conversation/ })
      .first()
      .click();
    await dialog.getByText('Checking it right now').waitFor(POLL);
  });
});

test('inbox with a conversation, and its shortcut sheet', async () => {
  const { page } = member;
  const row = page.getByRole('list', { name: 'Inbox tickets' }).locator('[data-ticket-id]', {
    hasText: CUSTOMER.author_name,
  });
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await go(page, '/inbox', () => row.first().waitFor(POLL));
  await row.first().getByRole('button').click();
  await scanBothWidths(page, 'inbox', () => conversation.getByText('Checking it right now').waitFor(POLL));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  await scanBothWidths(page, 'inbox shortcut sheet', () =>
    page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor(POLL),
  );
  await page.keyboard.press('Escape');
});

test('session info', async () => {
  const { page } = member;
  const listed = page.getByText('Desk', { exact: true }).first();
  await go(page, '/session-info', () => listed.waitFor(POLL));
  await scanBothWidths(page, 'session info', () => listed.waitFor(POLL));
  const form = page.getByRole('dialog', { name: 'Create Session' });
  await scanBothWidths(page, 'Create Session dialog', async () => {
    if (!(await form.isVisible())) await page.getByRole('button', { name: 'Create Session' }).click();
    await form.getByLabel('Session Name').waitFor();
  });
  await page.keyboard.press('Escape');
});

test('whatsapp chat with a group open', async () => {
  const { page } = member;
  const name = (session.groups[0] as LinkedSession['groups'][number]).name;
  const messages = page.getByTestId('group-messages').locator('[data-msg-id]').first();
  await go(page, '/whatsapp-chat', () => page.getByRole('list', { name: 'Groups' }).waitFor(POLL));
  await page
    .getByRole('list', { name: 'Groups' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await scanBothWidths(page, 'whatsapp chat', () => messages.waitFor(POLL));
});

test('agents with the Add Agent dialog', async () => {
  const { page } = member;
  const agent = page.locator('[data-agent-id]', { hasText: 'Ravi Agent' }).filter({ visible: true });
  await go(page, '/agents', () => agent.waitFor(POLL));
  await scanBothWidths(page, 'agents', () => agent.waitFor(POLL));
  const dialog = page.getByRole('dialog', { name: 'Add Agent' });
  await scanBothWidths(page, 'Add Agent dialog', async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Add Agent' }).click();
    await dialog.getByTestId('phone-calling-code').waitFor();
  });
  await page.keyboard.press('Escape');
});

test('members with the Invite member dialog', async () => {
  const { page } = member;
  const heading = page.getByRole('heading', { name: 'Members' });
  await go(page, '/members', () => heading.waitFor(POLL));
  await scanBothWidths(page, 'members', () => heading.waitFor(POLL));
  const dialog = page.getByRole('dialog', { name: 'Invite member' });
  await scanBothWidths(page, 'Invite member dialog', async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Invite member' }).click();
    await dialog.getByLabel(/email/i).waitFor();
  });
  await page.keyboard.press('Escape');
});

test('profile', async () => {
  const { page } = member;
  const heading = page.getByRole('heading', { name: 'Profile' });
  await go(page, '/profile', () => heading.waitFor(POLL));
  await scanBothWidths(page, 'profile', () => heading.waitFor(POLL));
});

test('an owner whose address is not verified: the notice, and the reason in place of a form', async () => {
  const unverified = await openPage(browser, server.baseURL, WIDE);
  await signIn(unverified.page, await registerViaApi(server.baseURL));
  const { page } = unverified;
  const notice = page.getByRole('region', { name: 'Email address not verified' });
  await go(page, '/members', () => notice.waitFor(POLL));
  await scanBothWidths(page, 'members, address not verified', () => notice.waitFor(POLL));
  const dialog = page.getByRole('dialog', { name: 'Invite member' });
  await scanBothWidths(page, 'Invite member dialog, address not verified', async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Invite member' }).click();
    await dialog.getByRole('button', { name: 'Resend verification mail' }).waitFor();
  });
  await unverified.close();
});

test('audit log and the notifications panel', async () => {
  const { page } = member;
  const entry = page.locator('[data-entry-id]').filter({ visible: true }).first();
  await go(page, '/audit-log', () => entry.waitFor(POLL));
  await scanBothWidths(page, 'audit log', () => entry.waitFor(POLL));
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await scanBothWidths(page, 'notifications panel', async () => {
    if (!(await panel.isVisible()))
      await page
        .getByRole('button', { name: /^Notifications/ })
        .filter({ visible: true })
        .click();
    await panel.waitFor();
  });
  await page.keyboard.press('Escape');
});

test('upload chat', async () => {
  const { page } = member;
  await go(page, '/upload-chat', () => page.getByText('Click to upload').waitFor());
  await scanBothWidths(page, 'upload chat', () => page.getByText('Click to upload').waitFor());
});

test('messages with a saved chat, and analysis', async () => {
  const { page } = member;
  await go(page, '/upload-chat', () => page.getByText('Click to upload').waitFor());
  await pickFiles(page, [CHAT_ZIP]);
  await page.waitForURL((url) => url.pathname === '/messages');
  await messageAt(page, 1).waitFor(POLL);
  await page.getByRole('button', { name: 'Save Chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Your Chat' });
  await dialog.getByLabel('Chat name').fill('Lagoon trip with Priya');
  await settle(page);
  expectClean(await axeReport(page, 'Save Your Chat dialog'));
  await dialog.getByRole('button', { name: 'Save Chat' }).click();
  await page.waitForURL(/\/messages\?chatId=\d+$/);
  await scanBothWidths(page, 'messages (saved chat)', () => messageAt(page, 1).waitFor(POLL));

  const chatId = new URL(page.url()).searchParams.get('chatId');
  await go(page, `/analysis?chatId=${chatId}`, () => page.getByTestId('chart-heatmap').waitFor(POLL));
  await scanBothWidths(page, 'analysis', () => page.getByTestId('chart-heatmap').waitFor(POLL));
});

test('the drawer at 375 px', async () => {
  const { page } = member;
  await page.setViewportSize(NARROW);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Agents' }).waitFor();
  await settle(page);
  expectClean(await axeReport(page, 'drawer'));
  expect(member.errors).toEqual([]);
});
