import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerViaApi } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import { CHAT_ZIP, keptChatCount, messageAt, pickFiles, recordRequests } from './support/chat-import';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

// Generous: these wait for the browser (media decoding, the virtual list settling) on a busy machine.
const POLL = { timeout: 10_000 };
const IMAGE = 'IMG-20240112-WA0001.png';
// A local storage link: /files/<object name>?exp=<unix s>&sig=<HMAC>, the object name u<id>/<random>/<file>.
const SIGNED_IMAGE =
  /^\/files\/u\d+\/[A-Za-z0-9_-]{22}\/IMG-20240112-WA0001\.png\?exp=\d+&sig=[A-Za-z0-9_-]+$/;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing' }),
    connectBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page) {
  const account = await registerViaApi(server.baseURL);
  await page.goto('/');
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access ?? '');
      localStorage.setItem('refreshToken', refresh ?? '');
    },
    [account.access_token, account.refresh_token],
  );
}

async function uploadZip(page: Page) {
  await page.goto('/upload-chat');
  await page.getByText('Click to upload').waitFor();
  await pickFiles(page, [CHAT_ZIP]);
  await page.waitForURL((url) => url.pathname === '/messages');
  await messageAt(page, 1).waitFor();
}

/** The image shows from a signed link and the voice note's metadata loads from one. */
async function expectMediaFromSignedLinks(page: Page) {
  const image = page.getByRole('img', { name: IMAGE });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), POLL)
    .toBe(24);
  expect(await image.getAttribute('src')).toMatch(SIGNED_IMAGE);
  const audio = page.locator('audio');
  await expect
    .poll(
      () => audio.evaluate((el: HTMLAudioElement) => ({ ready: el.readyState >= 1, duration: el.duration })),
      POLL,
    )
    .toEqual({ ready: true, duration: 0.5 });
  expect(await audio.getAttribute('src')).toMatch(/^\/files\/u\d+\/.+\.wav\?exp=\d+&sig=/);
}

const sidebarChats = (page: Page) =>
  page.getByRole('complementary').getByRole('list', { name: 'Saved chats' });

test('a signed-in upload goes to the server, its media show from signed links; save, reopen, rename, delete', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(page);
  const requests = recordRequests(page);
  const answered = page.waitForResponse((r) => r.url().endsWith('/v1/uploadfile/'));
  await uploadZip(page);
  await page.getByText('Zip file uploaded and extracted').waitFor();

  // The file went to the server as multipart with the bearer token, and the server parsed it.
  const uploads = requests.filter((r) => r.method === 'POST' && r.url.endsWith('/v1/uploadfile/'));
  expect(uploads).toHaveLength(1);
  expect(uploads[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(uploads[0]?.headers.authorization).toMatch(/^Bearer /);
  const answer = await answered;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { total_msgs: number }).total_msgs).toBe(250);

  await expectMediaFromSignedLinks(page);
  await page.getByText('The lagoon sunset').waitFor(); // the caption, not the object name
  await messageAt(page, 6).getByText('Not included in this upload').waitFor(); // the PDF was not in the zip
  // Both links came in one batch call, not one call per attachment.
  const presigns = requests.filter((r) => r.url.endsWith('/v1/getPresignedUrls/'));
  expect(presigns).toHaveLength(1);
  expect(JSON.parse(presigns[0]?.body ?? '{}').object_names).toHaveLength(2);
  expect(requests.some((r) => r.url.endsWith('/v1/getS3PresignedUrl/'))).toBe(false);

  // Save it under a name: a blank one is refused first.
  await page.getByRole('button', { name: 'Save Chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Your Chat' });
  await dialog.getByRole('button', { name: 'Save Chat' }).click();
  await page.getByText('Please enter a valid name for your chat!').first().waitFor();
  await dialog.getByPlaceholder('Write a name for your chat.').fill('  Lagoon trip with Priya  ');
  await dialog.getByRole('button', { name: 'Save Chat' }).click();
  await page.getByText('Chat is Saved Successfully into your account!').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL(/\/messages\?chatId=\d+$/);
  const chatId = new URL(page.url()).searchParams.get('chatId');
  await page.getByRole('button', { name: 'Save Chat' }).waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'Lagoon trip with Priya' }).waitFor();
  const link = sidebarChats(page).getByRole('link', { name: 'Lagoon trip with Priya' });
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe(`/messages?chatId=${chatId}`);

  // Clear Chat forgets it in this browser (the dialog says the saved copy stays); Previous Chats brings
  // it back from the server.
  await page.getByRole('button', { name: 'Clear Chat' }).click();
  const ask = page.getByRole('dialog', { name: 'Clear Chat?' });
  await ask.getByText('The saved copy stays in your account').waitFor();
  await ask.getByRole('button', { name: 'Close chat, keep saved copy' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  // The browser forgets the chat and its media in the background; on the busiest CI run that took over 10 s.
  await expect.poll(() => keptChatCount(page), { timeout: 30_000 }).toBe(0);
  await sidebarChats(page).getByRole('link', { name: 'Lagoon trip with Priya' }).click();
  await page.waitForURL(`**/messages?chatId=${chatId}`);
  await messageAt(page, 1).waitFor();
  expect(await page.getByTestId('message-count').textContent()).toBe('249 messages, 1 system notice');
  expect(await page.getByLabel('View as').inputValue()).toBe('Priya Raman');
  await expectMediaFromSignedLinks(page);
  const imageLink = await page.getByRole('img', { name: IMAGE }).getAttribute('src');

  // Rename from the list.
  await sidebarChats(page).getByRole('listitem').first().hover();
  await page.getByRole('button', { name: 'Rename Lagoon trip with Priya' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Chat' });
  await rename.getByLabel('Chat name').fill('Zanzibar plans');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await page.getByText('Chat renamed.').waitFor();
  await sidebarChats(page).getByRole('link', { name: 'Zanzibar plans' }).waitFor();
  await page.getByRole('heading', { name: 'Zanzibar plans' }).waitFor();

  // Delete it, after confirming: the open chat goes with it.
  await sidebarChats(page).getByRole('listitem').first().hover();
  await page.getByRole('button', { name: 'Delete Zanzibar plans' }).click();
  await page.getByRole('dialog', { name: 'Delete Chat' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Chat deleted.').waitFor();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('complementary').getByText('No saved chats yet.').waitFor();
  await expect.poll(() => keptChatCount(page), POLL).toBe(0);

  // Its files went with it: the link it had no longer serves the image.
  await expect
    .poll(async () => (await page.request.get(`${server.baseURL}${imageLink}`)).status(), POLL)
    .toBe(404);
  expect(errors).toEqual([]);
  await close();
});

test('on a phone the drawer lists Previous Chats, names cut at 45 characters, and opens one', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, MOBILE);
  await signIn(page);
  await uploadZip(page);
  const longName = 'Priya and Tomasz planning the flamingo report for the quarter';
  await page.getByRole('button', { name: 'Save Chat' }).click();
  await page.getByRole('dialog', { name: 'Save Your Chat' }).getByLabel('Chat name').fill(longName);
  await page
    .getByRole('dialog', { name: 'Save Your Chat' })
    .getByRole('button', { name: 'Save Chat' })
    .click();
  await page.waitForURL(/\/messages\?chatId=\d+$/);
  const chatId = new URL(page.url()).searchParams.get('chatId');

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await page.getByRole('button', { name: 'Clear Chat' }).first().waitFor();
  await drawer.getByRole('button', { name: /Previous Chats/ }).click();
  const entry = drawer.getByRole('link', { name: `${longName.slice(0, 45)}...` });
  await entry.waitFor();
  expect(await entry.getAttribute('title')).toBe(longName);

  // Clear, then reopen from the drawer.
  await drawer.getByRole('button', { name: 'Clear Chat' }).click();
  await page
    .getByRole('dialog', { name: 'Clear Chat?' })
    .getByRole('button', { name: 'Close chat, keep saved copy' })
    .click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await drawer.getByRole('button', { name: /Previous Chats/ }).click();
  await drawer.getByRole('link', { name: `${longName.slice(0, 45)}...` }).click();
  await page.waitForURL(`**/messages?chatId=${chatId}`);
  await drawer.waitFor({ state: 'detached' });
  await expectMediaFromSignedLinks(page);
  expect(errors).toEqual([]);
  await close();
});

test("another user's or an unknown chat id gives a clear error and the empty state", async () => {
  // Alice saves a chat…
  const alice = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(alice.page);
  await uploadZip(alice.page);
  await alice.page.getByRole('button', { name: 'Save Chat' }).click();
  await alice.page.getByRole('dialog', { name: 'Save Your Chat' }).getByLabel('Chat name').fill('Private');
  await alice.page.keyboard.press('Enter');
  await alice.page.waitForURL(/\/messages\?chatId=\d+$/);
  const chatId = new URL(alice.page.url()).searchParams.get('chatId');
  await alice.close();

  // …which Bob cannot open.
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await signIn(page);
  for (const id of [chatId, '987654']) {
    await page.goto(`/messages?chatId=${id}`);
    await page
      .getByText('This saved chat was not found in your account. Choose one from Previous Chats.')
      .first()
      .waitFor();
    await page.getByRole('heading', { name: 'This chat could not be opened' }).waitFor();
    expect(await page.getByTestId('message-count').count()).toBe(0);
  }
  expect(await page.getByText('Lagoon').count()).toBe(0);
  expect(errors).toEqual([]);
  await close();
});
