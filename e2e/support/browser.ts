import { type Browser, chromium, type Download, type LaunchOptions, type Page } from 'playwright-core';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

/** Debian's chromium, headless, with its background traffic off (this machine has no outside network). */
export const CHROMIUM_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** A chromium of its own (the bench); e2e files connect to the run's one instead (shared-browser.ts). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_OPTIONS);
}

export interface TrackedPage {
  page: Page;
  /** Uncaught errors thrown by the page's scripts: a healthy screen has none. */
  errors: string[];
  close(): Promise<void>;
}

export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  // The stack says where a page error came from when a test fails on it.
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  return { page, errors, close: () => context.close() };
}

/**
 * The bytes of a finished download. Read through the protocol, not from `download.path()`: e2e files
 * connect to a shared chromium (shared-browser.ts), and a remote browser's downloads have no local path.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
