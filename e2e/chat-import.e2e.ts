import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { androidChat, DISTINCTIVE, NEEDLE_INDEX, zipArchive } from './fixtures/chat-fixtures';
import { registerViaApi } from './support/accounts';
import { DESKTOP, MOBILE, openPage } from './support/browser';
import {
  CHAT_ZIP,
  dropFiles,
  isLoopback,
  keptChatCount,
  messageAt,
  pickFiles,
  recordRequests,
  type UploadFile,
} from './support/chat-import';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

// Generous: these wait for the browser (media decoding, the virtual list settling) on a busy machine.
const POLL = { timeout: 10_000 };

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

const TEXT: UploadFile = {
  name: 'WhatsApp Chat with Priya Raman.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from(androidChat()),
};

async function importAnonymously(page: Page, file: UploadFile, how: 'pick' | 'drop' = 'pick') {
  await page.goto('/');
  await page.getByText('Supported files: .txt or .zip [Max Size: 4MB]').waitFor();
  await (how === 'drop' ? dropFiles(page, [file]) : pickFiles(page, [file]));
  await page.waitForURL('**/messages-nologin');
  await messageAt(page, 1).waitFor();
}

test('a dropped .txt export is read in the browser and shown on /messages-nologin', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await importAnonymously(page, TEXT, 'drop');
  await page.getByText('Files Uploaded, Check Messages').waitFor();
  await page.getByText('Login to use the premium features').waitFor();
  expect(await page.getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe('/register');
  expect(await page.getByTestId('message-count').textContent()).toBe('249 messages, 1 system notice');

  // System centred, the first author (the default sender) right, others left; author, text and datetime.
  expect(await messageAt(page, 0).getAttribute('data-side')).toBe('center');
  expect(await messageAt(page, 1).getAttribute('data-side')).toBe('right');
  expect(await messageAt(page, 2).getAttribute('data-side')).toBe('left');
  const second = await messageAt(page, 2).textContent();
  expect(second).toContain('Tomasz Wójcik');
  expect(second).toContain('Great, send the link please');
  expect(second).toContain('12 Jan 2024, 09:02');
  await page.getByText('Friday, 12 January 2024').waitFor();

  const link = page.getByRole('link', { name: 'https://example.com/flamingo-report' });
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

  // A .txt carries no media: attachments are placeholders, like omitted media; edits and deletions marked.
  await page.getByText('Not included in this upload').first().waitFor();
  await page.getByText('Media omitted').waitFor();
  await page.getByText('This message was deleted').waitFor();
  await messageAt(page, 9).getByText('edited').waitFor();

  // Virtualised: far fewer message elements than messages.
  expect(await page.locator('[data-message-index]').count()).toBeLessThan(100);
  expect(errors).toEqual([]);
  await close();
});

test('a .zip export shows its image and plays its real voice note', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await importAnonymously(page, CHAT_ZIP);
  await page.getByText('Zip file uploaded and extracted').waitFor();
  const image = page.getByRole('img', { name: 'IMG-20240112-WA0001.png' });
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), POLL)
    .toBe(24);
  expect(await image.getAttribute('src')).toMatch(/^blob:/);
  await page.getByText('The lagoon sunset').waitFor(); // the caption, after the media

  const audio = page.locator('audio');
  await expect
    .poll(
      () => audio.evaluate((el: HTMLAudioElement) => ({ ready: el.readyState >= 1, duration: el.duration })),
      POLL,
    )
    .toEqual({ ready: true, duration: 0.5 });
  await audio.evaluate((el: HTMLAudioElement) => {
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime > 0 || el.ended), POLL)
    .toBe(true);

  // The PDF was not in the zip.
  await messageAt(page, 6).getByText('Not included in this upload').waitFor();
  expect(errors).toEqual([]);
  await close();
});

test('nothing of the chat leaves the browser during an anonymous import', async () => {
  const { page, close } = await openPage(browser, server.baseURL, DESKTOP);
  const requests = recordRequests(page);
  await importAnonymously(page, CHAT_ZIP);
  await page.getByRole('img', { name: 'IMG-20240112-WA0001.png' }).waitFor();
  await page.getByRole('button', { name: 'Search messages' }).click();
  await page.getByPlaceholder('Search...').fill('zanzibar');
  await page.getByText('1 message found').waitFor();
  await page.reload();
  await messageAt(page, 1).waitFor();
  await importAnonymously(page, TEXT, 'drop');

  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    expect(isLoopback(request.url), request.url).toBe(true);
    const seen = `${decodeURIComponent(request.url)} ${JSON.stringify(request.headers)} ${request.body}`;
    for (const secret of [...DISTINCTIVE, 'IMG-20240112-WA0001', 'lagoon', 'zanzibar']) {
      expect(seen.toLowerCase(), `${request.method} ${request.url}`).not.toContain(secret.toLowerCase());
    }
  }
  expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  await close();
});

test('search finds a message, centres it and highlights it for 2 seconds', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await importAnonymously(page, TEXT);
  await page.getByRole('button', { name: 'Search messages' }).click();
  const box = page.getByPlaceholder('Search...');
  await box.fill('no such wordzz');
  await page.getByText('No messages found!').waitFor();
  await box.fill('zanzibar quo');
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('button');
  await result.first().waitFor();
  expect(await result.count()).toBe(1);
  expect(await result.locator('mark').textContent()).toBe('Zanzibar');
  expect(await result.textContent()).toContain('author: Tomasz Wójcik');
  expect(await result.textContent()).toContain('14 Jan 2024');

  const clicked = Date.now();
  await result.click();
  const target = messageAt(page, NEEDLE_INDEX);
  await target.waitFor();
  await target.locator('[data-highlighted]').waitFor();
  // Centred in the part of the window below the sticky toolbar.
  const toolbar = await page.getByRole('toolbar', { name: 'Chat tools' }).boundingBox();
  const visibleCentre = ((toolbar?.y ?? 0) + (toolbar?.height ?? 0) + DESKTOP.height) / 2;
  await expect
    .poll(async () => {
      const rect = await target.boundingBox();
      return rect ? Math.abs(rect.y + rect.height / 2 - visibleCentre) : 999;
    }, POLL)
    .toBeLessThan(30);
  // The highlight goes after 2 seconds.
  await target.locator('[data-highlighted]').waitFor({ state: 'detached', timeout: 6000 });
  expect(Date.now() - clicked).toBeGreaterThanOrEqual(1900);
  expect(errors).toEqual([]);
  await close();
});

test('after a jump the desktop dropdown closes so the message shows; one character asks for two', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await importAnonymously(page, TEXT);
  const toggle = page.getByRole('button', { name: 'Search messages' });
  await toggle.click();
  const box = page.getByPlaceholder('Search...');
  await box.fill('z');
  await page.getByText('Type at least 2 characters').waitFor();
  expect(await page.getByText('No messages found!').count()).toBe(0);
  await box.fill('zanzibar quo');
  await page.getByRole('list', { name: 'Search results' }).getByRole('button').first().click();
  await page.getByRole('dialog', { name: 'Search Messages' }).waitFor({ state: 'detached' });
  const target = messageAt(page, NEEDLE_INDEX);
  await target.locator('[data-highlighted]').waitFor();
  // Nothing covers the highlighted message: the element at its centre is inside it.
  const covered = await target.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return !(top && el.contains(top));
  });
  expect(covered).toBe(false);
  expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  await toggle.click();
  expect(await box.inputValue()).toBe('zanzibar quo');
  expect(errors).toEqual([]);
  await close();
});

test('consecutive messages of one author show the name once per run', async () => {
  const { page, close } = await openPage(browser, server.baseURL, DESKTOP);
  const chat = [
    '12/01/2024, 09:01 - Asha Rao: Good morning',
    '12/01/2024, 09:02 - Asha Rao: Are we meeting today?',
    '12/01/2024, 09:03 - Asha Rao: I can bring the maps',
    '12/01/2024, 09:04 - Ben Okafor: Yes, at ten',
    '12/01/2024, 09:05 - Ben Okafor: Bring the maps',
    '13/01/2024, 08:00 - Ben Okafor: A new day, a new run',
    '13/01/2024, 08:01 - Asha Rao: Right',
  ].join('\n');
  await importAnonymously(page, {
    name: 'WhatsApp Chat with Ben.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(chat),
  });
  const runs = await page.locator('[data-message-index][data-run]').evaluateAll((rows) =>
    rows.map((row) => ({
      run: row.getAttribute('data-run'),
      named:
        (row.querySelector('article p')?.textContent ?? '') ===
        row.querySelector('article')?.getAttribute('aria-label')?.replace('Message from ', ''),
    })),
  );
  expect(runs.map((r) => r.run)).toEqual([
    'start',
    'continued',
    'continued',
    'start',
    'continued',
    'start',
    'start',
  ]);
  for (const row of runs) expect(row.named).toBe(row.run === 'start');
  await close();
});

test('choosing another author moves their messages to the right and is remembered on reload', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await importAnonymously(page, CHAT_ZIP);
  const picker = page.getByLabel('View as');
  expect(await picker.inputValue()).toBe('Priya Raman');
  expect(await picker.locator('option').allTextContents()).toEqual(['Priya Raman', 'Tomasz Wójcik']);
  await picker.selectOption('Tomasz Wójcik');
  expect(await messageAt(page, 2).getAttribute('data-side')).toBe('right');
  expect(await messageAt(page, 1).getAttribute('data-side')).toBe('left');

  await page.reload();
  await messageAt(page, 1).waitFor();
  expect(await page.getByLabel('View as').inputValue()).toBe('Tomasz Wójcik');
  expect(await messageAt(page, 2).getAttribute('data-side')).toBe('right');
  expect(await page.getByTestId('message-count').textContent()).toBe('249 messages, 1 system notice');
  // The media came back from IndexedDB too.
  const image = page.getByRole('img', { name: 'IMG-20240112-WA0001.png' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), POLL).toBe(24);
  expect(errors).toEqual([]);
  await close();
});

test('the mobile search panel at 375 px jumps to the message and closes', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, MOBILE);
  await importAnonymously(page, TEXT);
  await page.getByRole('button', { name: 'Search messages' }).click();
  const panel = page.getByRole('dialog', { name: 'Search Messages' });
  await panel.waitFor();
  const rect = await panel.boundingBox();
  expect(rect).toMatchObject({ x: 0, y: 0, width: MOBILE.width, height: MOBILE.height });
  await panel.getByText('No messages found!').waitFor();
  await panel.getByPlaceholder('Search...').fill('quokka');
  await panel.getByRole('button', { name: /Zanzibar quokka/ }).click();
  await panel.waitFor({ state: 'detached' });
  await messageAt(page, NEEDLE_INDEX).locator('[data-highlighted]').waitFor();
  expect(errors).toEqual([]);
  await close();
});

test('Clear Chat asks first, then forgets the chat, also after a reload', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await importAnonymously(page, CHAT_ZIP);
  expect(await keptChatCount(page)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Clear Chat' }).click();
  const ask = page.getByRole('dialog', { name: 'Clear Chat?' });
  await ask.getByText('kept only in this browser').waitFor();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await ask.waitFor({ state: 'detached' });
  expect(await keptChatCount(page)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Clear Chat' }).click();
  await ask.getByRole('button', { name: 'Clear Chat' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => keptChatCount(page), POLL).toBe(0);
  await page.goto('/messages-nologin');
  await page.waitForURL((url) => url.pathname === '/');
  expect(errors).toEqual([]);
  await close();
});

test('a damaged zip gets the same message signed in or not, and it stays on the upload card', async () => {
  const broken: UploadFile = {
    name: 'broken.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('PK\u0003\u0004 not really a zip'),
  };
  const words = 'Error extracting zip file: The zip file is damaged or is not a zip file.';
  const { page, close } = await openPage(browser, server.baseURL, DESKTOP);
  await page.goto('/');
  await pickFiles(page, [broken]);
  const card = page.getByTestId('upload-error');
  await expect.poll(() => card.textContent(), POLL).toBe(words);

  const account = await registerViaApi(server.baseURL);
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access ?? '');
      localStorage.setItem('refreshToken', refresh ?? '');
    },
    [account.access_token, account.refresh_token],
  );
  await page.goto('/upload-chat');
  await page.getByText('Click to upload').waitFor();
  const answered = page.waitForResponse((r) => r.url().endsWith('/v1/uploadfile/'));
  await pickFiles(page, [broken]);
  expect((await answered).status()).toBeGreaterThanOrEqual(400);
  await expect.poll(() => card.textContent(), POLL).toBe(words);
  // Still there long after the 2-second toast.
  await page.waitForTimeout(3000);
  expect(await card.textContent()).toBe(words);
  await close();
});

test('bad uploads say what went wrong and change nothing', async () => {
  const { page, close } = await openPage(browser, server.baseURL, DESKTOP);
  await page.goto('/');
  const cases: [UploadFile[], string][] = [
    [
      [{ name: 'chat.rar', mimeType: 'application/vnd.rar', buffer: Buffer.from('Rar!') }],
      'Only .txt and .zip WhatsApp exports are supported.',
    ],
    [
      [{ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(4 * 1024 * 1024 + 1, 97) }],
      'file size exceed limit of 4MB',
    ],
    [
      [
        {
          name: 'broken.zip',
          mimeType: 'application/zip',
          buffer: Buffer.from('PK\u0003\u0004 not really a zip'),
        },
      ],
      'Error extracting zip file',
    ],
    [
      [
        {
          name: 'photos.zip',
          mimeType: 'application/zip',
          buffer: zipArchive({ 'a.png': Buffer.from('x') }),
        },
      ],
      'The zip holds no chat text file',
    ],
    [
      [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just my notes\n') }],
      'No WhatsApp messages were found in this file.',
    ],
    // Only the first file counts: a .rar first is refused even with a good .txt after it.
    [
      [{ name: 'x.7zip', mimeType: '', buffer: Buffer.from('7z') }, TEXT],
      'Only .txt and .zip WhatsApp exports are supported.',
    ],
  ];
  for (const [files, message] of cases) {
    await pickFiles(page, files);
    await page.getByText(message).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  }
  expect(await page.locator('[data-testid=upload-input]').getAttribute('accept')).toBe(
    '.zip,.rar,.7zip,.txt',
  );
  expect(await keptChatCount(page)).toBe(0);
  await close();
});

test('a signed-in user imports on /upload-chat, lands on /messages and has the drawer items', async () => {
  const account = await registerViaApi(server.baseURL);
  const { page, errors, close } = await openPage(browser, server.baseURL, MOBILE);
  await page.goto('/');
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access ?? '');
      localStorage.setItem('refreshToken', refresh ?? '');
    },
    [account.access_token, account.refresh_token],
  );
  await page.goto('/upload-chat');
  await page.getByText('Click to upload').waitFor();
  await pickFiles(page, [CHAT_ZIP]);
  await page.waitForURL('**/messages');
  await messageAt(page, 1).waitFor();
  expect(await page.getByText('Login to use the premium features').count()).toBe(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  expect(await drawer.getByRole('link', { name: /Messages/ }).textContent()).toContain('249');
  await drawer.getByLabel('Filter Chat').selectOption('Tomasz Wójcik');
  await drawer.getByRole('button', { name: 'Close' }).click();
  expect(await messageAt(page, 2).getAttribute('data-side')).toBe('right');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Clear Chat' }).click();
  const ask = page.getByRole('dialog', { name: 'Clear Chat?' });
  await ask.getByText('not saved to your account').waitFor();
  await ask.getByRole('button', { name: 'Clear Chat' }).click();
  await page.waitForURL('**/dashboard');
  await expect.poll(() => keptChatCount(page), POLL).toBe(0);
  expect(errors).toEqual([]);
  await close();
});
