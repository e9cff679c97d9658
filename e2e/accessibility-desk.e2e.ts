import type { Page } from 'playwright-core';
import { test } from 'vitest';
import { CUSTOMER, POLL, useA11yDesk } from './support/a11y-desk';
import { go, scanBothWidths } from './support/axe';
import type { LinkedSession } from './support/desk';
import { shoot } from './support/screenshots';

// axe-core (WCAG 2.0/2.1 A and AA; serious and critical: zero) on the signed-in screens at 1366 px and
// 375 px, with real content (docs/web-structure.md): the desk's screens (dashboard, conversation, inbox,
// sessions, the WhatsApp chat). The other signed-in screens are in the other
// accessibility-*.e2e.ts files, which run in parallel; the signed-out ones are in accessibility-public.e2e.ts.

const desk = useA11yDesk();

const ticketRow = (page: Page) => page.locator('[data-ticket-id]', { hasText: CUSTOMER.author_name });

test('dashboard with tickets', async () => {
  const { page } = desk.member;
  await go(page, '/dashboard', () => ticketRow(page).first().waitFor(POLL));
  await scanBothWidths(page, 'dashboard', () =>
    ticketRow(page).filter({ visible: true }).first().waitFor(POLL),
  );
});

test('conversation modal', async () => {
  const { page } = desk.member;
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
  const { page } = desk.member;
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
  const { page } = desk.member;
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
  const { page } = desk.member;
  const name = (desk.session.groups[0] as LinkedSession['groups'][number]).name;
  const messages = page.getByTestId('group-messages').locator('[data-msg-id]').first();
  await go(page, '/whatsapp-chat', () => page.getByRole('list', { name: 'Groups' }).waitFor(POLL));
  await page
    .getByRole('list', { name: 'Groups' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  await scanBothWidths(page, 'whatsapp chat', () => messages.waitFor(POLL));
});

test('reports with the desk’s ticket, and its drill-down into the inbox', async () => {
  const { page } = desk.member;
  const table = page.locator('table').first();
  await go(page, '/reports', () => table.waitFor(POLL));
  await scanBothWidths(page, 'reports', () => table.waitFor(POLL));
  for (const [width, name] of [
    [375, 'reports-375'],
    [1366, 'reports-1366'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await table.waitFor(POLL);
    await shoot(page, name, { fullPage: true });
  }
  // The table's first figure opens the inbox filtered to the tickets behind it.
  await table.getByRole('link').first().click();
  await page
    .getByText(/From Reports/)
    .first()
    .waitFor(POLL);
  await page
    .getByRole('list', { name: 'Inbox tickets' })
    .locator('[data-ticket-id]', { hasText: CUSTOMER.author_name })
    .first()
    .waitFor(POLL);
});
