import type { PresignBatchResponse } from '@wadesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMediaLinkStore } from './media-link-store';

const TTL_S = 900;

/** A presign endpoint that signs every name except those starting with "gone/", with a version number. */
function fakeEndpoint(ttl = TTL_S) {
  let version = 0;
  const fetchLinks = vi.fn(async (names: string[]): Promise<PresignBatchResponse> => {
    version++;
    const urls: Record<string, string> = {};
    for (const name of names) if (!name.startsWith('gone/')) urls[name] = `/files/${name}?v=${version}`;
    return {
      urls,
      missing: names.filter((n) => n.startsWith('gone/')),
      expires_at: new Date(Date.now() + ttl * 1000).toISOString(),
      expires_in: ttl,
    };
  });
  return fetchLinks;
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2024-05-01T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('createMediaLinkStore', () => {
  it('asks for everything shown at once in one batch, after a short quiet time', async () => {
    const fetchLinks = fakeEndpoint();
    const store = createMediaLinkStore({ fetchLinks, debounceMs: 80 });
    const listener = vi.fn();
    store.subscribe(listener);
    for (const name of ['u1/a/1.png', 'u1/a/2.png', 'gone/x.png']) store.want(name);
    expect(store.get('u1/a/1.png')).toEqual({ status: 'loading' });
    await vi.advanceTimersByTimeAsync(79);
    expect(fetchLinks).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLinks).toHaveBeenCalledTimes(1);
    expect(fetchLinks).toHaveBeenCalledWith(['u1/a/1.png', 'u1/a/2.png', 'gone/x.png']);
    expect(store.get('u1/a/2.png')).toEqual({ status: 'ready', url: '/files/u1/a/2.png?v=1' });
    expect(store.get('gone/x.png')).toEqual({ status: 'missing' });
    expect(listener).toHaveBeenCalled();
  });

  it('merges what appears while scrolling, skips what scrolled past, and caches by object name', async () => {
    const fetchLinks = fakeEndpoint();
    const store = createMediaLinkStore({ fetchLinks, debounceMs: 80, maxWaitMs: 400 });
    // A new attachment every 50 ms keeps the batch waiting, up to maxWait.
    const releases = [];
    for (let i = 0; i < 10; i++) {
      releases.push(store.want(`u1/a/${i}.png`));
      await vi.advanceTimersByTimeAsync(50);
    }
    releases[0]?.(); // scrolled out of view before its link was asked for
    expect(fetchLinks).toHaveBeenCalledTimes(1);
    expect(fetchLinks.mock.calls[0]?.[0]).toHaveLength(8); // 0…7 were queued within 400 ms
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchLinks).toHaveBeenCalledTimes(2);
    expect(fetchLinks.mock.calls[1]?.[0]).toEqual(['u1/a/8.png', 'u1/a/9.png']);

    // Shown again: the cached link is used, nothing is asked.
    store.want('u1/a/3.png');
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchLinks).toHaveBeenCalledTimes(2);
    expect(store.get('u1/a/3.png')).toEqual({ status: 'ready', url: '/files/u1/a/3.png?v=1' });
  });

  it('splits more than the batch maximum into several calls', async () => {
    const fetchLinks = fakeEndpoint();
    const store = createMediaLinkStore({ fetchLinks, batchMax: 3 });
    for (let i = 0; i < 7; i++) store.want(`u1/a/${i}.png`);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchLinks.mock.calls.map(([names]) => names.length)).toEqual([3, 3, 1]);
  });

  it('renews the links in view a minute before they expire, in one call, by its own clock', async () => {
    const fetchLinks = fakeEndpoint();
    const store = createMediaLinkStore({ fetchLinks, debounceMs: 10, renewBeforeMs: 60_000 });
    store.want('u1/a/1.png');
    store.want('u1/a/2.png');
    const gone = store.want('u1/a/3.png');
    await vi.advanceTimersByTimeAsync(10);
    gone(); // no longer in view: not renewed
    expect(fetchLinks).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync((TTL_S - 60) * 1000 - 20);
    expect(fetchLinks).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(fetchLinks).toHaveBeenCalledTimes(2);
    expect(fetchLinks.mock.calls[1]?.[0]).toEqual(['u1/a/1.png', 'u1/a/2.png']);
    expect(store.get('u1/a/1.png')).toEqual({ status: 'ready', url: '/files/u1/a/1.png?v=2' });

    // And again, one life later.
    await vi.advanceTimersByTimeAsync((TTL_S - 60) * 1000);
    expect(fetchLinks).toHaveBeenCalledTimes(3);

    // The one that left view gets a fresh link when it comes back after its renewal time.
    store.want('u1/a/3.png');
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchLinks.mock.calls[3]?.[0]).toEqual(['u1/a/3.png']);
  });

  it('renews short-lived links halfway through their life rather than in a loop', async () => {
    const fetchLinks = fakeEndpoint(60);
    const store = createMediaLinkStore({ fetchLinks, debounceMs: 0 });
    store.want('u1/a/1.png');
    await settle();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fetchLinks).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchLinks).toHaveBeenCalledTimes(2);
  });

  it('renews a link whose element failed to load it, once; a fresh link that fails is the file’s fault', async () => {
    const fetchLinks = fakeEndpoint();
    const store = createMediaLinkStore({ fetchLinks, debounceMs: 0, minAgeForErrorRenewalMs: 5_000 });
    store.want('u1/a/1.png');
    await settle();
    await vi.advanceTimersByTimeAsync(120_000); // e.g. the laptop slept and the link was revoked
    store.reportError('u1/a/1.png', '/files/u1/a/1.png?v=99'); // an old URL: ignored
    expect(fetchLinks).toHaveBeenCalledTimes(1);
    store.reportError('u1/a/1.png', '/files/u1/a/1.png?v=1');
    expect(store.get('u1/a/1.png')).toEqual({ status: 'ready', url: '/files/u1/a/1.png?v=1' });
    store.reportError('u1/a/1.png', '/files/u1/a/1.png?v=1'); // the same element again: one renewal
    await settle();
    expect(fetchLinks).toHaveBeenCalledTimes(2);
    expect(store.get('u1/a/1.png')).toEqual({ status: 'ready', url: '/files/u1/a/1.png?v=2' });

    store.reportError('u1/a/1.png', '/files/u1/a/1.png?v=2');
    await settle();
    expect(fetchLinks).toHaveBeenCalledTimes(2);
    expect(store.get('u1/a/1.png')).toEqual({ status: 'failed' });
  });

  it('retries a failed call, then shows the attachments as failed', async () => {
    const fetchLinks = vi.fn(async (): Promise<PresignBatchResponse> => {
      throw new Error('offline');
    });
    const store = createMediaLinkStore({ fetchLinks, debounceMs: 0, retryDelaysMs: [1_000, 2_000] });
    store.want('u1/a/1.png');
    await settle();
    expect(store.get('u1/a/1.png')).toEqual({ status: 'loading' });
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(1); // the retry's batch goes out on the next turn
    expect(fetchLinks).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_001);
    expect(fetchLinks).toHaveBeenCalledTimes(3);
    expect(store.get('u1/a/1.png')).toEqual({ status: 'failed' });
  });

  it('does not ask for a name twice while its call is in flight', async () => {
    let answer: (value: PresignBatchResponse) => void = () => {};
    const fetchLinks = vi.fn(() => new Promise<PresignBatchResponse>((resolve) => (answer = resolve)));
    const store = createMediaLinkStore({ fetchLinks, debounceMs: 0 });
    store.want('u1/a/1.png');
    await settle();
    store.want('u1/a/1.png');
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchLinks).toHaveBeenCalledTimes(1);
    answer({ urls: { 'u1/a/1.png': '/files/1' }, missing: [], expires_at: '', expires_in: TTL_S });
    await settle();
    expect(store.get('u1/a/1.png')).toEqual({ status: 'ready', url: '/files/1' });
  });
});
