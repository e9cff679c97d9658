import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DESKTOP, downloadedBytes, MOBILE, openPage } from './support/browser';
import { dropFiles, isLoopback, messageAt, recordRequests, type UploadFile } from './support/chat-import';
import { type RunningServer, startServer } from './support/server';
import { connectBrowser } from './support/shared-browser';

// A hand-made export whose numbers are known: 12 messages by 3 authors (5, 4, 3) plus one system line,
// six of them on Tuesdays between 21:00 and 22:00 (positions 1–4, 11, 12), an image, a link, a
// deleted and an edited message, and emoji (👍 ×2, 🛶 ×2, 🌅, 👍🏽 with its skin tone).
const ANALYSIS_CHAT = [
  '04/03/2024, 08:59 - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.',
  '05/03/2024, 21:05 - Zephyrine Okafor: Marmalade kayak meetup tonight? 🛶',
  '05/03/2024, 21:07 - Bartholomew Quince: Yes! 👍',
  '05/03/2024, 21:15 - Ingrid Vasquez-Lund: Count me in 👍🏽',
  '05/03/2024, 21:40 - Zephyrine Okafor: Route: https://www.marmalade-kayaks.example/route',
  '05/03/2024, 22:10 - Bartholomew Quince: This message was deleted',
  '06/03/2024, 09:00 - Ingrid Vasquez-Lund: Morning 🌅',
  '06/03/2024, 09:03 - Zephyrine Okafor: Morning!',
  '06/03/2024, 13:30 - Bartholomew Quince: IMG-20240306-WA0001.jpg (file attached)',
  '08/03/2024, 18:00 - Zephyrine Okafor: Weekend plan <This message was edited>',
  '08/03/2024, 18:20 - Ingrid Vasquez-Lund: 👍',
  '12/03/2024, 21:30 - Bartholomew Quince: Marmalade kayak again 🛶',
  '12/03/2024, 21:31 - Zephyrine Okafor: Absolutely',
].join('\n');

/** Text that occurs only in the chat: no request may carry any of it. */
const CHAT_WORDS = [
  'Zephyrine',
  'Bartholomew',
  'Vasquez',
  'Marmalade',
  'kayak',
  'marmalade-kayaks',
  'IMG-20240306',
];

const FILE: UploadFile = {
  name: 'WhatsApp Chat with Kayak Club.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from(`${ANALYSIS_CHAT}\n`),
};

const POLL = { timeout: 10_000 };
const TUESDAY_21 = [1, 2, 3, 4, 11, 12];

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

/** Drops the export on the landing page's upload card as an anonymous visitor, then opens Analyse. */
async function importAndAnalyse(page: Page) {
  await page.goto('/');
  await page.getByText('Supported files: .txt or .zip [Max Size: 4MB]').waitFor();
  await dropFiles(page, [FILE]);
  await page.waitForURL('**/messages-nologin');
  await messageAt(page, 1).waitFor();
  await page.getByRole('link', { name: 'Analyse' }).click();
  await page.waitForURL('**/analysis-nologin');
  await page.getByRole('heading', { name: 'Chat analysis' }).waitFor();
  await page.getByTestId('chart-heatmap').waitFor();
}

const statValue = (page: Page, id: string) =>
  page.getByTestId(`stat-${id}`).locator('[data-stat-value]').textContent();

/** The chat positions of the messages the viewer shows (all of them: the chat is short). */
async function shownMessages(page: Page): Promise<number[]> {
  const values = await page
    .locator('[data-message-index]')
    .evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-message-index'))));
  return values.sort((a, b) => a - b);
}

/** Clicks the heatmap cell of a weekday (0 = Monday) and hour where echarts drew it. */
async function clickHeatmapCell(page: Page, weekday: number, hour: number) {
  const chart = page.getByTestId('chart-heatmap');
  await chart.scrollIntoViewIfNeeded();
  const point = await chart.evaluate(
    (element, cell) => {
      const instance = (
        element as HTMLElement & { echarts?: { convertToPixel(finder: object, value: number[]): number[] } }
      ).echarts;
      return instance?.convertToPixel({ seriesIndex: 0 }, cell) ?? null;
    },
    [hour, weekday],
  );
  const box = await chart.boundingBox();
  if (!point || !box) throw new Error('the heatmap is not drawn');
  await page.mouse.click(box.x + (point[0] ?? 0), box.y + (point[1] ?? 0));
}

test('the analysis of an imported chat: known figures, a heatmap drill-down, PNG and CSV, nothing sent', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  const requests = recordRequests(page);
  await importAndAnalyse(page);

  // Summary cards against the fixture's known numbers.
  await expect.poll(() => statValue(page, 'messages'), POLL).toBe('12');
  expect(await statValue(page, 'authors')).toBe('3');
  expect(await statValue(page, 'deleted')).toBe('1');
  expect(await statValue(page, 'edited')).toBe('1');
  expect(await statValue(page, 'links')).toBe('1');
  expect(await statValue(page, 'media')).toBe('1');
  expect(await statValue(page, 'conversations')).toBe('6');
  expect(await statValue(page, 'busiest-day')).toBe('5 Mar 2024');
  expect(await statValue(page, 'streak')).toBe('2 days');
  expect(await statValue(page, 'silence')).toBe('4 days 3 h');
  // The author table, by message count.
  const names = await page.getByRole('table').locator('tbody th').allTextContents();
  expect(names).toEqual(['Zephyrine Okafor', 'Bartholomew Quince', 'Ingrid Vasquez-Lund']);

  // Exports: a chart as a real PNG, a table as CSV with whole emoji graphemes.
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Weekday and hour as PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe('chat-heatmap.png');
  const pngBytes = await downloadedBytes(png);
  expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(pngBytes.length).toBeGreaterThan(2000);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Top emoji as CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^top-emoji-\d{4}-\d{2}-\d{2}\.csv$/);
  expect((await downloadedBytes(csv)).toString('utf8')).toBe(
    '\uFEFFEmoji,Count\r\n👍,2\r\n🛶,2\r\n🌅,1\r\n👍🏽,1\r\n',
  );

  // Tuesday 21:00–22:00 opens exactly its six messages, with a chip that says so.
  await clickHeatmapCell(page, 1, 21);
  await page.waitForURL('**/messages-nologin');
  const chip = page.getByTestId('filter-chip-label');
  await expect.poll(() => chip.textContent(), POLL).toBe('Tuesday 21:00–22:00 · 6 messages');
  await expect.poll(() => shownMessages(page), POLL).toEqual(TUESDAY_21);

  // Search looks within the filtered messages only ("Morning" is in the chat, not on Tuesday nights).
  await page.getByRole('button', { name: 'Search messages' }).click();
  await page.getByText('Searching only the filtered messages').waitFor();
  await page.getByPlaceholder('Search...').fill('morning');
  await page.getByText('No messages found!').waitFor();
  await page.getByPlaceholder('Search...').fill('kayak');
  await page.getByText('3 messages found').waitFor(); // 1, 4 (marmalade-kayaks) and 11
  await page.keyboard.press('Escape');

  // Removing the chip shows the whole chat again.
  await page.getByRole('button', { name: 'Remove filter and show all messages' }).click();
  await page.getByTestId('filter-chip').waitFor({ state: 'detached' });
  await expect.poll(() => shownMessages(page), POLL).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

  // Nothing of the chat left the browser: no request but GETs, none with a word of the chat.
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    expect(isLoopback(request.url), request.url).toBe(true);
    const seen =
      `${decodeURIComponent(request.url)} ${JSON.stringify(request.headers)} ${request.body}`.toLowerCase();
    for (const word of CHAT_WORDS)
      expect(seen, `${request.method} ${request.url}`).not.toContain(word.toLowerCase());
  }
  expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  expect(errors).toEqual([]);
  await close();
});

test('a date range narrows the view and its drill-downs; the app navigation leads to the analysis', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
  await importAndAnalyse(page);
  await expect.poll(() => statValue(page, 'messages'), POLL).toBe('12');

  await page.getByLabel('From').fill('2024-03-08');
  await expect.poll(() => statValue(page, 'messages'), POLL).toBe('4');
  await page.getByText('Showing from 8 Mar 2024.').waitFor();
  await clickHeatmapCell(page, 1, 21);
  await page.waitForURL('**/messages-nologin');
  await expect
    .poll(() => page.getByTestId('filter-chip-label').textContent(), POLL)
    .toBe('Tuesday 21:00–22:00 · from 8 Mar 2024 · 2 messages');
  await expect.poll(() => shownMessages(page), POLL).toEqual([11, 12]);

  // Back on the analysis, the range is still set; "All time" clears it.
  await page.goBack();
  await page.waitForURL('**/analysis-nologin');
  await expect.poll(() => statValue(page, 'messages'), POLL).toBe('4');
  await page.getByRole('button', { name: 'All time' }).click();
  await expect.poll(() => statValue(page, 'messages'), POLL).toBe('12');

  // The kept chat in the app layout: the sidebar's Analysis row opens /analysis.
  await page.goto('/messages');
  await messageAt(page, 1).waitFor();
  await page.getByRole('complementary').getByRole('link', { name: 'Analysis' }).click();
  await page.waitForURL('**/analysis');
  await expect.poll(() => statValue(page, 'messages'), POLL).toBe('12');
  expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain('Analysis');
  expect(errors).toEqual([]);
  await close();
});

test('at 375 px the analysis is one column, its charts fit, and a bar opens its messages', async () => {
  const { page, errors, close } = await openPage(browser, server.baseURL, MOBILE);
  await importAndAnalyse(page);
  await expect.poll(() => statValue(page, 'messages'), POLL).toBe('12');
  // No sideways scrolling: every chart is drawn within the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  for (const id of ['activity', 'authors', 'heatmap', 'calendar', 'emoji']) {
    const box = await page.getByTestId(`chart-${id}`).boundingBox();
    expect(box?.width ?? 0, id).toBeGreaterThan(250);
    expect((box?.x ?? 0) + (box?.width ?? 0), id).toBeLessThanOrEqual(MOBILE.width);
  }
  // The authors chart's top bar (Zephyrine Okafor, 5 messages) opens that author's messages.
  const chart = page.getByTestId('chart-authors');
  await chart.scrollIntoViewIfNeeded();
  const point = await chart.evaluate((element) => {
    const instance = (
      element as HTMLElement & { echarts?: { convertToPixel(finder: object, value: unknown[]): number[] } }
    ).echarts;
    return instance?.convertToPixel({ seriesIndex: 0 }, [2.5, 0]) ?? null;
  });
  const box = await chart.boundingBox();
  if (!point || !box) throw new Error('the authors chart is not drawn');
  await page.mouse.click(box.x + (point[0] ?? 0), box.y + (point[1] ?? 0));
  await page.waitForURL('**/messages-nologin');
  await expect
    .poll(() => page.getByTestId('filter-chip-label').textContent(), POLL)
    .toBe('Zephyrine Okafor · 5 messages');
  await expect.poll(() => shownMessages(page), POLL).toEqual([1, 4, 7, 9, 12]);
  expect(errors).toEqual([]);
  await close();
});
