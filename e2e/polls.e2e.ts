import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified } from './support/accounts';
import { MOBILE, openPage } from './support/browser';
import { type LinkedSession, linkSimulatedSession, postJson, signIn, simulateIncoming } from './support/desk';
import { shoot } from './support/screenshots';
import type { RunningServer } from './support/server';
import { startSimulatorDesk } from './support/shared-browser';

// Polls that count (docs/decisions/0018, polls), in chromium against the simulated phone: a member sends a
// poll from a ticket's conversation; group members vote (the simulator encrypts each vote with the poll's
// secret, and the server decrypts it as it does WhatsApp's); the counts and voters follow live in the
// conversation and show in the group chat; a vote opens no ticket. At 1366 and 375 px.

const POLL = { timeout: 15_000 };
const WIDE = { width: 1366, height: 860 };
const CUSTOMER = { author_phone: '919800000066', author_name: 'Ravi Customer' };
const QUESTION = 'How would you rate our help today?';
const OPTIONS = ['Great', 'Good', 'Could be better'];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startSimulatorDesk());
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface PageMessage {
  id: string;
  from_me: boolean;
  message_type: string;
  author_number: string | null;
}

async function groupMessages(token: string, session: LinkedSession, groupId: string) {
  const res = await postJson(server.baseURL, '/api/getGroupsMsg/', token, {
    session_id: session.sessionId,
    group_id: groupId,
  });
  return ((await res.json()) as { messages: PageMessage[] }).messages;
}

/**
 * Two members of the group who are not the customer: they wrote in the history the phone sent, which is
 * stored a while after linking on a busy machine (up to a minute, as in reply-states.e2e.ts).
 */
async function groupMembers(token: string, session: LinkedSession, groupId: string): Promise<string[]> {
  const deadline = Date.now() + 60_000;
  let members: string[] = [];
  while (members.length < 2 && Date.now() < deadline) {
    const numbers = (await groupMessages(token, session, groupId)).flatMap((m) =>
      !m.from_me && m.author_number && m.author_number !== CUSTOMER.author_phone ? [m.author_number] : [],
    );
    members = [...new Set(numbers)].slice(0, 2);
    if (members.length < 2) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (members.length < 2) throw new Error('fewer than two group members in the history');
  return members;
}

const votesOf = (poll: Locator, option: string) =>
  poll.locator(`[data-poll-option="${option}"] [data-votes]`).getAttribute('data-votes');

for (const viewport of [WIDE, MOBILE]) {
  test(`a poll sent from a ticket counts the members' votes live, at ${viewport.width} px`, async () => {
    const account = await registerVerified(server);
    const token = account.access_token;
    const session = await linkSimulatedSession(server.baseURL, token);
    const group = session.groups[0] as LinkedSession['groups'][number];
    await simulateIncoming(server.baseURL, token, session.sessionId, {
      group_id: group.group_id,
      body: 'Thanks, the refund arrived.',
      ...CUSTOMER,
    });
    const [first, second] = (await groupMembers(token, session, group.group_id)) as [string, string];
    const vote = async (voter: string, options: string[]) => {
      const poll = (await groupMessages(token, session, group.group_id)).find(
        (m) => m.message_type === 'poll_creation' && m.from_me,
      );
      const res = await postJson(server.baseURL, `/sim/sessions/${session.sessionId}/poll-vote`, token, {
        group_id: group.group_id,
        wa_id: poll?.id,
        options,
        voter,
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };

    const { page, errors, close } = await openPage(browser, server.baseURL, viewport);
    await signIn(page, account);
    await page.goto('/dashboard');
    const opener = page.getByRole('button', { name: `Open the conversation with ${CUSTOMER.author_name}` });
    await opener.first().waitFor(POLL);
    await opener.first().click();
    const conversation = page.getByRole('dialog', { name: CUSTOMER.author_name });
    await conversation.getByText('Thanks, the refund arrived.').waitFor(POLL);

    // The dialog: the contract's words for a bad poll, then a poll of three options.
    await conversation.getByRole('button', { name: 'Poll', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a poll' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Question is empty: type what you want to ask.').waitFor(POLL);
    await dialog.getByLabel('Question').fill(QUESTION);
    await dialog.getByRole('textbox', { name: 'Option 1' }).fill(OPTIONS[0] as string);
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill(OPTIONS[0] as string);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Options must all be different.').waitFor(POLL);
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill(OPTIONS[1] as string);
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: 'Option 3' }).fill(OPTIONS[2] as string);
    await shoot(page, `polls-dialog-${viewport.width}`, { target: dialog, scan: true });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'hidden', ...POLL });

    // In the conversation: no votes yet; then two members vote and the counts follow without a reload.
    const sent = conversation.getByRole('region', { name: `Poll: ${QUESTION}` });
    await sent.getByText('No votes yet').waitFor(POLL);
    await vote(first, ['Great']);
    await sent.getByText('1 voter', { exact: true }).waitFor(POLL);
    await vote(second, ['Good']);
    await sent.getByText('2 voters', { exact: true }).waitFor(POLL);
    // A changed vote replaces the member's earlier one.
    await vote(second, ['Great']);
    await expect.poll(() => votesOf(sent, 'Great'), POLL).toBe('2');
    expect(await votesOf(sent, 'Good')).toBe('0');
    await sent.getByRole('list', { name: 'Who chose Great' }).getByRole('listitem').nth(1).waitFor(POLL);
    await shoot(page, `polls-conversation-${viewport.width}`, { target: sent, scan: true });

    // Votes open no ticket: the customer's one ticket is still the only one.
    const tickets = (await (await postJson(server.baseURL, '/org/getTickets/', token)).json()) as unknown[];
    expect(tickets).toHaveLength(1);

    // The group chat shows the same poll with its counts, and follows a vote made while it is open.
    await page.keyboard.press('Escape');
    await page.goto(
      `/whatsapp-chat?session=${encodeURIComponent(session.sessionId)}&group=${encodeURIComponent(group.group_id)}`,
    );
    const inChat = page.getByTestId('group-messages').getByRole('region', { name: `Poll: ${QUESTION}` });
    await expect.poll(() => votesOf(inChat, 'Great'), POLL).toBe('2');
    await vote(first, ['Could be better']);
    await expect.poll(() => votesOf(inChat, 'Could be better'), POLL).toBe('1');
    expect(await votesOf(inChat, 'Great')).toBe('1');
    await shoot(page, `polls-group-chat-${viewport.width}`, { target: inChat, scan: true });
    expect(errors).toEqual([]);
    await close();
  }, 120_000); // a whole desk flow with three axe scans: about 50 s on a quiet machine
}
