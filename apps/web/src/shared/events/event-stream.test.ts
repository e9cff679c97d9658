import type { ServerEvent } from '@wadesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, createEventStream, type EventSourceLike, LINGER_MS } from './event-stream';

class FakeSource implements EventSourceLike {
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly streamToken: string) {}
  close() {
    this.closed = true;
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

function setup(options: { tokenFails?: number } = {}) {
  const sources: FakeSource[] = [];
  let tokenNo = 0;
  let failures = options.tokenFails ?? 0;
  let signedIn = true;
  const fetchStreamToken = vi.fn(async () => {
    if (failures > 0) {
      failures -= 1;
      throw new Error('offline');
    }
    tokenNo += 1;
    return `t${tokenNo}`;
  });
  const stream = createEventStream({
    fetchStreamToken,
    open: (streamToken) => {
      const source = new FakeSource(streamToken);
      sources.push(source);
      return source;
    },
    signedIn: () => signedIn,
  });
  return {
    stream,
    sources,
    fetchStreamToken,
    signOut: () => {
      signedIn = false;
    },
  };
}

const statusEvent = {
  type: 'session.status',
  session_id: 's1',
  status: 'connected',
  reason: null,
  phone: '4917012345678',
  isActive: true,
} as const;

describe('event stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens one stream with a stream token for all subscribers and hands them parsed events', async () => {
    const { stream, sources, fetchStreamToken } = setup();
    const a: ServerEvent[] = [];
    const b: ServerEvent[] = [];
    stream.subscribe((event) => a.push(event));
    stream.subscribe((event) => b.push(event));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStreamToken).toHaveBeenCalledTimes(1);
    expect(sources).toHaveLength(1);
    expect(sources[0]?.streamToken).toBe('t1');

    sources[0]?.send({ type: 'ready' });
    sources[0]?.send(statusEvent);
    sources[0]?.send({ type: 'something.new', x: 1 }); // unknown: ignored
    sources[0]?.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(a).toEqual([{ type: 'ready' }, statusEvent]);
    expect(b).toEqual(a);
  });

  it('reconnects after an error with a fresh stream token and a growing delay, reset by ready', async () => {
    const { stream, sources, fetchStreamToken } = setup();
    stream.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    sources[0]?.fail();
    expect(sources[0]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
    expect(sources[1]?.streamToken).toBe('t2');

    sources[1]?.fail();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(3);

    sources[2]?.send({ type: 'ready' });
    sources[2]?.fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(4);
    expect(fetchStreamToken).toHaveBeenCalledTimes(4);
  });

  it('retries a failed stream-token request with backoff', async () => {
    const { stream, sources, fetchStreamToken } = setup({ tokenFails: 2 });
    stream.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchStreamToken).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sources).toHaveLength(1);
  });

  it('does not retry once signed out', async () => {
    const { stream, sources, signOut } = setup();
    stream.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    signOut();
    sources[0]?.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(1);
  });

  it('closes shortly after the last subscriber leaves, and stays open across a quick re-subscribe', async () => {
    const { stream, sources } = setup();
    const leaveA = stream.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    leaveA();
    const leaveB = stream.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(LINGER_MS * 2);
    expect(sources).toHaveLength(1);
    expect(sources[0]?.closed).toBe(false);
    leaveB();
    await vi.advanceTimersByTimeAsync(LINGER_MS);
    expect(sources[0]?.closed).toBe(true);
  });

  it('close() stops the stream and a pending reconnect', async () => {
    const { stream, sources } = setup();
    stream.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    sources[0]?.fail();
    stream.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(1);
  });

  it('caps the backoff at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});
