import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { androidChat, NEEDLE_INDEX } from './fixtures/chat-fixtures';
import { registerVerified, registerViaApi } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { messageAt } from './support/chat-import';
import { type LinkedSession, linkSimulatedSession, postJson, signIn, simulateIncoming } from './support/desk';
import { describeFocus, focusIsInside, focusIsVisible, tabTo } from './support/keyboard';
import type { RunningServer } from './support/server';
import { startSimulatorDesk } from './support/shared-browser';

// The app by keyboard alone (docs/web-structure.md): no mouse click anywhere below, only page.keyboard. Signing in
// puts tokens in storage (the sign-in form is not what these flows are about).

const POLL = { timeout: 15_000 };
const CUSTOMER = { author_phone: '919800000001', author_name: 'Meera Customer' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startSimulatorDesk());
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectVisibleFocus(page: Page) {
  expect(await focusIsVisible(page), `no focus indicator on ${await describeFocus(page)}`).toBe(true);
}

/** The focus lands on `target` (a closing dialog gives it back as it unmounts, a moment after). */
async function expectFocusOn(target: Locator) {
  const focused = () => target.evaluate((element) => element === document.activeElement);
  await expect
    .poll(focused, { timeout: 2_000 })
    .toBe(true)
    .catch(async () => {
      throw new Error(`the focus is on ${await describeFocus(target.page())}, not on ${target}`);
    });
}

/** Tab and Shift+Tab many more times than the dialog has controls: the focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: ReturnType<Page['getByRole']>) {
  expect(await focusIsInside(dialog)).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < 25; press++) {
      await page.keyboard.press(key);
      expect(
        await focusIsInside(dialog),
        `${key} #${press + 1} left the dialog for ${await describeFocus(page)}`,
      ).toBe(true);
    }
  }
}

/** Tab to the upload card, Enter opens the file picker (as Space does), and the chat file is chosen. */
async function importByKeyboard(page: Page) {
  const card = page.getByTestId('upload-card');
  // Listening before the key press: the browser hands the picker to the test only once it listens.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, card, { max: 80 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({
    name: 'WhatsApp Chat with Priya Raman.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(androidChat()),
  });
}

/** Opens the search by keyboard, types a word, tabs to its result and jumps there with Enter. */
async function searchAndJumpByKeyboard(page: Page) {
  await messageAt(page, 1).waitFor(POLL);
  const toggle = page.getByRole('button', { name: 'Search messages' });
  await tabTo(page, toggle);
  await expectVisibleFocus(page);
  // Escape closes the search and gives the focus back; Enter opens it again.
  await page.keyboard.press('Enter');
  const search = page.getByRole('dialog', { name: 'Search Messages' });
  await search.waitFor();
  await page.keyboard.press('Escape');
  await search.waitFor({ state: 'detached' });
  await expectFocusOn(toggle);
  await page.keyboard.press('Enter');
  const input = search.getByRole('searchbox', { name: 'Search messages' });
  await input.waitFor();
  await expectFocusOn(input);
  await page.keyboard.type('quokka');
  const hit = search.getByRole('button', { name: /Zanzibar quokka/ });
  await hit.waitFor(POLL);
  await tabTo(page, hit, { max: 5 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const needle = messageAt(page, NEEDLE_INDEX);
  await needle.locator('[data-highlighted]').waitFor(POLL);
  expect(await needle.isVisible()).toBe(true);
  // Closed after the jump (or with Escape if still open), the keyboard carries on from the toggle, not
  // from the top of the page.
  if (await search.isVisible()) await page.keyboard.press('Escape');
  await search.waitFor({ state: 'detached' });
  await expectFocusOn(toggle);
}

test('a visitor imports a chat on the landing page, searches it and jumps to a result by keyboard', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await page.goto('/');
  await importByKeyboard(page);
  await page.waitForURL('**/messages-nologin');
  await searchAndJumpByKeyboard(page);
  expect(errors).toEqual([]);
  await close();
});

test('staff import a chat, search, jump, then open a ticket and change its status by keyboard alone', async () => {
  const account = await registerVerified(server);
  const session = await linkSimulatedSession(server.baseURL, account.access_token);
  const group = session.groups[0] as LinkedSession['groups'][number];
  await simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
    group_id: group.group_id,
    body: 'Where is my parcel?',
    ...CUSTOMER,
  });
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(page, account);
  await page.goto('/upload-chat');
  await importByKeyboard(page);
  await page.waitForURL((url) => url.pathname === '/messages');
  await searchAndJumpByKeyboard(page);

  // To the dashboard through the sidebar.
  const dashboard = page.getByRole('link', { name: 'Dashboard', exact: true }).first();
  await tabTo(page, dashboard, { max: 80, backwards: true });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');

  const row = page.locator('tr[data-ticket-id]', { hasText: CUSTOMER.author_name });
  await row.waitFor(POLL);
  const opener = row.getByRole('button', { name: `Open the conversation with ${CUSTOMER.author_name}` });
  await tabTo(page, opener, { max: 80 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: CUSTOMER.author_name });
  await dialog.getByText('Where is my parcel?').waitFor(POLL);
  expect(await focusIsInside(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expectFocusOn(opener);

  // The status dropdown is the next stop; an arrow key picks the next status and sends it.
  const status = row.getByRole('combobox', { name: /^Status of the ticket/ });
  expect(await status.inputValue()).toBe('open');
  await tabTo(page, status, { max: 3 });
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => status.inputValue(), POLL).toBe('in_progress');
  await expect.poll(() => page.getByTestId('stat-IN PROGRESS').textContent(), POLL).toBe('1');
  const tickets = (await (
    await postJson(server.baseURL, '/org/getTickets/', account.access_token)
  ).json()) as {
    status: string;
  }[];
  expect(tickets.map((ticket) => ticket.status)).toEqual(['in_progress']);
  expect(errors).toEqual([]);
  await close();
});

test('Add Agent and the drawer keep the focus inside, close on Escape and give it back', async () => {
  const account = await registerViaApi(server.baseURL);
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(page, account);
  await page.goto('/agents');
  await page.getByText('No Agents found').waitFor(POLL);

  const add = page.getByRole('button', { name: 'Add Agent' });
  await tabTo(page, add, { max: 80 });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Add Agent' });
  await form.waitFor();
  await expectFocusTrapped(page, form);
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
  await expectFocusOn(add);

  await page.setViewportSize(MOBILE);
  const menu = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, menu, { max: 80, backwards: true });
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.waitFor();
  await expectFocusTrapped(page, drawer);
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
  await expectFocusOn(menu);

  // A link in the drawer is followed with Enter.
  await page.keyboard.press('Enter');
  await drawer.waitFor();
  await tabTo(page, drawer.getByRole('link', { name: 'Dashboard' }), { max: 30 });
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  expect(errors).toEqual([]);
  await close();
});
