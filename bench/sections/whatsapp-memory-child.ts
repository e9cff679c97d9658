// Child process of the whatsapp-sessions section: opens N idle sessions in a fresh process and prints its
// memory before and after as one JSON line. `tsx --expose-gc whatsapp-memory-child.ts <driver> <n>`.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { initAuthCreds } from 'baileys';
import { createInProcessNotifications } from '../../apps/server/src/db/notifications';
import type { DeskEventMap } from '../../apps/server/src/modules/events/desk-events';
import { createEventBus } from '../../apps/server/src/modules/events/event-bus';
import { createWhatsAppGateway } from '../../apps/server/src/modules/sessions/gateway';
import type { MessageSink } from '../../apps/server/src/modules/sessions/message-sink';
import { createBaileysDriver } from '../../apps/server/src/whatsapp/baileys/baileys-driver';
import { createBaileysLogger } from '../../apps/server/src/whatsapp/baileys/logger';
import type { SessionAuth, WhatsAppDriver } from '../../apps/server/src/whatsapp/driver';
import { DEFAULT_TIMING } from '../../apps/server/src/whatsapp/session-runner';
import { createSimulatorDriver } from '../../apps/server/src/whatsapp/simulator/simulator-driver';

const [kind = 'simulator', countText = '1'] = process.argv.slice(2);
const count = Number(countText);

/**
 * A loopback WebSocket server that completes the upgrade and then never says a word: Baileys' sockets
 * open and wait for the server's Noise hello, the closest an offline machine gets to an idle session.
 */
async function silentWebSocketServer(): Promise<string> {
  const server = createServer();
  server.on('upgrade', (request, socket) => {
    const accept = createHash('sha1')
      .update(`${request.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/chat`;
}

// Storage is not what is measured: the gateway's writes go nowhere.
const nowhere = <T>(answers: Record<string, unknown> = {}) =>
  new Proxy({}, { get: (_target, name) => async () => answers[String(name)] }) as T;
const sink = nowhere<MessageSink>({
  ingest: { inserted: [], perGroup: new Map(), received: new Map(), oldestUnstored: new Map() },
});

function memoryAuth(linked: boolean): SessionAuth {
  const creds = initAuthCreds();
  if (linked) {
    creds.me = { id: '919800000000:7@s.whatsapp.net', name: 'bench' };
    creds.accountSyncCounter = 1; // no history sync: an idle session
  }
  const keys = new Map<string, unknown>();
  return {
    state: {
      creds,
      keys: {
        // biome-ignore lint/suspicious/noExplicitAny: values are whatever Baileys stored under the key
        get: async (type, ids): Promise<any> =>
          Object.fromEntries(
            ids.flatMap((id) => (keys.has(`${type}/${id}`) ? [[id, keys.get(`${type}/${id}`)]] : [])),
          ),
        set: async (data) => {
          for (const [type, entries] of Object.entries(data)) {
            for (const [id, value] of Object.entries(entries ?? {})) keys.set(`${type}/${id}`, value);
          }
        },
      },
    },
    saveCreds: async () => {},
    clear: async () => {},
    close: async () => {},
  };
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const timing = { ...DEFAULT_TIMING, linkTimeoutMs: 3_600_000 };
  let driver: WhatsAppDriver;
  if (kind === 'baileys') {
    driver = createBaileysDriver({
      logger: createBaileysLogger('silent'),
      waWebSocketUrl: await silentWebSocketServer(),
      connectTimeoutMs: 600_000,
      keepAliveIntervalMs: timing.keepAliveMs,
    });
  } else {
    driver = createSimulatorDriver();
  }
  const gateway = createWhatsAppGateway({
    driver,
    sink,
    saveState: async () => {},
    authStore: () => ({ read: async () => new Map(), write: async () => {}, clear: async () => {} }),
    bus: await createEventBus<DeskEventMap>({
      notifications: createInProcessNotifications(),
      instanceId: 'bench',
      onListenerError: () => {},
    }),
    timing,
    historyEvidence: { needed: 3, gapMs: 60_000 },
    // Auth from memory, not the database: linked for the simulator, unlinked for Baileys (never answered).
    loadAuth: async () => memoryAuth(kind === 'simulator'),
    log: { warn: () => {}, info: () => {} },
  });

  await settle(500);
  gc();
  const before = process.memoryUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    gateway.start({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, organisationId: 1 });
  }
  await settle(Math.max(2_000, count * 3));
  const states = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const status = gateway.state(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)?.status ?? 'none';
    states.set(status, (states.get(status) ?? 0) + 1);
  }
  gc();
  const after = process.memoryUsage();
  console.log(
    JSON.stringify({
      kind,
      count,
      openMs: performance.now() - started,
      rssBefore: before.rss,
      rssAfter: after.rss,
      heapBefore: before.heapUsed,
      heapAfter: after.heapUsed,
      states: Object.fromEntries(states),
    }),
  );
  process.exit(0);
}

await main();
