import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { type LinkedSession, linkSimulatedSession, postJson, signIn, simulateIncoming } from './support/desk';
import type { RunningServer } from './support/server';
import { startSimulatorDesk } from './support/shared-browser';

// Replying from the desk (docs/decisions/0018): a canned reply picked with `/` goes out through the simulated
// phone as a quoted reply and comes back into the ticket's conversation as the linked account's message.

const POLL = { timeout: 15_000 };
const CUSTOMER = { author_phone: '919800000002', author_name: 'Kabir Customer' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startSimulatorDesk());
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

for (const viewport of [DESKTOP, MOBILE]) {
  test(`staff answer a ticket with a canned reply at ${viewport.width} px`, async () => {
    const account = await registerVerified(server);
    const saved = await postJson(server.baseURL, '/org/saveCannedReply/', account.access_token, {
      shortcut: 'eta',
      body: 'Your parcel arrives tomorrow before noon.',
    });
    expect(saved.status).toBe(200);
    const session = await linkSimulatedSession(server.baseURL, account.access_token);
    const group = session.groups[0] as LinkedSession['groups'][number];
    await simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
      group_id: group.group_id,
      body: 'When does my parcel arrive?',
      ...CUSTOMER,
    });

    const { page, errors, close } = await openPage(browser, server.baseURL, viewport);
    await signIn(page, account);
    await page.goto('/dashboard');
    const opener = page.getByRole('button', { name: `Open the conversation with ${CUSTOMER.author_name}` });
    await opener.first().waitFor(POLL);
    await opener.first().click();
    const dialog = page.getByRole('dialog', { name: CUSTOMER.author_name });
    await dialog.getByText('When does my parcel arrive?').waitFor(POLL);

    const field = dialog.getByRole('combobox', { name: 'Reply to the customer' });
    await field.click();
    await page.keyboard.type('/et');
    await dialog.getByRole('option', { name: /eta/ }).waitFor(POLL);
    await page.keyboard.press('Enter');
    expect(await field.inputValue()).toBe('Your parcel arrives tomorrow before noon.');
    await page.keyboard.press('Control+Enter');

    // The reply comes back from the phone as the linked account's message: a business message on the right.
    const sent = dialog.locator('li[data-side="right"]', { hasText: 'Your parcel arrives tomorrow' });
    await sent.waitFor(POLL);
    await dialog.getByTestId('conversation-status').filter({ hasText: 'In Progress' }).waitFor(POLL);
    expect(await field.inputValue()).toBe('');
    expect(errors).toEqual([]);
    await close();
  });
}
