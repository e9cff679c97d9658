import type {
  AnalyseOptions,
  ChatAnalysis,
  ChatMessage,
  MessageFilter,
  ParsedChat,
} from '@wadesk/chat-export';
import { searchableText } from '@/shared/loaded-chat/server-chat';
import type { ChatPersistence } from './chat-persistence';
import type {
  ChatData,
  EngineErrorCode,
  EngineRequest,
  EngineResponse,
  MediaFile,
  SearchHit,
} from './engine-protocol';

/** What the engine needs from @wadesk/chat-export and the browser; injected so it runs in tests as well. */
export interface ZipContents {
  text: string;
  media: ReadonlyMap<string, { mime: string; bytes(): Uint8Array }>;
}

export interface EngineDeps {
  persistence: ChatPersistence;
  /** Opens a zip export: the chat text and its media files by base name, unpacked on demand. */
  readZip(bytes: Uint8Array): ZipContents | Promise<ZipContents>;
  parse(text: string): ParsedChat;
  buildIndex(messages: readonly { content: string }[]): unknown;
  search(index: unknown, query: string, limit: number): SearchHit[];
  analyse(messages: readonly ChatMessage[], options: AnalyseOptions): ChatAnalysis;
  select(messages: readonly ChatMessage[], filter: MessageFilter, options: AnalyseOptions): number[];
  /** Whether an error from readZip carries a message fit for the user (ChatExportError). */
  userMessage(error: unknown): string | null;
  log(message: string, error: unknown): void;
}

export class EngineFailure extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Messages in the `chat` response: more than a tall screen shows, so the page can paint at once. */
export const FIRST_MESSAGES = 1000;

/**
 * Messages per `messages` response after it. The page decodes each response in its own task, so a
 * 40,000-message chat never holds its main thread for long (one large message took ~100-200 ms).
 */
export const MESSAGES_PER_POST = 4000;

/**
 * The worker side of the chat engine: it reads, parses, keeps, indexes and searches the loaded chat so
 * that the page's main thread only renders. Requests run one after another, in the order they came.
 */
export function createEngineCore(deps: EngineDeps, post: (response: EngineResponse) => void) {
  let current: ChatData | null = null;
  let index: unknown = null;
  // The last analysis, by its options: the Analysis screen asks again when it is shown anew.
  let analysis: { key: string; result: ChatAnalysis } | null = null;
  let queue: Promise<void> = Promise.resolve();

  const indexed = () => {
    if (current && index === null) {
      const source = current.source;
      index = deps.buildIndex(current.data.map((message) => ({ content: searchableText(message, source) })));
    }
    return index;
  };

  /** Hands the chat to the page first (its start, so it paints, then the rest), then keeps and indexes it. */
  async function publish(id: number, chat: ChatData, media: MediaFile[], persist: boolean) {
    current = chat;
    index = null;
    analysis = null;
    const first = chat.data.slice(0, FIRST_MESSAGES);
    post({
      id,
      type: 'chat',
      chat: { ...chat, data: first },
      media,
      remaining: chat.data.length - first.length,
    });
    for (let start = first.length; start < chat.data.length; start += MESSAGES_PER_POST) {
      post({ id, type: 'messages', data: chat.data.slice(start, start + MESSAGES_PER_POST) });
    }
    const saving = persist ? deps.persistence.save(chat, media) : Promise.resolve();
    indexed();
    await saving.catch((error: unknown) => deps.log('The chat could not be kept in this browser', error));
  }

  async function importFile(request: Extract<EngineRequest, { type: 'import' }>) {
    const { id } = request;
    post({ id, type: 'progress', phase: 'reading' });
    const bytes = new Uint8Array(await request.file.arrayBuffer());
    let text: string;
    let zipMedia: ZipContents['media'] = new Map();
    if (request.kind === 'zip') {
      post({ id, type: 'progress', phase: 'extracting' });
      try {
        ({ text, media: zipMedia } = await deps.readZip(bytes));
      } catch (error) {
        deps.log('Error extracting zip file', error);
        throw new EngineFailure('zip', deps.userMessage(error) ?? 'Error extracting zip file');
      }
    } else {
      text = new TextDecoder().decode(bytes);
    }

    post({ id, type: 'progress', phase: 'parsing' });
    let parsed: ParsedChat;
    try {
      parsed = deps.parse(text);
    } catch (error) {
      deps.log('Chat parse failure', error);
      throw new EngineFailure('failed', 'The chat could not be read');
    }
    if (parsed.total_msgs === 0) throw new EngineFailure('no-messages', 'No messages in the file');

    const media: MediaFile[] = [];
    if (zipMedia.size > 0) {
      post({ id, type: 'progress', phase: 'media' });
      for (const name of referencedFiles(parsed.messages)) {
        const entry = zipMedia.get(name);
        if (!entry) continue;
        try {
          media.push({
            name,
            blob: new Blob([entry.bytes() as Uint8Array<ArrayBuffer>], { type: entry.mime }),
          });
        } catch (error) {
          // One damaged media file must not cost the whole chat: the message shows it as missing.
          deps.log(`Skipped damaged media file ${name}`, error);
        }
      }
    }
    const chat: ChatData = {
      data: parsed.messages,
      total_msgs: parsed.total_msgs,
      unique_authors: parsed.unique_authors,
      sender: null,
      source: { kind: 'local', file_name: request.fileName },
    };
    post({ id, type: 'progress', phase: 'done' });
    await publish(id, chat, media, true);
  }

  function searchHits({ query, limit, within }: Extract<EngineRequest, { type: 'search' }>): SearchHit[] {
    const searchIndex = indexed();
    if (searchIndex === null) return [];
    if (!within) return deps.search(searchIndex, query, limit);
    const allowed = new Set(within);
    const hits: SearchHit[] = [];
    for (const hit of deps.search(searchIndex, query, Number.POSITIVE_INFINITY)) {
      if (allowed.has(hit.index)) hits.push(hit);
      if (hits.length >= limit) break;
    }
    return hits;
  }

  function analysed(options: AnalyseOptions): ChatAnalysis | null {
    if (!current) return null;
    const key = JSON.stringify(options);
    if (analysis?.key !== key) analysis = { key, result: deps.analyse(current.data, options) };
    return analysis.result;
  }

  async function run(request: EngineRequest) {
    const { id } = request;
    switch (request.type) {
      case 'import':
        return importFile(request);
      case 'load':
        return publish(id, request.chat, request.media, true);
      case 'restore': {
        const stored = await deps.persistence.load().catch((error: unknown) => {
          deps.log('The kept chat could not be read', error);
          return null;
        });
        if (!stored) {
          current = null;
          index = null;
          analysis = null;
          post({ id, type: 'chat', chat: null, media: [], remaining: 0 });
          return;
        }
        return publish(id, stored.chat, stored.media, false);
      }
      case 'set-sender':
        if (current) current = { ...current, sender: request.sender };
        await deps.persistence.setSender(request.sender);
        return post({ id, type: 'done' });
      case 'search':
        return post({ id, type: 'hits', hits: searchHits(request) });
      case 'analyse':
        return post({ id, type: 'analysis', analysis: analysed(request.options) });
      case 'select': {
        const indices = current ? deps.select(current.data, request.filter, request.options) : [];
        return post({ id, type: 'selection', indices });
      }
      case 'clear':
        current = null;
        index = null;
        analysis = null;
        await deps.persistence.clear();
        return post({ id, type: 'done' });
    }
  }

  return {
    handle(request: EngineRequest): Promise<void> {
      queue = queue.then(() =>
        run(request).catch((error: unknown) => {
          if (!(error instanceof EngineFailure)) deps.log('Chat engine request failed', error);
          const code = error instanceof EngineFailure ? error.code : 'failed';
          const message = error instanceof Error ? error.message : String(error);
          post({ id: request.id, type: 'error', code, message });
        }),
      );
      return queue;
    },
  };
}

function referencedFiles(messages: readonly ChatMessage[]): Set<string> {
  const names = new Set<string>();
  for (const message of messages) if (message.attachment) names.add(message.attachment.file_name);
  return names;
}
