/// <reference lib="webworker" />
import { createChatPersistence } from './chat-persistence';
import { createEngineCore } from './engine-core';
import type { EngineRequest } from './engine-protocol';
import { exportDeps } from './export-deps';
import { warmUpParser } from './warm-up';

// The chat engine's thread: zip reading, decoding, parsing, IndexedDB and the search index all live here.
declare const self: DedicatedWorkerGlobalScope;

const core = createEngineCore(exportDeps(createChatPersistence(self.indexedDB)), (response) =>
  self.postMessage(response),
);
self.onmessage = (event: MessageEvent<EngineRequest>) => void core.handle(event.data);
warmUpParser();
