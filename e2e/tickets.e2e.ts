import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerVerified } from './support/accounts';
import { DESKTOP, downloadedBytes, MOBILE, openPage } from './support/browser';
import { type LinkedSession, linkSimulatedSession, postJson, signIn, simulateIncoming } from './support/desk';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

// Agents and support tickets from group conversations, with the dashboard, against the simulated phone.

const POLL = { timeout: 15_000 };
/** The dashboard polls every 5 s; the event stream makes it quicker, but 5 s is the promise. */
const WITHIN_POLL = { timeout: 5_000 };

const CUSTOMER = { author_phone: '919800000001', author_name: 'Meera Customer' };
const AGENT = { name: 'Ravi Agent', digits: '919811122233', typed: '98111 22233' };

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

interface Account {
  access_token: string;
  refresh_token: string;
}

async function deskAccount(wantOwner = false) {
  const account: Account = await registerVerified(server);
  const session = await linkSimulatedSession(server.baseURL, account.access_token, { wantOwner });
  return { account, session };
}

async function ticketsOf(
  account: Account,
): Promise<{ id: number; status: string; last_message: string; follow_up_of: number | null }[]> {
  return (await postJson(server.baseURL, '/org/getTickets/', account.access_token)).json();
}

const csvLines = (bytes: Buffer) => {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM for Excel
  return bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
};

async function download(page: Page, name: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download', POLL),
    page.getByRole('button', { name }).click(),
  ]);
  return { name: file.suggestedFilename(), lines: csvLines(await downloadedBytes(file)) };
}

test('a customer message opens a ticket; an agent reply, the dropdown and a new message move it along', async () => {
  const { account, session } = await deskAccount();
  const group = session.groups[0] as LinkedSession['groups'][number];
  const added = await postJson(server.baseURL, '/org/addAgent/', account.access_token, {
    agent_name: AGENT.name,
    agent_number: `+${AGENT.digits}`,
  });
  expect(added.status).toBe(201);

  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(page, account);
  await page.goto('/dashboard');
  await page.getByText('No Open Tickets').waitFor(POLL);
  await expect.poll(() => page.getByTestId('count-SESSIONS').textContent(), POLL).toBe('1');
  // Ravi, and the linked phone itself as the owner when its number is valid.
  const agents = session.owner ? '2' : '1';
  await expect.poll(() => page.getByTestId('count-AGENTS').textContent(), POLL).toBe(agents);
  expect(Number(await page.getByTestId('count-WHATSAPP GROUPS').textContent())).toBe(session.groups.length);

  // A customer writes in a group: a ticket shows within 5 s, open.
  await simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
    group_id: group.group_id,
    body: 'My order #123 has not arrived yet, can you check?',
    ...CUSTOMER,
  });
  const first = page.locator('tr[data-ticket-id]', { hasText: 'Meera Customer' });
  await first.waitFor(WITHIN_POLL);
  await first.getByText('My order #123 has not arr...').waitFor();
  await first.getByText(group.name).waitFor();
  const status = first.getByRole('combobox');
  expect(await status.inputValue()).toBe('open');
  await expect.poll(() => page.getByTestId('stat-OPEN').textContent(), WITHIN_POLL).toBe('1');

  // The agent answers from their phone: In Progress.
  await simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
    group_id: group.group_id,
    body: 'Checking it right now',
    author_phone: AGENT.digits,
    author_name: AGENT.name,
  });
  await expect.poll(() => status.inputValue(), WITHIN_POLL).toBe('in_progress');
  await expect.poll(() => page.getByTestId('stat-IN PROGRESS').textContent(), WITHIN_POLL).toBe('1');

  // The conversation: customer left, agent right, the first-response time; a new message shows live.
  await first.getByRole('button', { name: 'Open the conversation with Meera Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Meera Customer' });
  await dialog.locator('[data-side="left"]', { hasText: 'My order #123 has not arrived yet' }).waitFor(POLL);
  // Opening a conversation raises no toast: the conversation itself shows it worked.
  expect(await page.getByText('Successfully fetched conversation').count()).toBe(0);
  await dialog.locator('[data-side="right"]', { hasText: 'Checking it right now' }).waitFor();
  await dialog.locator('[data-side="right"]', { hasText: AGENT.name }).waitFor();
  expect(await dialog.getByTestId('first-response').textContent()).toMatch(/^in \d+s$/);
  expect(await dialog.getByTestId('resolution').textContent()).toBe('Not closed yet');
  await simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
    group_id: group.group_id,
    body: 'Found it, it ships today',
    from_me: true,
  });
  await dialog.locator('[data-side="right"]', { hasText: 'Found it, it ships today' }).waitFor(WITHIN_POLL);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Closed from the dropdown: sent at once.
  await status.selectOption({ label: 'Closed' });
  await expect
    .poll(async () => (await ticketsOf(account)).map((ticket) => ticket.status), POLL)
    .toEqual(['close']);
  await expect.poll(() => page.getByTestId('stat-CLOSED').textContent(), WITHIN_POLL).toBe('1');
  expect(await status.inputValue()).toBe('close');

  // The customer writes again within the reopen window (decision 0020): the same ticket, in progress.
  await simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
    group_id: group.group_id,
    body: 'Still not here',
    ...CUSTOMER,
  });
  await expect.poll(() => status.inputValue(), WITHIN_POLL).toBe('in_progress');
  expect(await page.locator('tr[data-ticket-id]').count()).toBe(1);

  // Closed again; with no reopen window, the next message opens a follow-up beside the closed one.
  await status.selectOption({ label: 'Closed' });
  await expect
    .poll(async () => (await ticketsOf(account)).map((ticket) => ticket.status), POLL)
    .toEqual(['close']);
  const settings = await postJson(server.baseURL, '/org/updateSettings/', account.access_token, {
    reopen_days: 0,
  });
  expect(settings.status).toBe(200);
  await simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
    group_id: group.group_id,
    body: 'Thanks! One more question',
    ...CUSTOMER,
  });
  await expect.poll(() => page.locator('tr[data-ticket-id]').count(), WITHIN_POLL).toBe(2);
  await expect.poll(() => page.getByTestId('stat-TOTAL').textContent(), WITHIN_POLL).toBe('2');
  const newest = page.locator('tr[data-ticket-id]').first();
  await newest.getByText('Thanks! One more question').waitFor();
  expect(await newest.getByRole('combobox').inputValue()).toBe('open');
  const [followUp, closed] = await ticketsOf(account);
  expect(followUp?.follow_up_of).toBe(closed?.id);
  await newest.getByRole('button', { name: 'Open the conversation with Meera Customer' }).click();
  const second = page.getByRole('dialog', { name: 'Meera Customer' });
  await second.getByRole('button', { name: `Follow-up of #${closed?.id}` }).waitFor(POLL);
  await second.getByRole('button', { name: 'Close' }).click();

  // The status filter and the sort.
  await page.getByRole('checkbox', { name: 'Closed' }).uncheck();
  await expect.poll(() => page.locator('tr[data-ticket-id]').count()).toBe(1);
  await page.getByRole('checkbox', { name: 'Closed' }).check();
  await page.getByRole('button', { name: /sort by creation time/i }).click();
  await page.locator('tr[data-ticket-id]').first().getByText('Still not here').waitFor();

  // The tickets shown, as a CSV file.
  const csv = await download(page, 'Download as CSV');
  expect(csv.name).toMatch(/^tickets-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.lines[0]).toMatch(/^Ticket ID,Group Name,Customer,Customer Number,Last Message,Status,/);
  expect(csv.lines).toHaveLength(3);
  expect(csv.lines[1]).toContain(`,Meera Customer,"'+919800000001",Still not here,Closed,`);
  expect(csv.lines[2]).toContain(',Thanks! One more question,Open,');

  expect(errors).toEqual([]);
  await close();
});

test('agents: add with the phone input, filter by user type, export CSV, remove', async () => {
  const { account, session } = await deskAccount(true);
  const owners = session.owner ? 1 : 0;
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(page, account);
  await page.goto('/agents');
  const rows = page.locator('tr[data-agent-id]');
  // The linked phone's own number is listed as the owner.
  if (session.owner) await rows.filter({ hasText: 'owner' }).waitFor(POLL);
  else await page.getByText('No Agents found').waitFor(POLL);

  const addAgent = async (name: string, typed: string, country?: string) => {
    await page.getByRole('button', { name: 'Add Agent' }).click();
    const form = page.getByRole('dialog', { name: 'Add Agent' });
    await form.getByPlaceholder('Enter a name of Agent').fill(name);
    if (country) {
      await form.getByRole('button', { name: /^Country: / }).click();
      await form.getByRole('combobox', { name: 'Search country' }).fill(country);
      await form
        .getByRole('option', { name: new RegExp(country, 'i') })
        .first()
        .click();
    }
    await form.getByLabel('Phone Number').pressSequentially(typed);
    await form.getByRole('button', { name: 'Add Agent' }).click();
    return form;
  };

  // India is the default country; the number is laid out by its mask as typed.
  const form = await addAgent(AGENT.name, '9811122233');
  await page.getByText('Agent added successfull').waitFor(POLL);
  await form.waitFor({ state: 'detached' });
  await rows.filter({ hasText: AGENT.name }).getByText('+91 98111 22233').waitFor(POLL);

  // Another country through the search.
  await addAgent('Olivia, "UK"', '7911 123456', 'United Kingdom');
  await page.getByText('Agent added successfull').first().waitFor(POLL);
  await rows.filter({ hasText: 'Olivia' }).getByText('+44 7911 123456').waitFor(POLL);

  // The same number again: the server's words.
  const again = await addAgent('Ravi Again', AGENT.typed);
  await page.getByText('An agent with this phone number already exists.').waitFor(POLL);
  await again.getByRole('button', { name: 'Close' }).click();

  // A name is required.
  await page.getByRole('button', { name: 'Add Agent' }).click();
  const empty = page.getByRole('dialog', { name: 'Add Agent' });
  await empty.getByRole('button', { name: 'Add Agent' }).click();
  await page.getByText('Fill the details corretly').waitFor(POLL);
  await page.mouse.click(5, 5); // the backdrop closes it
  await empty.waitFor({ state: 'detached' });

  expect(await rows.count()).toBe(2 + owners);
  await page.getByRole('checkbox', { name: 'user', exact: true }).uncheck();
  await expect.poll(() => rows.count()).toBe(owners);
  await page.getByRole('checkbox', { name: 'owner', exact: true }).uncheck();
  await page.getByText('No Agents found').waitFor();
  await page.getByRole('checkbox', { name: 'user', exact: true }).check();
  await expect.poll(() => rows.count()).toBe(2);

  // The rows shown (the two users), as a CSV file.
  const csv = await download(page, 'Download as CSV');
  expect(csv.name).toMatch(/^agents-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.lines[0]).toBe('Agent ID,Name,Phone Number,User type,Created At');
  expect(csv.lines).toHaveLength(3);
  expect(csv.lines.some((line) => line.includes(`,${AGENT.name},"'+${AGENT.digits}",user,`))).toBe(true);
  expect(csv.lines.some((line) => line.includes(`,"Olivia, ""UK""","'+447911123456",user,`))).toBe(true);

  // The first column counts the rows shown (1, 2, …), not database ids.
  expect(await rows.locator('td:first-child').allTextContents()).toEqual(['1', '2']);

  // Edit: prefilled; another agent's number is refused in the server's words; the table shows the change.
  await rows.filter({ hasText: 'Olivia' }).getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Agent' });
  expect(await edit.getByLabel('Agent Name').inputValue()).toBe('Olivia, "UK"');
  const editNumber = edit.getByLabel('Phone Number');
  expect(await editNumber.inputValue()).toBe('7911 123456');
  // A pasted international number switches the country.
  await editNumber.fill(`+${AGENT.digits}`);
  expect(await edit.getByTestId('phone-calling-code').textContent()).toBe('+91');
  expect(await editNumber.inputValue()).toBe(AGENT.typed);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  // The first refusal's toast may still be on its way out: the new one is the one announced (role alert).
  await page
    .getByRole('alert')
    .filter({ hasText: 'An agent with this phone number already exists.' })
    .waitFor(POLL);
  await edit.getByLabel('Agent Name').fill('Olivia Brown');
  await editNumber.fill('+44 7911 123457');
  expect(await edit.getByTestId('phone-calling-code').textContent()).toBe('+44');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Agent updated.').waitFor(POLL);
  await edit.waitFor({ state: 'detached' });
  const edited = rows.filter({ hasText: 'Olivia Brown' });
  await edited.getByText('+44 7911 123457').waitFor(POLL);
  expect(await rows.filter({ hasText: 'Olivia, "UK"' }).count()).toBe(0);

  // Remove, after confirming.
  await rows
    .filter({ hasText: 'Olivia' })
    .getByRole('button', { name: /^Remove/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Remove Agent' })
    .getByRole('button', { name: 'Remove Agent' })
    .click();
  await page.getByText('Agent removed.').waitFor(POLL);
  await expect.poll(() => rows.count(), POLL).toBe(1); // the owner is still filtered out
  await page.getByRole('checkbox', { name: 'All' }).check();
  await expect.poll(() => rows.count()).toBe(1 + owners);
  const listed = (await (await postJson(server.baseURL, '/org/listAgent/', account.access_token)).json()) as {
    agent_name: string;
  }[];
  expect(listed.map((agent) => agent.agent_name)).toContain(AGENT.name);
  expect(listed).toHaveLength(1 + owners);

  expect(errors).toEqual([]);
  await close();
});

test('on a phone the dashboard and the agents page fit the screen', async () => {
  const { account, session } = await deskAccount();
  const group = session.groups[0] as LinkedSession['groups'][number];
  await simulateIncoming(server.baseURL, account.access_token, session.sessionId, {
    group_id: group.group_id,
    body: 'Hello from a small screen',
    ...CUSTOMER,
  });
  const { page, errors, close } = await openPage(browser, server.baseURL, MOBILE);
  await signIn(page, account);
  await page.goto('/dashboard');
  const card = page.locator('li[data-ticket-id]', { hasText: 'Meera Customer' });
  await card.waitFor(POLL);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await card.getByRole('button', { name: /Open the conversation/ }).click();
  await page
    .getByRole('dialog', { name: 'Meera Customer' })
    .getByText('Hello from a small screen')
    .waitFor(POLL);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await postJson(server.baseURL, '/org/addAgent/', account.access_token, {
    agent_name: AGENT.name,
    agent_number: `+${AGENT.digits}`,
  });
  const LONG = 'Bartholomew-Alexander-Featherstonehaugh-Worthington-the-Third';
  await postJson(server.baseURL, '/org/addAgent/', account.access_token, {
    agent_name: LONG,
    agent_number: '+919811122244',
  });
  await page.goto('/agents');
  await page.locator('li[data-agent-id]', { hasText: AGENT.name }).waitFor(POLL);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // A long name wraps inside its card and never runs under the buttons.
  const long = page.locator('li[data-agent-id]', { hasText: LONG });
  const nameBox = await long.getByText(LONG).boundingBox();
  const cardBox = await long.boundingBox();
  for (const name of [`Edit ${LONG}`, `Remove ${LONG}`]) {
    const button = await long.getByRole('button', { name }).boundingBox();
    if (!nameBox || !button || !cardBox) throw new Error('not laid out');
    const apart =
      nameBox.y + nameBox.height <= button.y ||
      button.y + button.height <= nameBox.y ||
      nameBox.x + nameBox.width <= button.x;
    expect(apart).toBe(true);
    expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  }
  await page.getByRole('button', { name: 'Add Agent' }).click();
  await page.getByRole('dialog', { name: 'Add Agent' }).getByTestId('phone-calling-code').waitFor();
  expect(await overflow()).toBeLessThanOrEqual(0);

  expect(errors).toEqual([]);
  await close();
});
