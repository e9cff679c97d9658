import type { EnginePort } from './chat-engine';
import { createEngineCore, type EngineDeps } from './engine-core';
import type { EngineResponse } from './engine-protocol';

/**
 * The engine without a worker: requests and responses still pass asynchronously and in order. Used by
 * tests (jsdom has no Worker) to drive the real engine code end to end.
 */
export function createInProcessPort(deps: EngineDeps): EnginePort {
  const port: EnginePort = {
    postMessage: (request) => void core.handle(request),
    onmessage: null,
    onerror: null,
    terminate: () => {},
  };
  const core = createEngineCore(deps, (response: EngineResponse) =>
    queueMicrotask(() => port.onmessage?.(new MessageEvent('message', { data: response }))),
  );
  return port;
}
