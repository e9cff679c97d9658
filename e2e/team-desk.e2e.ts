import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified, STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { MOBILE, openPage } from './support/browser';
import { type LinkedSession, linkSimulatedSession, postJson, signIn, simulateIncoming } from './support/desk';
import { invitationLinkFor } from './support/outbox';
import { shoot } from './support/screenshots';
import type { RunningServer } from './support/server';
import { startSimulatorDesk } from './support/shared-browser';

// A whole team on one desk (docs/decisions/0016–0018): an owner invites a member, the member joins, a customer's group
// message opens a ticket, the member answers it from the desk, the simulated phone's group receives the
// answer as a quoted reply, the ticket is In Progress and theirs, they add a note and a label, and the owner
// reads every step in the audit log. The owner works at 1366 px, the member on a 375 px phone.

const POLL = { timeout: 15_000 };
const WIDE = { width: 1366, height: 860 };
const CUSTOMER = { author_phone: '919800000077', author_name: 'Lakshmi Customer' };
const QUESTION = 'Hello, my refund for order #881 has not arrived. Can you check?';
const ANSWER = 'Hi Lakshmi, I have found your refund. It reaches your account by Friday.';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startSimulatorDesk());
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface GroupMessage {
  id: string;
  from_me: boolean;
  body: string;
  has_quoted_msg: boolean;
  quoted_msg_id: string | null;
}

async function groupMessages(token: string, sessionId: string, groupId: string): Promise<GroupMessage[]> {
  const res = await postJson(server.baseURL, '/api/getGroupsMsg/', token, {
    session_id: sessionId,
    group_id: groupId,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: GroupMessage[] }).messages;
}

test('an owner and an invited member work a ticket together, and the audit log shows each step', async () => {
  const ownerEmail = uniqueEmail('owner');
  const owner = await registerVerified(server, ownerEmail);
  const session = await linkSimulatedSession(server.baseURL, owner.access_token);
  const group = session.groups[0] as LinkedSession['groups'][number];
  const label = await postJson(server.baseURL, '/org/saveLabel/', owner.access_token, {
    name: 'Refunds',
    colour: '#b45309',
  });
  expect(label.status, await label.clone().text()).toBeLessThan(300);

  // The owner invites a member from the Members page.
  const memberEmail = uniqueEmail('member');
  const desk = await openPage(browser, server.baseURL, WIDE);
  await signIn(desk.page, owner);
  await desk.page.goto('/members');
  await desk.page.getByRole('button', { name: 'Invite member' }).click();
  const invite = desk.page.getByRole('dialog', { name: 'Invite member' });
  await invite.getByRole('textbox', { name: 'Email' }).fill(memberEmail);
  await invite.getByLabel('Role', { exact: true }).selectOption('member');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await desk.page
    .getByRole('region', { name: /open invitations/i })
    .getByText(memberEmail)
    .waitFor(POLL);
  await shoot(desk.page, 'owner-members-1366', { fullPage: true });

  // The member joins from the mailed link on their phone and lands on the dashboard.
  const phone = await openPage(browser, server.baseURL, MOBILE);
  await phone.page.goto(invitationLinkFor(server.dataDir, memberEmail));
  await phone.page.getByLabel('First name').fill('Arjun');
  await phone.page.getByLabel('Last name').fill('Mehta');
  await phone.page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await phone.page.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
  await phone.page.getByRole('button', { name: /^Join / }).click();
  await phone.page.waitForURL('**/dashboard', POLL);
  // The owner's Members page shows them without a reload.
  await desk.page.getByRole('cell', { name: memberEmail }).waitFor(POLL);

  // A customer writes in the group: the member's dashboard shows the new ticket.
  await simulateIncoming(server.baseURL, owner.access_token, session.sessionId, {
    group_id: group.group_id,
    body: QUESTION,
    ...CUSTOMER,
  });
  const opener = phone.page.getByRole('button', {
    name: `Open the conversation with ${CUSTOMER.author_name}`,
  });
  await opener.first().waitFor(POLL);
  await shoot(phone.page, 'member-dashboard-375', { fullPage: true });
  await opener.first().click();
  const dialog = phone.page.getByRole('dialog', { name: CUSTOMER.author_name });
  await dialog.getByText(QUESTION).waitFor(POLL);

  // The member replies from the desk.
  const reply = dialog.getByRole('combobox', { name: 'Reply to the customer' });
  await reply.fill(ANSWER);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await dialog.locator('li[data-side="right"]', { hasText: ANSWER }).waitFor(POLL);

  // The simulated phone's group received it as a quoted reply to the customer's message.
  await expect
    .poll(async () => {
      const messages = await groupMessages(owner.access_token, session.sessionId, group.group_id);
      const question = messages.find((m) => m.body === QUESTION);
      const answer = messages.find((m) => m.body === ANSWER);
      return answer && question
        ? { from_me: answer.from_me, quoted: answer.has_quoted_msg && answer.quoted_msg_id === question.id }
        : null;
    }, POLL)
    .toEqual({ from_me: true, quoted: true });

  // The ticket is In Progress and assigned to the member who answered.
  await dialog.getByTestId('conversation-status').filter({ hasText: 'In Progress' }).waitFor(POLL);
  const assignee = dialog.getByRole('combobox', { name: /^Assignee/ });
  await expect
    .poll(async () => (await assignee.locator('option:checked').textContent()) ?? '', POLL)
    .toBe('Arjun Mehta (you)');

  // A note for the team and a label.
  await dialog
    .getByRole('combobox', { name: 'New internal note' })
    .fill('Refund was stuck at the bank; re-sent.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await dialog.getByText('Refund was stuck at the bank; re-sent.').waitFor(POLL);
  await dialog.getByRole('button', { name: 'Add label' }).click();
  await dialog.getByRole('combobox', { name: 'Search labels' }).fill('ref');
  await dialog.getByRole('option', { name: 'Refunds' }).click();
  await dialog.getByRole('button', { name: 'Remove label Refunds' }).waitFor(POLL);
  await shoot(phone.page, 'member-conversation-375', { fullPage: true });

  // The owner's dashboard shows who works it and its label.
  await desk.page.goto('/dashboard');
  const row = desk.page.locator('tr[data-ticket-id]', { hasText: CUSTOMER.author_name });
  await row.getByText('Arjun Mehta').waitFor(POLL);
  await row.getByText('Refunds').waitFor(POLL);
  await shoot(desk.page, 'owner-dashboard-1366', { fullPage: true });

  // The owner reads each step in the audit log.
  await desk.page.goto('/audit-log');
  const log = desk.page.getByRole('region', { name: 'Audit log' });
  // Each entry is one sentence in the "What happened" cell (features/audit/utils/audit-sentence.ts).
  for (const step of [
    /^Invited \S+ as a member\.$/,
    /^Joined the organisation as a member\.$/,
    /^Signed in after accepting an invitation\.$/,
    /^Sent a reply in Ticket #\d+\.$/,
    /^Added a note to Ticket #\d+\.$/,
    /^Changed the labels of Ticket #\d+ from no labels to Refunds\.$/,
    /^(Assigned|Reassigned|Took) Ticket #\d+/,
  ])
    await log.getByRole('cell', { name: step }).first().waitFor(POLL);
  await shoot(desk.page, 'owner-audit-log-1366', { fullPage: true });

  // The member's phone shows the same log to nobody: it is for owners and admins.
  await phone.page.goto('/audit-log');
  await phone.page.getByText('Only admins and owners can read the audit log.').first().waitFor(POLL);
  await shoot(phone.page, 'member-audit-log-375', { fullPage: true });

  expect([...desk.errors, ...phone.errors]).toEqual([]);
  await Promise.all([desk.close(), phone.close()]);
});
