import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified } from './support/accounts';
import { MOBILE, openPage } from './support/browser';
import { type LinkedSession, linkSimulatedSession, signIn } from './support/desk';
import { shoot } from './support/screenshots';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

// The WhatsApp Chat page as a chat people write in and read back through (decisions 0024, 0025),
// in chromium against the simulated phone: a message typed in the composer goes out through the session and
// shows its state; a photo opens in the lightbox and steps with the arrow keys. Scrolling back through a
// group of 5,000 messages is in group-history.e2e.ts.

const POLL = { timeout: 20_000 };
const WIDE = { width: 1366, height: 800 };

interface Desk {
  server: RunningServer;
  account: Awaited<ReturnType<typeof registerVerified>>;
  session: LinkedSession;
}

/** A server with a linked simulated phone, and its signed-up owner. */
async function startDesk(env: Record<string, string> = {}): Promise<Desk> {
  const server = await startServer({
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
    WHATSAPP_DRIVER: 'simulator',
    ...env,
  });
  const account = await registerVerified(server);
  const session = await linkSimulatedSession(server.baseURL, account.access_token);
  return { server, account, session };
}

let browser: Browser;
/** The phone's usual groups: the composer and the lightbox. */
let desk: Desk;

beforeAll(async () => {
  [desk, browser] = await Promise.all([startDesk(), connectBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await desk?.server.stop();
});

async function openGroup(page: Page, name: string | RegExp) {
  await page.goto('/whatsapp-chat');
  await page.getByRole('list', { name: 'Groups' }).getByRole('button', { name }).first().click(POLL);
  await page.getByTestId('group-messages').locator('[data-msg-id]').first().waitFor(POLL);
}

for (const viewport of [WIDE, MOBILE]) {
  test(`a message typed in the composer goes out and shows its state, at ${viewport.width} px`, async () => {
    const { page, errors, close } = await openPage(browser, desk.server.baseURL, viewport);
    await signIn(page, desk.account);
    const group = desk.session.groups[0] as LinkedSession['groups'][number];
    await openGroup(page, new RegExp(`^${group.name}`));

    // Its own words on each try: a message of a failed try that arrived late is not this one.
    const text = `Our shop opens at 9 tomorrow (${viewport.width}, ${Date.now() % 100_000})`;
    const field = page
      .getByRole('region', { name: 'Write a message' })
      .getByRole('textbox', { name: 'Message' });
    await field.fill(text);
    await page.keyboard.press('Enter');
    // The echo of the sent message, on our side, with WhatsApp's server having taken it: one tick.
    const bubble = page.getByTestId('group-messages').locator('[data-side="right"]', { hasText: text });
    // Right after linking, the phone's first history (some 500 messages) is still being stored; on the busy
    // CI machine a send waited behind it for more than 20 s (and then went out).
    await bubble.locator('[data-tick="sent"]').waitFor({ timeout: 60_000 });
    expect(await field.inputValue()).toBe('');
    await shoot(page, `group-composer-sent-${viewport.width}`, { target: bubble, scan: true });
    expect(errors).toEqual([]);
    await close();
  });
}

test('a photo opens in the lightbox, the arrow keys step through the media, Escape gives the focus back', async () => {
  const { page, errors, close } = await openPage(browser, desk.server.baseURL, WIDE);
  await signIn(page, desk.account);
  await openGroup(page, /^Acme Support/);
  const messages = page.getByTestId('group-messages');
  const opener = messages.getByRole('button', { name: 'Open Image' }).last();
  // The simulated phone's content is seeded per run: the latest rows may hold no photo, but every 50
  // messages do (its fixed slots). Scroll back until one is drawn.
  await messages.hover();
  for (let step = 0; step < 40 && (await opener.count()) === 0; step++) {
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(100);
  }
  await opener.waitFor(POLL);
  // Scrolling up loads older pages, and a page landing moves the rows: a click while they move can land on
  // the row that took the photo's place. The reader clicks once the photo stays where it is.
  const placeOf = async () => JSON.stringify(await opener.boundingBox());
  let place = await placeOf();
  await expect
    .poll(
      async () => {
        const before = place;
        place = await placeOf();
        return place === before;
      },
      { ...POLL, interval: 300 },
    )
    .toBe(true);
  await opener.click();
  const lightbox = page.getByRole('dialog');
  const heading = lightbox.getByRole('heading', { name: /^(Photo|Video) \d+ of \d+$/ });
  await heading.waitFor(POLL);
  await lightbox.getByRole('img').first().waitFor(POLL);
  const first = await heading.textContent();
  const [, at, of] = /(\d+) of (\d+)/.exec(first ?? '') ?? [];
  expect(Number(of)).toBeGreaterThan(1);
  await shoot(page, 'group-lightbox-1366', { target: lightbox, scan: true });
  await page.keyboard.press(Number(at) > 1 ? 'ArrowLeft' : 'ArrowRight');
  await expect.poll(() => heading.textContent(), POLL).not.toBe(first);
  const download = page.waitForEvent('download');
  await lightbox.getByRole('button', { name: 'Download' }).click();
  // The original name when the file has one, else group, author and time: never "chat media".
  expect((await download).suggestedFilename()).toMatch(/^Acme Support - .+\.(png|jpe?g|mp4)$/);
  await page.keyboard.press('Escape');
  await lightbox.waitFor({ state: 'hidden', ...POLL });
  // The focus comes back as the dialog finishes closing, a moment after it is hidden on a busy machine.
  await expect.poll(() => opener.evaluate((element) => element === document.activeElement), POLL).toBe(true);
  expect(errors).toEqual([]);
  await close();
});
