import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarness, linkedStore } from '../../test-support/whatsapp/harness';
import { groupMetadata } from '../../test-support/whatsapp/scripted-whatsapp';
import { VERSION_REFUSED } from './close-reason';

// Connection stories through the real runner and the real Baileys driver over a scripted socket
// (test-support/whatsapp/scripted-whatsapp.ts): what the driver reports, what the runner does, and the status the
// Sessions screen shows.
const PHONE = { pn: '4917012345678@s.whatsapp.net', lid: '12345678901234@lid' };
const script = () => ({ groups: [groupMetadata('120363000000000001@g.us', 'Support', [])] });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  vi.restoreAllMocks();
});

function harness(...args: Parameters<typeof createHarness>) {
  const h = createHarness(...args);
  stops.push(() => h.runner.stop('end'));
  return h;
}

describe('session runner over the Baileys driver', () => {
  it('links: QR, scan, the 515 restart at once with the new creds, then connected', async () => {
    const h = harness(script());
    h.runner.start();
    const first = await h.wa.socket(1);
    first.qr();
    const qr = await h.until(() => h.runner.state().qr);
    expect(qr).toBe('ref-1,noise,identity,adv');
    expect(h.status()).toBe('qr');

    const scanned = Date.now();
    first.scan(PHONE);
    const second = await h.wa.socket(2);
    expect(Date.now() - scanned).toBeLessThan(FIRST_RESTART_BOUND_MS);
    expect(h.states.map((s) => s.status)).toContain('reconnecting');
    // The same creds object, with the account the scan gave, reaches the new socket.
    expect(second.config.auth.creds.me?.id).toBe('4917012345678:3@s.whatsapp.net');
    second.open();
    await h.until(() => h.status() === 'connected');
    expect(h.runner.state()).toMatchObject({
      status: 'connected',
      reason: null,
      qr: null,
      running: true,
      account: { jid: PHONE.pn, lid: PHONE.lid, phone: '4917012345678' },
    });
    expect(h.auths).toHaveLength(1);
  });

  it('stops as logged out on 401', async () => {
    const h = harness(script(), { store: await linkedStore() });
    h.runner.start();
    const socket = await h.wa.socket(1);
    socket.open();
    await h.until(() => h.status() === 'connected');
    await socket.fail(401);
    await h.until(() => !h.runner.state().running);
    expect(h.runner.state()).toMatchObject({
      status: 'logged_out',
      reason: 'The device was logged out from the phone.',
      running: false,
    });
    await pause(30);
    expect(h.wa.sockets).toHaveLength(1);
  });

  it('stops on 440 (replaced) without fighting the other client', async () => {
    const h = harness(script(), { store: await linkedStore() });
    h.runner.start();
    const socket = await h.wa.socket(1);
    socket.open();
    await h.until(() => h.status() === 'connected');
    await socket.fail(440, 'Stream Errored (conflict)');
    await h.until(() => !h.runner.state().running);
    expect(h.runner.state()).toMatchObject({
      status: 'replaced',
      reason: 'Another client opened this session (connection replaced).',
    });
    await pause(30);
    expect(h.wa.sockets).toHaveLength(1);
  });

  it('announces WHATSAPP_VERSION, and stops for good when WhatsApp refuses the version (405)', async () => {
    const h = harness(script(), {
      store: await linkedStore(),
      baileys: { version: [2, 3000, 1023223821] },
    });
    h.runner.start();
    const socket = await h.wa.socket(1);
    expect(socket.config.version).toEqual([2, 3000, 1023223821]);
    await socket.fail(405);
    await h.until(() => !h.runner.state().running);
    expect(h.runner.state()).toMatchObject({ status: 'version_refused', reason: VERSION_REFUSED });
    await pause(30);
    expect(h.wa.sockets).toHaveLength(1);
  });

  it('stops for good when WhatsApp refuses the device (411)', async () => {
    const h = harness(script(), { store: await linkedStore() });
    h.runner.start();
    await (await h.wa.socket(1)).fail(411);
    await h.until(() => !h.runner.state().running);
    expect(h.runner.state()).toMatchObject({
      status: 'refused',
      reason: 'WhatsApp refused this device (411, multi-device mismatch). Link it again.',
      running: false,
    });
    await pause(30);
    expect(h.wa.sockets).toHaveLength(1);
  });

  it('answers repeated 515s with backoff, and gives up after the limit when never linked', async () => {
    const h = harness(script(), { timing: { backoffBaseMs: 100, backoffMaxMs: 150, restartLimit: 3 } });
    h.runner.start();
    const at: number[] = [];
    for (let n = 1; n <= 4; n++) {
      const socket = await h.wa.socket(n);
      at.push(Date.now());
      await socket.fail(515, 'Stream Errored (restart required)');
    }
    // The first 515 reconnects at once, the next ones wait (backoff: at least 0.8 × 100 ms).
    expect((at[1] as number) - (at[0] as number)).toBeLessThan(FIRST_RESTART_BOUND_MS);
    expect((at[2] as number) - (at[1] as number)).toBeGreaterThanOrEqual(80);
    expect((at[3] as number) - (at[2] as number)).toBeGreaterThanOrEqual(80);
    // The fourth in a row is a failure: a session that never linked stops.
    await h.until(() => !h.runner.state().running);
    expect(h.runner.state()).toMatchObject({
      status: 'unreachable',
      reason: 'WhatsApp asked to restart the connection 4 times in a row without opening it.',
    });
    await pause(30);
    expect(h.wa.sockets).toHaveLength(4);
  });

  it('ends a silent connection (watchdog) and reconnects', async () => {
    const h = harness(script(), {
      store: await linkedStore(),
      timing: { keepAliveMs: 20, watchdogFactor: 3 },
    });
    h.runner.start();
    const first = await h.wa.socket(1);
    first.open();
    await h.until(() => h.status() === 'connected');
    // Frames keep it alive…
    for (let i = 0; i < 5; i++) {
      await pause(20);
      first.frame();
    }
    expect(h.wa.sockets).toHaveLength(1);
    // …silence does not.
    const second = await h.wa.socket(2);
    expect(first.closed).toBe(true);
    expect(h.states.find((s) => s.status === 'reconnecting')?.reason).toMatch(
      /^No answer from WhatsApp for \d+ s$/,
    );
    second.open();
    await h.until(() => h.status() === 'connected');
  });

  it('loads the auth once per run, reuses its key cache across reconnects, and closes it at the end', async () => {
    const active = new Set<unknown>();
    const setInterval = globalThis.setInterval;
    const clearInterval = globalThis.clearInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((...args: Parameters<typeof setInterval>) => {
      const timer = setInterval(...args);
      active.add(timer);
      return timer;
    }) as typeof setInterval);
    const clearTimeout = globalThis.clearTimeout;
    vi.spyOn(globalThis, 'clearInterval').mockImplementation((timer) => {
      active.delete(timer);
      clearInterval(timer);
    });
    // The runner clears its watchdog interval with clearTimeout, which Node accepts for both.
    vi.spyOn(globalThis, 'clearTimeout').mockImplementation((timer) => {
      active.delete(timer);
      clearTimeout(timer);
    });

    const h = harness(script(), { store: await linkedStore() });
    h.runner.start();
    for (let n = 1; n <= 4; n++) {
      const socket = await h.wa.socket(n);
      socket.open();
      await h.until(() => h.status() === 'connected');
      if (n < 4) await socket.fail(503);
    }
    expect(h.auths).toHaveLength(1);
    const keys = new Set(h.wa.sockets.map((s) => s.config.auth.keys));
    expect(keys.size).toBe(1);
    await h.runner.stop('end');
    expect(h.auths[0]?.closed).toBe(true);
    // No interval outlives the run (Baileys' NodeCache starts one per cache it creates).
    expect(active.size).toBe(0);
  });

  it('links by phone number: one pairing code per connection, no QR shown', async () => {
    const h = harness({ ...script(), pairingCode: 'WDSK2024' });
    h.runner.start({ pairingPhone: '4917012345678' });
    const socket = await h.wa.socket(1);
    socket.qr('ref-1');
    await h.until(() => h.runner.state().pairingCode);
    expect(h.runner.state()).toMatchObject({ status: 'qr', pairingCode: 'WDSK2024', qr: null });
    socket.qr('ref-2');
    await pause(20);
    expect(socket.calls.requestPairingCode).toEqual(['4917012345678']);
    expect(h.runner.state()).toMatchObject({ pairingCode: 'WDSK2024', qr: null });
    expect(h.states.some((s) => s.qr)).toBe(false);
  });

  it('links by pairing code as a Chrome browser the phone accepts, and reconnects as the same one', async () => {
    const h = harness({ ...script(), pairingCode: 'WDSK2024' });
    h.runner.start({ pairingPhone: '4917012345678' });
    const first = await h.wa.socket(1);
    first.qr('ref-1');
    await h.until(() => h.runner.state().pairingCode);
    // Socket/socket.js:635-642: what the code request tells WhatsApp the companion is.
    expect(first.calls.companionPlatform).toEqual([{ id: '1', display: 'Chrome (Mac OS)' }]);
    expect(await first.enterCode(PHONE)).toBe(true);
    // The restart after pairing, and every later reconnect, announce the platform the device linked as.
    const second = await h.wa.socket(2);
    expect(second.config.browser).toEqual(['Mac OS', 'Chrome', '14.4.1']);
    second.open();
    await h.until(() => h.status() === 'connected');
    expect(h.kept.platform).toBe('chrome');
    await second.fail(503);
    expect((await h.wa.socket(3)).config.browser?.[1]).toBe('Chrome');
    expect(h.runner.state().client?.platform).toBe('chrome');
  });

  it('a session linked by pairing code announces Chrome again after a restart; QR links stay desktops', async () => {
    const restarted = harness(script(), { store: await linkedStore(), platform: 'chrome' });
    restarted.runner.start();
    expect((await restarted.wa.socket(1)).config.browser).toEqual(['Mac OS', 'Chrome', '14.4.1']);

    const before = harness(script(), { store: await linkedStore() });
    before.runner.start();
    expect((await before.wa.socket(1)).config.browser).toEqual(['Mac OS', 'Desktop', '14.4.1']);

    const byQr = harness(script());
    byQr.runner.start();
    const socket = await byQr.wa.socket(1);
    expect(socket.config.browser).toEqual(['Mac OS', 'Desktop', '14.4.1']);
    socket.qr();
    await byQr.until(() => byQr.runner.state().qr);
    socket.scan(PHONE);
    expect((await byQr.wa.socket(2)).config.browser?.[1]).toBe('Desktop');
    expect(byQr.kept.platform).toBe('desktop');
  });

  it('forgets a pairing code nobody entered, so the next attempt links again instead of logging in', async () => {
    const h = harness({ ...script(), pairingCode: 'WDSK2024' });
    h.runner.start({ pairingPhone: '4917012345678' });
    const first = await h.wa.socket(1);
    first.qr('ref-1');
    await h.until(() => h.runner.state().pairingCode);
    // WhatsApp ends linking: nobody typed the code in time.
    await first.fail(408, 'QR refs attempts ended');
    await h.until(() => h.runner.state().status === 'qr_expired');
    expect(h.runner.state().reason).toBe('The pairing code was not entered in time.');

    // The user asks for a QR code instead: the new socket registers (a QR), it does not log in (401).
    h.runner.start();
    const second = await h.wa.socket(2);
    expect(second.config.auth?.creds.me).toBeUndefined();
    second.qr('ref-2');
    await h.until(() => h.runner.state().qr);
    expect(h.runner.state()).toMatchObject({ status: 'qr', qr: expect.stringContaining('ref-2') });
  });
});

/** "At once" on a loaded 2-core CI machine. */
const FIRST_RESTART_BOUND_MS = 60;
