import type { Page, Request } from 'playwright-core';
import { chatZip } from '../fixtures/chat-fixtures';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The fixture chat as WhatsApp exports it with its media: a zip named after the other person. */
export const CHAT_ZIP: UploadFile = {
  name: 'WhatsApp Chat with Priya Raman.zip',
  mimeType: 'application/zip',
  buffer: chatZip(),
};

/** Picks files with the upload card's file input, as the file dialog does. */
export async function pickFiles(page: Page, files: UploadFile[]): Promise<void> {
  await page.setInputFiles('[data-testid=upload-input]', files);
}

/** Drops files on the upload card with a real DataTransfer, as a drag from the desktop does. */
export async function dropFiles(page: Page, files: UploadFile[]): Promise<void> {
  const payload = files.map((file) => ({
    name: file.name,
    type: file.mimeType,
    base64: file.buffer.toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return transfer;
  }, payload);
  const card = page.getByTestId('upload-card');
  await card.dispatchEvent('dragenter', { dataTransfer });
  await card.dispatchEvent('dragover', { dataTransfer });
  await card.dispatchEvent('drop', { dataTransfer });
}

/** The message element at a position in the chat (only present while rendered by the virtual list). */
export const messageAt = (page: Page, index: number) => page.locator(`[data-message-index="${index}"]`);

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** Records every request the page makes (workers included), with headers and body. */
export function recordRequests(page: Page): RecordedRequest[] {
  const recorded: RecordedRequest[] = [];
  const record = (request: Request) => {
    let body = '';
    try {
      body = request.postDataBuffer()?.toString('latin1') ?? '';
    } catch {
      body = '<unreadable>';
    }
    recorded.push({ url: request.url(), method: request.method(), headers: request.headers(), body });
  };
  page.context().on('request', record);
  return recorded;
}

export function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'blob:' || protocol === 'data:') return true;
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Rows of the IndexedDB store that keeps the loaded chat, read in the page. */
export function keptChatCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('wadesk-chat');
        open.onerror = () => reject(open.error);
        // Closed at once: a connection left open blocks the app's own delete or upgrade of the database
        // (it waits for every connection to close), and a poll would then wait for itself.
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('chat')) {
            db.close();
            return resolve(0);
          }
          const count = db.transaction('chat').objectStore('chat').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => {
            db.close();
            reject(count.error);
          };
        };
      }),
  );
}
