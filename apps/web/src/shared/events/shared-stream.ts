import type { EventStream } from './event-stream';

// The tab's one event stream, in a module of its own: signing out closes it without loading the event
// schemas (and the phone number tables behind them) into the landing page's JavaScript.
let shared: EventStream | null = null;

/** The tab's stream, made by `create` the first time it is needed. */
export function sharedStream(create: () => EventStream): EventStream {
  shared ??= create();
  return shared;
}

/** Closes the tab's event stream at once (e.g. on logout); the next subscriber opens a new one. */
export function closeEventStream(): void {
  shared?.close();
}
