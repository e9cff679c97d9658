import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryVersionStore, startVersionServer, swJs } from '../../test-support/whatsapp/version-server';
import { type ClientVersionOptions, createClientVersionKeeper, fetchWaWebVersion } from './client-version';

// The version keeper against WhatsApp Web's service worker served from loopback.
const BUILT_IN: [number, number, number] = [2, 3000, 1043857760];
const STORED = {
  version: [2, 3000, 1044000000] as [number, number, number],
  fetchedAt: new Date('2026-11-20'),
};

let server: Awaited<ReturnType<typeof startVersionServer>>;
beforeAll(async () => {
  server = await startVersionServer({ body: swJs(1045340097) });
});
afterAll(() => server.close());

const keepers: { stop(): void }[] = [];
afterEach(() => {
  for (const keeper of keepers.splice(0)) keeper.stop();
});

function keeper(options: Partial<ClientVersionOptions> = {}) {
  const kept = createClientVersionKeeper({
    configured: null,
    builtIn: BUILT_IN,
    url: server.url,
    store: memoryVersionStore(),
    log: pino({ level: 'silent' }),
    timeoutMs: 300,
    ...options,
  });
  keepers.push(kept);
  return kept;
}

describe('the WhatsApp Web version', () => {
  it('reads the client revision of the service worker as 2.3000.<revision>', async () => {
    server.answer({ body: swJs(1045340097) });
    expect(await fetchWaWebVersion(server.url)).toEqual([2, 3000, 1045340097]);
  });

  it('announces and stores a fresh version, saying when it was fetched', async () => {
    server.answer({ body: swJs(1045340097) });
    const store = memoryVersionStore(STORED);
    const before = Date.now();
    const current = await keeper({ store }).current();
    expect(current).toMatchObject({ version: [2, 3000, 1045340097], source: 'fetched' });
    expect(Date.parse(current.fetchedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(store.stored?.version).toEqual([2, 3000, 1045340097]);
  });

  for (const [what, answer] of [
    ['a text without a revision', { body: 'self.__swData={}' }],
    ['an HTTP error', { status: 503, body: swJs(1046000000) }],
    ['a time-out', { body: swJs(1046000000), delayMs: 1_000 }],
    ['a version older than the stored one', { body: swJs(1043900000) }],
  ] as const) {
    it(`never stores ${what}, and keeps announcing the stored version`, async () => {
      server.answer(answer);
      const store = memoryVersionStore(STORED);
      expect(await keeper({ store }).current()).toEqual({
        version: STORED.version,
        source: 'fetched',
        fetchedAt: STORED.fetchedAt.toISOString(),
      });
      expect(store.saves).toBe(0);
      expect(store.stored).toBe(STORED);
    });
  }

  it('never stores a version older than the built-in one, and announces the built-in one', async () => {
    server.answer({ body: swJs(1040000000) });
    const store = memoryVersionStore();
    expect(await keeper({ store }).current()).toEqual({
      version: BUILT_IN,
      source: 'built_in',
      fetchedAt: null,
    });
    expect(store.saves).toBe(0);
  });

  it('announces WHATSAPP_VERSION and asks for nothing, not even after a refusal', async () => {
    const asked = server.requests();
    const pinned = keeper({ configured: [2, 3000, 1023223821], store: memoryVersionStore(STORED) });
    expect(await pinned.current()).toEqual({
      version: [2, 3000, 1023223821],
      source: 'configured',
      fetchedAt: null,
    });
    expect(await pinned.afterRefusal([2, 3000, 1023223821])).toBeNull();
    expect(server.requests()).toBe(asked);
  });

  it('fetches again every day (here: every 50 ms) and announces a newer version', async () => {
    server.answer({ body: swJs(1045340097) });
    const daily = keeper({ everyMs: 50 });
    daily.start();
    expect((await daily.current()).version).toEqual([2, 3000, 1045340097]);
    server.answer({ body: swJs(1046000000) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await daily.current()).version).toEqual([2, 3000, 1046000000]);
  });

  it('asks WhatsApp Web once for sessions refused together, and not again within a minute', async () => {
    server.answer({ body: swJs(1045340097) });
    let now = 0;
    const shared = keeper({ refusalGapMs: 60_000 });
    await shared.current();
    server.answer({ body: swJs(1046000000) });
    const asked = server.requests();
    // The start's check is less than a minute old: only the store is read again.
    expect(await shared.afterRefusal([2, 3000, 1045340097])).toBeNull();
    expect(server.requests()).toBe(asked);

    const eager = keeper({ refusalGapMs: 0 });
    await eager.current();
    now = server.requests();
    const answers = await Promise.all([1, 2, 3].map(() => eager.afterRefusal([2, 3000, 1045340097])));
    expect(answers.map((answer) => answer?.version)).toEqual(Array(3).fill([2, 3000, 1046000000]));
    expect(server.requests()).toBe(now + 1);
  });
});
