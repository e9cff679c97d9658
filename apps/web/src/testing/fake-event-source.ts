import { vi } from 'vitest';

/** A stand-in for EventSource (jsdom has none): tests push server events with `emit`. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  close() {
    this.closed = true;
  }

  emit(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }

  /** The stream the app has open now. */
  static current(): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((source) => !source.closed).at(-1);
  }
}

export function stubEventSource() {
  vi.stubGlobal('EventSource', FakeEventSource);
}
