import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { axeReport, expectClean, go, scanBothWidths, settle, WIDE } from './support/axe';
import { openPage, type TrackedPage } from './support/browser';
import { CHAT_ZIP, messageAt, pickFiles } from './support/chat-import';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

// axe-core (WCAG 2.0/2.1 A and AA; serious and critical: zero) on every signed-out screen at 1366 px and
// 375 px, with a loaded chat (docs/web-structure.md). The signed-in screens are in the other
// accessibility-*.e2e.ts files: several, so that the longest browser suite runs on several workers instead
// of holding up the end of the run.

const POLL = { timeout: 15_000 };

let server: RunningServer;
let browser: Browser;
/** One tab for the anonymous visitor, reused screen after screen. */
let visitor: TrackedPage;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), connectBrowser()]);
  visitor = await openPage(browser, server.baseURL, WIDE);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// --- Signed out ---

test('landing', async () => {
  const { page } = visitor;
  await go(page, '/', () => page.getByText('Supported files: .txt or .zip [Max Size: 4MB]').waitFor());
  await scanBothWidths(page, 'landing', () => page.getByRole('heading', { level: 1 }).waitFor());
  // The landing page's menu drawer (375 px only).
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Login' }).waitFor();
  await settle(page);
  expectClean(await axeReport(page, 'landing drawer at 375 px'));
  await page.keyboard.press('Escape');
});

for (const [path, heading] of [
  ['/login', /sign in|log in|welcome/i],
  ['/register', /account|sign up|register/i],
  ['/forgot-password', /password/i],
  ['/reset-password?token=an-emailed-token', 'Set a new password'],
  ['/verify-email?token=an-emailed-token', 'Confirm your email address'],
  // An invitation link that is not (or no longer) valid.
  ['/accept-invitation?token=an-invitation-token', 'Invitation'],
] as const) {
  test(path, async () => {
    const { page } = visitor;
    const title = page.getByRole('heading', { name: heading }).first();
    await go(page, path, () => title.waitFor());
    await scanBothWidths(page, path, () => title.waitFor());
  });
}

test('404', async () => {
  const { page } = visitor;
  const heading = page.getByRole('heading').first();
  await go(page, '/no/such/page', () => heading.waitFor());
  await scanBothWidths(page, '404', () => heading.waitFor());
});

test('messages-nologin with a loaded chat', async () => {
  const { page } = visitor;
  await go(page, '/', () => page.getByText('Supported files: .txt or .zip [Max Size: 4MB]').waitFor());
  await pickFiles(page, [CHAT_ZIP]);
  await page.waitForURL('**/messages-nologin');
  await scanBothWidths(page, 'messages-nologin', () => messageAt(page, 1).waitFor(POLL));
  // The search: a dropdown at 1366 px, a full-screen panel at 375 px, with results.
  const search = page.getByRole('dialog', { name: 'Search Messages' });
  await scanBothWidths(page, 'message search', async () => {
    if (!(await search.isVisible())) await page.getByRole('button', { name: 'Search messages' }).click();
    await search.getByRole('searchbox').fill('quokka');
    await search.getByRole('button', { name: /Zanzibar quokka/ }).waitFor(POLL);
  });
  await page.keyboard.press('Escape');
});

test('analysis-nologin', async () => {
  const { page } = visitor;
  await go(page, '/analysis-nologin', () => page.getByTestId('chart-heatmap').waitFor(POLL));
  await scanBothWidths(page, 'analysis-nologin', () => page.getByTestId('chart-heatmap').waitFor(POLL));
});

test('the visitor tab threw no script errors on any of these screens', () => {
  expect(visitor.errors).toEqual([]);
});
