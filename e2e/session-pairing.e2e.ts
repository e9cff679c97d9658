import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { postJson, signIn } from './support/desk';
import { shoot } from './support/screenshots';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

// Linking a session by phone number (a pairing code instead of a QR code), and the session's health on
// the Sessions screen, against the server's simulated phone (demo mode).

const POLL = { timeout: 15_000 };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
      WHATSAPP_DRIVER: 'simulator',
    }),
    connectBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('link a phone by pairing code, then read the session health on desktop and phone widths', async () => {
  const account = await registerVerified(server);
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(page, account);
  await page.goto('/session-info');
  await page.getByText('No previous Sessions found.').waitFor();

  await page.getByRole('button', { name: 'Create Session' }).click();
  const form = page.getByRole('dialog', { name: 'Create Session' });
  await form.getByLabel('Session Name').fill('PairDesk');
  await form.getByLabel('Description').fill('Linked by number');
  await form.getByRole('button', { name: 'Create Session' }).click();

  // Step 1: by phone number instead of QR; the number box has the focus.
  const modal = page.getByRole('dialog', { name: 'Link WhatsApp' });
  await modal.getByRole('button', { name: 'Link with phone number instead' }).click();
  const number = modal.getByLabel('Phone number to link');
  await expect.poll(() => number.evaluate((input) => input === document.activeElement)).toBe(true);
  await modal.getByRole('button', { name: 'Get pairing code' }).click();
  await modal.getByText('Enter the phone number with its country code').waitFor();
  await number.pressSequentially('9876543210');
  await number.press('Enter');

  // The code, as people read it, with the QR code's countdown.
  const code = modal.getByTestId('pairing-code');
  await code.waitFor(POLL);
  expect(await code.textContent()).toMatch(/^[1-9A-HJ-NP-TV-Z]{4}-[1-9A-HJ-NP-TV-Z]{4}$/);
  await modal.getByText('+91 98765 43210').waitFor();
  const countdown = Number(await modal.getByTestId('pairing-countdown').textContent());
  expect(countdown).toBeGreaterThan(90);

  // The simulated phone's owner types it; the modal moves on by itself.
  await modal.getByRole('button', { name: 'Simulate code entry (demo mode)' }).click();
  await modal
    .getByTestId('connection-state')
    .filter({ hasText: /^Connected$/ })
    .waitFor(POLL);
  await modal.getByRole('button', { name: 'Close' }).click();

  // WhatsApp drops out for a while, then comes back: the health tells the story.
  const sessionId = await page.locator('tr[data-session-id]').first().getAttribute('data-session-id');
  const fail = (kind: string) =>
    postJson(server.baseURL, `/sim/sessions/${sessionId}/fail`, account.access_token, { kind });
  expect((await fail('unreachable')).status).toBe(200);
  const row = page.locator(`tr[data-session-id="${sessionId}"]`);
  await row.getByText('Reconnecting').or(row.getByText('Cannot reach WhatsApp')).first().waitFor(POLL);
  expect((await fail('recover')).status).toBe(200);
  await row.getByText('Connected', { exact: true }).waitFor({ timeout: 90_000 });

  const health = row.getByRole('button', { name: 'Health of PairDesk' });
  await expect.poll(async () => health.textContent(), POLL).toMatch(/\((3|4)\)/);
  await health.click();
  const events = page.getByRole('region', { name: 'Recent events' });
  await events.getByText('Linked to the phone').waitFor();
  await events.getByText('Disconnected').waitFor();
  // The newest event first. The list follows the session's changes a moment after them (it is fetched
  // again once a burst of changes ends); on a busy machine the reconnection's entry can come with that fetch.
  await expect.poll(() => events.getByRole('listitem').first().textContent(), POLL).toMatch(/^Connected/);
  await events.getByText('just now').first().waitFor();

  // At 375 px the sessions are cards; the health opens inside the card.
  await page.setViewportSize(MOBILE);
  const card = page.locator(`li[data-session-id="${sessionId}"]`);
  await card.waitFor();
  const cardHealth = card.getByRole('button', { name: 'Health of PairDesk' });
  await expect.poll(() => cardHealth.getAttribute('aria-expanded')).toBe('true');
  await card.getByText('Linked to the phone').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // WhatsApp bans the number for two minutes (a 402 failure): the card says so, and when it reconnects.
  expect((await fail('temporarily_banned')).status).toBe(200);
  await card.getByText('Temporarily banned').first().waitFor(POLL);
  expect(await card.getByTestId('resumes-at').textContent()).toMatch(
    /^Reconnects by itself on .+ \(in [23] min\)$/, // the screen's clock moves once a minute
  );
  await card.getByText('Temporarily banned').nth(1).waitFor(POLL); // in the open health
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await shoot(page, 'sessions-temporary-ban-375', { fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await row.getByTestId('resumes-at').waitFor();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await shoot(page, 'sessions-temporary-ban-1366', { fullPage: true });
  await page.setViewportSize(MOBILE);
  await card.waitFor();

  // Terminate asks first and says the phone must scan the QR code again; Cancel changes nothing.
  const terminate = card.getByRole('button', { name: 'Terminate PairDesk' });
  await terminate.click();
  const confirm = page.getByRole('dialog', { name: 'Terminate this session?' });
  await confirm.getByText('you must scan the QR code again').waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  await card.getByText('Active', { exact: true }).waitFor();
  const listed = async () => {
    const answer = await postJson(server.baseURL, '/api/getSessionsList/', account.access_token);
    return ((await answer.json()) as { session_list: { isActive: boolean }[] }).session_list[0]?.isActive;
  };
  expect(await listed()).toBe(true);
  await terminate.click();
  await confirm.getByRole('button', { name: 'Terminate Session' }).click();
  await page.getByText('Session terminated').waitFor(POLL);
  await card.getByText('Not-active').waitFor(POLL);
  // The badge keeps to one line on a phone.
  const badge = await card.getByText('Not-active').boundingBox();
  expect(badge?.height).toBeLessThan(24);
  expect(await listed()).toBe(false);

  expect(errors).toEqual([]);
  await close();
});
