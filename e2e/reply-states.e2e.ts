import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified } from './support/accounts';
import { MOBILE, openPage } from './support/browser';
import { type LinkedSession, linkSimulatedSession, postJson, signIn, simulateIncoming } from './support/desk';
import { shoot } from './support/screenshots';
import type { RunningServer } from './support/server';
import { startSimulatorDesk } from './support/shared-browser';

// What became of a reply from the desk (docs/decisions/0018, reply states), in chromium against the simulated
// phone: its ticks go from one grey (WhatsApp's server took it) to two grey (every member's phone has it) to
// two blue (every member read it), with "Read by N" naming the readers; a reply WhatsApp refuses shows in red
// with why and Retry sends it again — in the ticket's conversation and in the
// group chat, at 1366 and 375 px.

const POLL = { timeout: 15_000 };
const WIDE = { width: 1366, height: 860 };
const CUSTOMER = { author_phone: '919800000055', author_name: 'Nisha Customer' };
const FIRST = 'Your parcel left our warehouse this morning.';
const SECOND = 'The tracking number follows in a minute.';
const REFUSED = 'Not sent: only group admins can send messages in this group.';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startSimulatorDesk());
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A member of the group who is not the customer: one who wrote in the history the phone sent. */
async function groupMember(token: string, session: LinkedSession, groupId: string): Promise<string> {
  // Right after linking, the phone's first history may not be stored yet (on a busy machine for seconds).
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    const res = await postJson(server.baseURL, '/api/getGroupsMsg/', token, {
      session_id: session.sessionId,
      group_id: groupId,
    });
    const { messages } = (await res.json()) as {
      messages: { from_me: boolean; author_number: string | null }[];
    };
    const member = messages.find(
      (m) => !m.from_me && m.author_number && m.author_number !== CUSTOMER.author_phone,
    );
    if (member?.author_number) return member.author_number;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('no group member in the history');
}

const tick = (bubble: Locator, status: string) => bubble.locator(`[data-tick="${status}"]`).waitFor(POLL);

async function send(page: Page, dialog: Locator, text: string): Promise<Locator> {
  const field = dialog.getByRole('combobox', { name: 'Reply to the customer' });
  await field.fill(text);
  await page.keyboard.press('Control+Enter');
  const bubble = dialog.locator('li[data-side="right"]', { hasText: text });
  await bubble.first().waitFor(POLL);
  return bubble;
}

for (const viewport of [WIDE, MOBILE]) {
  test(`a reply's ticks move to read, and a refused reply is sent again with Retry, at ${viewport.width} px`, async () => {
    const account = await registerVerified(server);
    const token = account.access_token;
    const session = await linkSimulatedSession(server.baseURL, token);
    const group = session.groups[0] as LinkedSession['groups'][number];
    await simulateIncoming(server.baseURL, token, session.sessionId, {
      group_id: group.group_id,
      body: 'Where is my parcel?',
      ...CUSTOMER,
    });
    const member = await groupMember(token, session, group.group_id);
    const sim = async (body: object) => {
      const res = await postJson(
        server.baseURL,
        `/sim/sessions/${session.sessionId}/reply-status`,
        token,
        body,
      );
      expect(res.status, await res.clone().text()).toBe(200);
    };

    const { page, errors, close } = await openPage(browser, server.baseURL, viewport);
    await signIn(page, account);
    await page.goto('/dashboard');
    const opener = page.getByRole('button', { name: `Open the conversation with ${CUSTOMER.author_name}` });
    await opener.first().waitFor(POLL);
    await opener.first().click();
    const dialog = page.getByRole('dialog', { name: CUSTOMER.author_name });
    await dialog.getByText('Where is my parcel?').waitFor(POLL);
    const status = dialog.getByTestId('conversation-status');

    // Sent: WhatsApp's server took it (the simulated server does by itself): one grey tick.
    const first = await send(page, dialog, FIRST);
    await tick(first, 'sent');
    await status.filter({ hasText: 'In Progress' }).waitFor(POLL);
    // Delivered to every member's phone: two grey ticks; one member read it: "Read by 1", who on tap.
    await sim({ status: 'delivered' });
    await tick(first, 'delivered');
    await sim({ status: 'read', member_phone: member });
    const readBy = first.getByRole('button', { name: 'Read by 1' });
    await readBy.waitFor(POLL);
    await readBy.click();
    await first.getByText('Read by', { exact: true }).waitFor(POLL);
    await shoot(page, `reply-states-read-by-${viewport.width}`, { target: first });
    await page.keyboard.press('Escape');
    // Everyone read it: two blue ticks.
    await sim({ status: 'read' });
    await tick(first, 'read');
    await first.getByRole('button', { name: /^Read by \d+$/ }).waitFor(POLL);
    expect(await dialog.isVisible()).toBe(true);

    // Refused: red with why, and the ticket's first response and In Progress are taken back.
    const second = await send(page, dialog, SECOND);
    await tick(second, 'sent');
    await sim({ status: 'failed', refusal: 'announce_only' });
    await second.getByText(REFUSED).waitFor(POLL);
    await status.filter({ hasText: 'In Progress' }).waitFor(POLL); // the first reply still answers it
    await shoot(page, `reply-states-conversation-${viewport.width}`, { target: second, scan: true });
    // Retry sends it again: the refused one says so, the new one is taken by the server.
    await second.getByRole('button', { name: 'Retry' }).click();
    await second.first().getByText('Sent again').waitFor(POLL);
    await expect.poll(() => second.count(), POLL).toBe(2);
    await tick(second.nth(1), 'sent');
    await shoot(page, `reply-states-retried-${viewport.width}`, { target: second.nth(1) });

    // The group chat shows the same on the desk's messages.
    await page.keyboard.press('Escape');
    await page.goto(
      `/whatsapp-chat?session=${encodeURIComponent(session.sessionId)}&group=${encodeURIComponent(group.group_id)}`,
    );
    const chat = page.getByTestId('group-messages');
    const mine = (text: string) => chat.locator('[data-side="right"]', { hasText: text });
    await tick(mine(FIRST), 'read');
    await mine(SECOND).first().getByText(REFUSED).waitFor(POLL);
    await mine(SECOND).first().getByText('Sent again').waitFor(POLL);
    await tick(mine(SECOND).nth(1), 'sent');
    // A refusal told while the chat is open shows at once.
    await sim({ status: 'failed', code: '479' });
    await mine(SECOND)
      .nth(1)
      .getByText(/error 479/)
      .waitFor(POLL);
    await mine(SECOND).nth(1).getByRole('button', { name: 'Retry' }).waitFor(POLL);
    await shoot(page, `reply-states-group-chat-${viewport.width}`, {
      target: mine(SECOND).nth(1),
      scan: true,
    });
    expect(errors).toEqual([]);
    await close();
  }, 120_000); // a whole desk flow with two axe scans: it passed 60 s once on a loaded machine
}
