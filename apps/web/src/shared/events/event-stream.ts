import { type ServerEvent, serverEvent } from '@wadesk/contract';

export type ServerEventListener = (event: ServerEvent) => void;

/** The little of EventSource the stream uses, so tests can hand in a fake. */
export interface EventSourceLike {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface EventStreamDeps {
  /** POST /events/stream-token/ with the bearer token: a single-use stream token for one stream. */
  fetchStreamToken(): Promise<string>;
  open(streamToken: string): EventSourceLike;
  /** No access token means signed out: stop instead of retrying. */
  signedIn(): boolean;
}

/** Waits before reconnect attempt n (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
}

/** After the last subscriber leaves, wait this long before closing: a route change re-subscribes at once. */
export const LINGER_MS = 1000;

/**
 * One shared server-sent event stream for the whole tab. The first subscriber opens it, the last one
 * closes it. A failed stream is closed (its stream token is spent) and reopened with a fresh one after a
 * growing delay; the `ready` event that starts every stream resets the delay and tells subscribers to
 * refetch, because events missed while disconnected are not replayed.
 */
export function createEventStream(deps: EventStreamDeps) {
  const listeners = new Set<ServerEventListener>();
  let source: EventSourceLike | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connecting = false;
  let lingerTimer: ReturnType<typeof setTimeout> | undefined;
  // Bumped on every close so that a stream token arriving after it is thrown away.
  let generation = 0;

  const emit = (event: ServerEvent) => {
    for (const listener of [...listeners]) listener(event);
  };

  const scheduleRetry = () => {
    if (listeners.size === 0 || !deps.signedIn()) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, backoffDelay(attempt));
    attempt += 1;
  };

  const onMessage = (message: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    // Unknown event types are newer than this client: ignore them.
    const parsed = serverEvent.safeParse(data);
    if (!parsed.success) return;
    if (parsed.data.type === 'ready') attempt = 0;
    emit(parsed.data);
  };

  async function connect() {
    if (source || connecting || listeners.size === 0 || !deps.signedIn()) return;
    const mine = ++generation;
    connecting = true;
    let streamToken: string;
    try {
      streamToken = await deps.fetchStreamToken();
    } catch {
      if (mine === generation) {
        connecting = false;
        scheduleRetry();
      }
      return;
    }
    if (mine !== generation) return;
    connecting = false;
    if (listeners.size === 0) return;
    let opened: EventSourceLike;
    try {
      opened = deps.open(streamToken);
    } catch {
      scheduleRetry();
      return;
    }
    source = opened;
    opened.onmessage = onMessage;
    opened.onerror = () => {
      if (source !== opened) return;
      opened.close();
      source = null;
      scheduleRetry();
    };
  }

  const close = () => {
    generation += 1;
    connecting = false;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    source?.close();
    source = null;
    attempt = 0;
  };

  return {
    subscribe(listener: ServerEventListener): () => void {
      listeners.add(listener);
      clearTimeout(lingerTimer);
      if (retryTimer === undefined) void connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearTimeout(lingerTimer);
        lingerTimer = setTimeout(() => {
          if (listeners.size === 0) close();
        }, LINGER_MS);
      };
    },
    /** Closes at once (logout). */
    close,
  };
}

export type EventStream = ReturnType<typeof createEventStream>;
