import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified } from './support/accounts';
import { NARROW, scanBothWidths, WIDE } from './support/axe';
import { openPage } from './support/browser';
import {
  type LinkedSession,
  linkSimulatedSession,
  signIn,
  simulateIncoming,
  type Tokens,
} from './support/desk';
import { shoot } from './support/screenshots';
import type { RunningServer } from './support/server';
import { startSimulatorDesk } from './support/shared-browser';

// The inbox (/inbox) in chromium: a list longer than one page, a long conversation, the keyboard flow
// (j, r, e, ?), a reply draft kept across a reload (after the browser asked before leaving), axe at both
// widths, and screenshots at 1366 and 375 px (docs/web-structure.md).

const POLL = { timeout: 15_000 };
/** More customers than one page of the inbox holds (50). */
const CUSTOMERS = 54;
const LONG = { author_phone: '919800077777', author_name: 'Meera Longtalk' };
const LONG_MESSAGES = 24;
const DRAFT = 'Thanks Meera, I am checking the courier now';

let server: RunningServer;
let browser: Browser;
let account: Tokens;

beforeAll(async () => {
  ({ server, browser } = await startSimulatorDesk());
  account = await registerVerified(server);
  const session = await linkSimulatedSession(server.baseURL, account.access_token);
  const group = session.groups[0] as LinkedSession['groups'][number];
  const say = (author_phone: string, author_name: string, body: string) =>
    simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
      group_id: group.group_id,
      body,
      author_phone,
      author_name,
    });
  // One ticket per customer (a new group's default, docs/decisions/0020): the long list, a few customers
  // at a time (the order among them does not matter).
  for (let start = 0; start < CUSTOMERS; start += 6) {
    const batch = Array.from({ length: Math.min(6, CUSTOMERS - start) }, (_, offset) => start + offset + 1);
    await Promise.all(
      batch.map((n) => say(`9198000${String(10000 + n)}`, `Customer ${n}`, `Question ${n} about my order`)),
    );
  }
  // Last, so first in the inbox: a customer who writes a lot.
  for (let index = 1; index <= LONG_MESSAGES; index++) {
    await say(LONG.author_phone, LONG.author_name, `Message ${index} of a long story about a lost parcel`);
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Keys go to the page, not to a field (the inbox's keys never fire while typing). */
const leaveFields = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

const rows = (page: Page) => page.getByRole('list', { name: 'Inbox tickets' }).locator('[data-ticket-id]');
const replyField = (page: Page): Locator => page.getByRole('combobox', { name: 'Reply to the customer' });

test('an agent works the inbox from the keyboard, and a draft survives a reload', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, WIDE);
  await signIn(page, account);
  await page.goto('/inbox');

  // The newest customer activity first; a second page comes as the list scrolls to its end. The tickets
  // open as the session's chain stores the messages, after the phone's first history: on the busiest CI
  // run the last of them came more than 15 s after they were sent.
  await rows(page).first().filter({ hasText: LONG.author_name }).waitFor({ timeout: 60_000 });
  expect(await rows(page).count()).toBe(50);
  await page.getByRole('button', { name: 'Load more tickets' }).scrollIntoViewIfNeeded();
  await expect.poll(() => rows(page).count(), POLL).toBe(CUSTOMERS + 1);
  await expect(rows(page).first().textContent()).resolves.toContain('waiting');

  // j opens the first ticket; r goes to the reply box.
  await leaveFields(page);
  await page.keyboard.press('j');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByText(`Message ${LONG_MESSAGES} of a long story`).waitFor(POLL);
  expect(new URL(page.url()).searchParams.get('ticket')).not.toBeNull();
  await page.keyboard.press('r');
  await expect.poll(() => replyField(page).evaluate((field) => field === document.activeElement)).toBe(true);
  await page.keyboard.type(DRAFT);

  // Reloading asks first (the browser's own words); the reply is still there after it.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await page.reload();
  expect(await asked).toBe('beforeunload');
  await conversation.getByText(`Message ${LONG_MESSAGES} of a long story`).waitFor(POLL);
  await expect.poll(() => replyField(page).inputValue(), POLL).toBe(DRAFT);
  await shoot(page, 'inbox-1366');

  // ? shows the keys; Escape gives the inbox back.
  const meeraId = new URL(page.url()).searchParams.get('ticket');
  await leaveFields(page);
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await sheet.waitFor(POLL);
  await shoot(page, 'inbox-shortcuts-1366');
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'hidden', ...POLL });

  // j moves on to the next ticket (Meera's draft stays hers), e closes it.
  await page.keyboard.press('j');
  await expect.poll(() => new URL(page.url()).searchParams.get('ticket'), POLL).not.toBe(meeraId);
  const nextId = new URL(page.url()).searchParams.get('ticket');
  await conversation
    .getByText(/Question \d+ about my order/)
    .first()
    .waitFor(POLL);
  expect(await replyField(page).inputValue()).toBe('');
  await page.keyboard.press('e');
  await page.getByText(`Ticket #${nextId} closed.`).waitFor(POLL);
  await expect.poll(() => replyField(page).isDisabled(), POLL).toBe(true);

  await scanBothWidths(page, 'inbox', () =>
    conversation
      .getByText(/Question \d+ about my order/)
      .first()
      .waitFor(POLL),
  );

  // On a phone: Meera's long conversation with her draft and a way back, then the list.
  await page.setViewportSize(NARROW);
  await page.goto(`/inbox?ticket=${meeraId}`);
  await conversation.getByText(`Message ${LONG_MESSAGES} of a long story`).waitFor(POLL);
  await expect.poll(() => replyField(page).inputValue(), POLL).toBe(DRAFT);
  await shoot(page, 'inbox-conversation-375');
  await page.getByRole('button', { name: 'Back to the inbox' }).click();
  await rows(page).first().waitFor(POLL);
  await shoot(page, 'inbox-list-375');

  expect(errors).toEqual([]);
  await close();
}, 90_000);
