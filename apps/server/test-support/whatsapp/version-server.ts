// WhatsApp Web's service worker on loopback (WHATSAPP_VERSION_URL in tests): what the version keeper
// (src/whatsapp/client-version.ts) fetches at start, daily and after a refused version.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StoredVersion, VersionStore } from '../../src/whatsapp/client-version';

export interface VersionAnswer {
  status?: number;
  body?: string;
  /** Answer only after this long (a time-out). */
  delayMs?: number;
}

/** sw.js names the revision inside an escaped JSON string, as web.whatsapp.com/sw.js does. */
export const swJs = (revision: number) =>
  `self.__swData=JSON.parse("{\\"dynamic_data\\":{\\"SiteData\\":{\\"client_revision\\":${revision},\\"server_revision\\":${revision}}}}");importScripts("/x.js");`;

export async function startVersionServer(first: VersionAnswer) {
  let answer = first;
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    const { status = 200, body = '', delayMs = 0 } = answer;
    const timer = setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/javascript' });
      response.end(body);
    }, delayMs);
    response.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sw.js`,
    /** What the next requests are answered. */
    answer(next: VersionAnswer) {
      answer = next;
    },
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The database's wa_client_version in memory: keeps a version only when it is at least as new. */
export function memoryVersionStore(initial: StoredVersion | null = null) {
  const store: VersionStore & { stored: StoredVersion | null; saves: number } = {
    stored: initial,
    saves: 0,
    async load() {
      return store.stored;
    },
    async save(version) {
      store.saves += 1;
      const kept = store.stored?.version;
      if (!kept || newerOrSame(version, kept)) store.stored = { version, fetchedAt: new Date() };
      return store.stored as StoredVersion;
    },
  };
  return store;
}

function newerOrSame(a: number[], b: number[]): boolean {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}
