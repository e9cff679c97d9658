import { expect, test } from 'vitest';
import { POLL, useA11yDesk } from './support/a11y-desk';
import { axeReport, expectClean, go, NARROW, scanBothWidths, settle } from './support/axe';
import { CHAT_ZIP, messageAt, pickFiles } from './support/chat-import';

// axe-core (WCAG 2.0/2.1 A and AA; serious and critical: zero) on the signed-in screens at 1366 px and
// 375 px, with real content (docs/web-structure.md): the exported chats' screens (upload, a saved chat, its
// analysis) and the drawer. The other signed-in screens are in the other
// accessibility-*.e2e.ts files, which run in parallel; the signed-out ones are in accessibility-public.e2e.ts.

const desk = useA11yDesk();

test('upload chat', async () => {
  const { page } = desk.member;
  await go(page, '/upload-chat', () => page.getByText('Click to upload').waitFor());
  await scanBothWidths(page, 'upload chat', () => page.getByText('Click to upload').waitFor());
});

test('messages with a saved chat, and analysis', async () => {
  const { page } = desk.member;
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
  const { page } = desk.member;
  await page.setViewportSize(NARROW);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Agents' }).waitFor();
  await settle(page);
  expectClean(await axeReport(page, 'drawer'));
  expect(desk.member.errors).toEqual([]);
});
