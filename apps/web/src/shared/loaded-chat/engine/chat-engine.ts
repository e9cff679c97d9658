import type { AnalyseOptions, ChatAnalysis, ChatMessage, MessageFilter } from '@wadesk/chat-export';
import type {
  ChatData,
  EngineCommand,
  EngineErrorCode,
  EngineRequest,
  EngineResponse,
  ImportPhase,
  MediaFile,
  SearchHit,
} from './engine-protocol';

/** An engine request that failed; `code` says which upload message fits. */
export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

export interface LoadedChat {
  /** The chat with its first messages, enough to show it (all of them for a small chat). */
  chat: ChatData;
  media: MediaFile[];
  /** A large chat's messages, all of them once the rest has arrived; null when `chat.data` has them all. */
  complete: Promise<ChatMessage[]> | null;
}

/** The page's handle on the chat engine (a Web Worker in the browser). */
export interface ChatEngine {
  importFile(
    file: Blob,
    fileName: string,
    kind: 'text' | 'zip',
    onProgress?: (phase: ImportPhase) => void,
  ): Promise<LoadedChat>;
  /** Replaces the chat with one from elsewhere (e.g. the server): kept and indexed like an import. */
  load(chat: ChatData, media?: MediaFile[]): Promise<LoadedChat>;
  /** The chat kept in this browser, or null. */
  restore(): Promise<LoadedChat | null>;
  setSender(sender: string | null): Promise<void>;
  /** `within`: search only these message positions (ascending). */
  search(query: string, limit: number, within?: readonly number[]): Promise<SearchHit[]>;
  /** The loaded chat's statistics, computed in the worker (null when no chat is loaded). */
  analyse(options: AnalyseOptions): Promise<ChatAnalysis | null>;
  /** Positions of the messages behind a statistic (see selectMessages), ascending. */
  select(filter: MessageFilter, options: AnalyseOptions): Promise<number[]>;
  clear(): Promise<void>;
  /** Starts the worker ahead of use, so an import does not wait for it to load. */
  warm(): void;
  dispose(): void;
}

/** The two ends of a worker as the engine client uses them. */
export interface EnginePort {
  postMessage(request: EngineRequest): void;
  onmessage: ((event: MessageEvent<EngineResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

interface Pending {
  settle(response: EngineResponse, complete: Promise<ChatMessage[]> | null): void;
  fail(error: EngineError): void;
  onProgress?: (phase: ImportPhase) => void;
  /** After a `chat` response: the messages so far and how many are still to come. */
  rest?: {
    parts: ChatMessage[][];
    missing: number;
    done(data: ChatMessage[]): void;
    fail(error: Error): void;
  };
}

export function createWorkerPort(): EnginePort {
  return new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module', name: 'chat-engine' });
}

/** A promise API over the worker's messages; a crashed worker fails what was pending and is started anew. */
export function createChatEngine(createPort: () => EnginePort = createWorkerPort): ChatEngine {
  let port: EnginePort | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const connect = (): EnginePort => {
    if (port) return port;
    const created = createPort();
    created.onmessage = ({ data }) => {
      const entry = pending.get(data.id);
      if (!entry) return;
      if (data.type === 'progress') return entry.onProgress?.(data.phase);
      if (data.type === 'messages') return collect(data.id, entry, data.data);
      if (data.type === 'chat' && data.chat && data.remaining > 0) {
        const first = data.chat.data;
        const complete = new Promise<ChatMessage[]>((done, fail) => {
          entry.rest = { parts: [first], missing: data.remaining, done, fail };
        });
        // Kept for the rest of the messages; a crash from here on fails `complete` only.
        entry.fail = (error) => entry.rest?.fail(error);
        return entry.settle(data, complete);
      }
      pending.delete(data.id);
      if (data.type === 'error') entry.fail(new EngineError(data.code, data.message));
      else entry.settle(data, null);
    };
    created.onerror = (event) => {
      event.preventDefault?.();
      created.terminate();
      port = null;
      const error = new EngineError('failed', event.message || 'The chat engine stopped');
      for (const entry of pending.values()) entry.fail(error);
      pending.clear();
    };
    port = created;
    return created;
  };

  function collect(id: number, entry: Pending, messages: ChatMessage[]): void {
    const rest = entry.rest;
    if (!rest) return;
    rest.parts.push(messages);
    rest.missing -= messages.length;
    if (rest.missing > 0) return;
    pending.delete(id);
    rest.done(rest.parts.flat());
  }

  function call<T>(
    request: EngineCommand,
    pick: (response: EngineResponse, complete: Promise<ChatMessage[]> | null) => T,
    onProgress?: (phase: ImportPhase) => void,
  ): Promise<T> {
    const target = connect();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const settle = (response: EngineResponse, complete: Promise<ChatMessage[]> | null) => {
        try {
          resolve(pick(response, complete));
        } catch (error) {
          reject(error);
        }
      };
      pending.set(id, { settle, fail: reject, onProgress });
      target.postMessage({ ...request, id } as EngineRequest);
    });
  }

  const loaded = (response: EngineResponse, complete: Promise<ChatMessage[]> | null): LoadedChat | null =>
    response.type === 'chat' && response.chat
      ? { chat: response.chat, media: response.media, complete }
      : null;
  const required = (response: EngineResponse, complete: Promise<ChatMessage[]> | null): LoadedChat => {
    const result = loaded(response, complete);
    if (!result) throw new EngineError('failed', 'The chat engine sent no chat');
    return result;
  };

  return {
    importFile: (file, fileName, kind, onProgress) =>
      call({ type: 'import', file, fileName, kind }, required, onProgress),
    load: (chat, media = []) => call({ type: 'load', chat, media }, required),
    restore: () => call({ type: 'restore' }, loaded),
    setSender: (sender) => call({ type: 'set-sender', sender }, () => undefined),
    search: (query, limit, within) =>
      call({ type: 'search', query, limit, ...(within ? { within } : {}) }, (r) =>
        r.type === 'hits' ? r.hits : [],
      ),
    analyse: (options) =>
      call({ type: 'analyse', options }, (r) => (r.type === 'analysis' ? r.analysis : null)),
    select: (filter, options) =>
      call({ type: 'select', filter, options }, (r) => (r.type === 'selection' ? r.indices : [])),
    clear: () => call({ type: 'clear' }, () => undefined),
    warm: () => void connect(),
    dispose() {
      port?.terminate();
      port = null;
      const error = new EngineError('failed', 'The chat engine was stopped');
      for (const entry of pending.values()) entry.fail(error);
      pending.clear();
    },
  };
}
