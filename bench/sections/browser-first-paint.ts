/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The anonymous import in a real browser: from dropping a 40,000-message export on the upload card to
// the first message bubble painted, how long the page's main thread is ever blocked meanwhile, and
// whether the virtual list keeps the number of message elements bounded while scrolling the whole chat.
import { parseChat } from '@wadesk/chat-export';
import { strToU8, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';
import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { generateChat } from '../generate';
import type { Row } from '../row';
import { median, ms } from '../stats';

const SECTION = 'browser-first-paint';
const RUNS = 5;
const MAX_UPLOAD = 4 * 1024 * 1024;
const PAINT_TARGET_MS = 1000;
const DOM_TARGET = 200;

function row(metric: string, value: string, target = '', ok: boolean | null = null): Row {
  return { section: SECTION, metric, value, target, ok };
}

/** The longest whole-message prefix of an export that fits the 4 MB upload limit. */
function fitUploadLimit(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= MAX_UPLOAD) return bytes;
  let cut = bytes.lastIndexOf(0x0a, MAX_UPLOAD - 1);
  // A message starts at a line beginning with its Android date header.
  while (cut > 0 && !/^\d\d\/\d\d\/\d{4}, /.test(bytes.subarray(cut + 1, cut + 13).toString('latin1'))) {
    cut = bytes.lastIndexOf(0x0a, cut - 1);
  }
  return bytes.subarray(0, cut + 1);
}

interface Upload {
  label: string;
  name: string;
  type: string;
  bytes: Buffer;
  messages: number;
}

interface Measured {
  paint: number;
  longestTask: number;
}

/** Drops the file on the card (the drop is timed in the page) and waits for the first bubble's paint. */
async function dropAndTime(page: Page, upload: Upload): Promise<Measured> {
  await page.goto('/');
  await page.getByTestId('upload-card').waitFor();
  const transfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type }));
      return dt;
    },
    { base64: upload.bytes.toString('base64'), name: upload.name, type: upload.type },
  );
  return page.evaluate(
    (dt) =>
      new Promise<Measured>((resolve, reject) => {
        let longestTask = 0;
        const tasks = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
        });
        tasks.observe({ type: 'longtask' });
        const card = document.querySelector('[data-testid="upload-card"]');
        if (!card) return reject(new Error('no upload card'));
        const timeout = setTimeout(() => reject(new Error('no message bubble within 30 s')), 30_000);
        const started = performance.now();
        const seen = new MutationObserver(() => {
          if (!document.querySelector('[data-message-index]')) return;
          seen.disconnect();
          // rAF runs just before the frame is painted; a message posted from it arrives after the paint.
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              clearTimeout(timeout);
              tasks.disconnect();
              resolve({ paint: performance.now() - started, longestTask });
            };
            channel.port2.postMessage(null);
          });
        });
        seen.observe(document.body, { childList: true, subtree: true });
        for (const type of ['dragenter', 'dragover', 'drop']) {
          card.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
        }
      }),
    transfer,
  );
}

/** Scrolls the whole chat (steady steps, then jumps) and returns the most message elements seen at once. */
async function scrollThrough(
  page: Page,
): Promise<{ maxMessages: number; maxNodes: number; lastSeen: number }> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    let maxMessages = 0;
    let maxNodes = 0;
    let lastSeen = 0;
    const sample = () => {
      const messages = document.querySelectorAll('[data-message-index]');
      maxMessages = Math.max(maxMessages, messages.length);
      maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
      for (const el of messages) lastSeen = Math.max(lastSeen, Number(el.getAttribute('data-message-index')));
    };
    for (let i = 0; i < 150; i++) {
      window.scrollBy(0, 500);
      await frame();
      sample();
    }
    for (let i = 0; i <= 100; i++) {
      const height = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, (height * i) / 100);
      await frame();
      await frame();
      sample();
    }
    return { maxMessages, maxNodes, lastSeen };
  });
}

export async function run(): Promise<Row[]> {
  ensureWebBuild({ quiet: true });
  const chat = generateChat({ messages: 40_000 });
  const zipped = Buffer.from(zipSync({ 'WhatsApp Chat with Team Berlin.txt': strToU8(chat.android) }));
  const text = fitUploadLimit(chat.android);
  const uploads: Upload[] = [
    { label: '.zip', name: 'export.zip', type: 'application/zip', bytes: zipped, messages: chat.messages },
    {
      label: '.txt',
      name: 'WhatsApp Chat with Team Berlin.txt',
      type: 'text/plain',
      bytes: text,
      messages: parseChat(text.toString('utf8')).total_msgs,
    },
  ];

  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const rows: Row[] = [
    row(
      '40,000-message Android export as .txt',
      `${(Buffer.byteLength(chat.android) / 2 ** 20).toFixed(2)} MiB`,
      '<= 4 MiB to upload as .txt',
    ),
  ];
  try {
    for (const upload of uploads) {
      const paints: number[] = [];
      const tasks: number[] = [];
      let scrolled: Awaited<ReturnType<typeof scrollThrough>> | null = null;
      for (let r = 0; r < RUNS + 1; r++) {
        const { page, errors, close } = await openPage(browser, server.baseURL, DESKTOP);
        // tsx keeps function names with a `__name` helper that the page does not have.
        await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
        try {
          const measured = await dropAndTime(page, upload);
          if (r > 0) {
            // The first run warms the server's file cache and the browser's code cache.
            paints.push(measured.paint);
            tasks.push(measured.longestTask);
          }
          if (r === RUNS) scrolled = await scrollThrough(page);
          if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
        } finally {
          await close();
        }
      }
      const what = `${upload.label}, ${upload.messages.toLocaleString('en')} messages, ${(upload.bytes.length / 2 ** 20).toFixed(2)} MiB`;
      const worst = Math.max(...paints);
      rows.push(
        row(
          `drop → first bubble painted (${what}), median of ${RUNS}`,
          ms(median(paints)),
          `<= ${PAINT_TARGET_MS} ms`,
          median(paints) <= PAINT_TARGET_MS,
        ),
      );
      rows.push(row(`drop → first bubble painted (${upload.label}), worst of ${RUNS}`, ms(worst)));
      rows.push(
        row(
          `longest main-thread task during the import (${upload.label}), worst`,
          // The browser reports only tasks of 50 ms or more.
          Math.max(...tasks) > 0 ? ms(Math.max(...tasks)) : 'none of 50 ms or more',
        ),
      );
      if (scrolled) {
        rows.push(
          row(
            `message elements in the DOM while scrolling all (${upload.label}), max`,
            `${scrolled.maxMessages} (last index seen ${scrolled.lastSeen})`,
            `<= ${DOM_TARGET}`,
            scrolled.maxMessages <= DOM_TARGET && scrolled.lastSeen === upload.messages - 1,
          ),
          row(`DOM elements in the page while scrolling (${upload.label}), max`, String(scrolled.maxNodes)),
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return rows;
}
