import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, linkedStore } from '../../test-support/whatsapp/harness';
import { groupMetadata } from '../../test-support/whatsapp/scripted-whatsapp';
import { memoryVersionStore, startVersionServer, swJs } from '../../test-support/whatsapp/version-server';
import { createClientVersionKeeper } from './client-version';
import { USER_AGENT_REFUSED, VERSION_REFUSED } from './close-reason';

// WhatsApp's `failure` stanzas at login, as rc14 hands them over (Socket/socket.js:798-801: the socket ends
// with Boom('Connection Failure', { statusCode: +reason, data: <the stanza's attributes> })), through the
// real runner and driver over the scripted socket. What each code means follows whatsmeow's types/events.
const script = () => ({ groups: [groupMetadata('120363000000000001@g.us', 'Support', [])] });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BUILT_IN: [number, number, number] = [2, 3000, 1043857760];

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function linked(options: Parameters<typeof createHarness>[1] = {}) {
  const h = createHarness(script(), { store: await linkedStore(), ...options });
  stops.push(() => h.runner.stop('end'));
  h.runner.start();
  return h;
}

describe('connect failures', () => {
  it('402: stops until the temporary ban ends, saying when in words, instead of logging in again', async () => {
    const h = await linked();
    const before = Date.now();
    await (await h.wa.socket(1)).failure({ reason: '402', code: '101', expire: '3600' });
    await h.until(() => !h.runner.state().running);
    const state = h.runner.state();
    expect(state.status).toBe('temporarily_banned');
    expect(state.reason).toMatch(
      /^WhatsApp has banned this phone number for a while \(402\): it sent too many messages to people who do not have it in their contacts\. The session reconnects by itself when the ban ends, on \d{1,2} \w{3} \d{4} at \d\d:\d\d UTC\.$/,
    );
    const resumesAt = Date.parse(state.resumesAt ?? '');
    expect(resumesAt - before).toBeGreaterThanOrEqual(3_600_000);
    expect(resumesAt - Date.now()).toBeLessThanOrEqual(3_600_000);
    await pause(60); // backoff in FAST_TIMING is at most 20 ms: a retry would have come
    expect(h.wa.sockets).toHaveLength(1);
  });

  it('403: the phone logged out, so the creds are useless and the session is logged out', async () => {
    const h = await linked();
    await (await h.wa.socket(1)).failure({ reason: '403' });
    await h.until(() => !h.runner.state().running);
    expect(h.runner.state()).toMatchObject({
      status: 'logged_out',
      reason:
        "WhatsApp logged this device out because the phone's own WhatsApp was logged out or moved to another phone (403). Link the session again.",
    });
    await pause(60);
    expect(h.wa.sockets).toHaveLength(1);
  });

  it('406: says the number is banned, not to link again, and does not log in again', async () => {
    const h = await linked();
    await (await h.wa.socket(1)).failure({ reason: '406' });
    await h.until(() => !h.runner.state().running);
    const state = h.runner.state();
    expect(state.status).toBe('banned');
    expect(state.reason).toContain('banned this phone number (406)');
    expect(state.reason).toContain('Linking it again will not help');
    await pause(60);
    expect(h.wa.sockets).toHaveLength(1);
  });
});

describe('refused versions', () => {
  let versions: Awaited<ReturnType<typeof startVersionServer>>;
  beforeAll(async () => {
    versions = await startVersionServer({ body: swJs(BUILT_IN[2]) });
  });
  afterAll(() => versions.close());

  function keeper() {
    const kept = createClientVersionKeeper({
      configured: null,
      builtIn: BUILT_IN,
      url: versions.url,
      store: memoryVersionStore(),
      log: pino({ level: 'silent' }),
      refusalGapMs: 0,
      timeoutMs: 500,
    });
    stops.push(async () => kept.stop());
    return kept;
  }

  for (const [code, reason] of [
    ['405', VERSION_REFUSED],
    ['409', USER_AGENT_REFUSED],
  ] as const) {
    it(`${code}: asks WhatsApp Web for its current version once, and reconnects at once with a newer one`, async () => {
      versions.answer({ body: swJs(BUILT_IN[2]) });
      const h = await linked({ versions: keeper() });
      const first = await h.wa.socket(1);
      expect(first.config.version).toEqual(BUILT_IN);
      // WhatsApp moved on since the start: the refused socket's version is no longer the current one.
      versions.answer({ body: swJs(1045340097) });
      const asked = versions.requests();
      await first.failure({ reason: code });
      const second = await h.wa.socket(2);
      expect(versions.requests()).toBe(asked + 1);
      expect(second.config.version).toEqual([2, 3000, 1045340097]);
      second.open();
      await h.until(() => h.status() === 'connected');
      expect(h.runner.state().client?.version).toMatchObject({
        version: [2, 3000, 1045340097],
        source: 'fetched',
      });
      expect(h.states.map((s) => s.reason)).toContain(
        `${reason} (asking WhatsApp Web for its current version)`,
      );
    });

    it(`${code}: stops as a refused version when WhatsApp Web names no newer one`, async () => {
      versions.answer({ body: swJs(BUILT_IN[2]) });
      const h = await linked({ versions: keeper() });
      await (await h.wa.socket(1)).failure({ reason: code });
      await h.until(() => !h.runner.state().running);
      expect(h.runner.state()).toMatchObject({ status: 'version_refused', reason });
      await pause(60);
      expect(h.wa.sockets).toHaveLength(1);
    });
  }

  it('asks only once: a newer version refused too stops the session', async () => {
    versions.answer({ body: swJs(BUILT_IN[2]) });
    const h = await linked({ versions: keeper() });
    versions.answer({ body: swJs(1045340097) });
    await (await h.wa.socket(1)).failure({ reason: '405' });
    versions.answer({ body: swJs(1046000000) });
    await (await h.wa.socket(2)).failure({ reason: '405' });
    await h.until(() => !h.runner.state().running);
    expect(h.runner.state()).toMatchObject({ status: 'version_refused', reason: VERSION_REFUSED });
    await pause(60);
    expect(h.wa.sockets).toHaveLength(2);
  });
});
