import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerViaApi } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { shoot } from './support/screenshots';
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

test('landing page shows the product and its calls to action; the FAQ keeps one item open', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await page.goto('/');
  await page.getByText('Your all in one tool for handling WhatsApp').first().waitFor();
  expect(await page.getByRole('link', { name: 'Start for free' }).count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Watch free demo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /close/i }).click();
  await dialog.waitFor({ state: 'detached' });

  const faq = page.locator('#faq');
  await faq.scrollIntoViewIfNeeded();
  const items = faq.locator('button[aria-expanded]');
  expect(await items.count()).toBeGreaterThanOrEqual(3);
  await items.nth(0).click();
  expect(await items.nth(0).getAttribute('aria-expanded')).toBe('true');
  await items.nth(1).click();
  expect(await items.nth(0).getAttribute('aria-expanded')).toBe('false');
  expect(await items.nth(1).getAttribute('aria-expanded')).toBe('true');
  await items.nth(1).click();
  expect(await faq.locator('button[aria-expanded="true"]').count()).toBe(0);

  expect(await page.locator('#how-works').textContent()).toMatch(/export/i);
  expect(await page.locator('#footer').textContent()).toContain('2024');

  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'landing');
  expect(errors).toEqual([]);
  await close();
});

test('the landing drawer opens from the menu button at 375 px', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, MOBILE);
  await page.goto('/');
  await page.getByRole('button', { name: /menu/i }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: 'How it Works' }).waitFor();
  await drawer.getByRole('link', { name: 'Login' }).click();
  await page.waitForURL('**/login');
  expect(errors).toEqual([]);
  await close();
});

test('an unknown path shows the 404 page and moves to /login after 3 seconds', async () => {
  const { page, close } = await openPage(browser, server.baseURL, DESKTOP);
  await page.goto('/no/such/page');
  await page.getByText("Something's missing.").waitFor();
  await page.getByText('Redirecting to Login Page').waitFor();
  const shownAt = Date.now();
  await page.waitForURL('**/login', { timeout: 10_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1_500);
  await close();
});

test('signed in: the landing page offers Open dashboard, the 404 page says it goes to the dashboard, titles name the page', async () => {
  const account = await registerViaApi(server.baseURL);
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await page.goto('/');
  expect(await page.title()).toMatch(/^wadesk — /);
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access ?? '');
      localStorage.setItem('refreshToken', refresh ?? '');
    },
    [account.access_token, account.refresh_token],
  );
  await page.reload();
  await page.getByRole('banner').getByRole('link', { name: 'Open dashboard' }).waitFor();
  expect(await page.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Start for free' }).count()).toBe(0);

  await page.goto('/no/such/page');
  await page.getByRole('link', { name: 'Back to dashboard' }).waitFor();
  await page.getByText('Redirecting to your dashboard').waitFor();
  await page.waitForURL('**/dashboard', { timeout: 10_000 });
  await expect.poll(() => page.title()).toBe('Dashboard · wadesk');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Dashboard').waitFor();
  await page.getByRole('complementary').getByRole('link', { name: 'Import chat' }).click();
  await page.waitForURL('**/upload-chat');
  await expect.poll(() => page.title()).toBe('Import chat · wadesk');
  expect(errors).toEqual([]);
  await close();
});
