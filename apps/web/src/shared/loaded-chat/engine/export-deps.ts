import {
  analyseChat,
  buildSearchIndex,
  ChatExportError,
  parseChat,
  readExport,
  readExportWith,
  search,
  selectMessages,
} from '@wadesk/chat-export';
import type { ChatPersistence } from './chat-persistence';
import type { EngineDeps } from './engine-core';
import { hasNativeInflate, nativeInflateRaw } from './native-inflate';

/**
 * What a zip may unpack to in the browser. An export within the 4 MB upload limit holds media that is
 * already compressed (jpg, mp4, opus) and a text that deflates about 4:1, so real ones stay far below;
 * the package's server-side default (512 MiB) would let a small zip bomb fill a tab's memory.
 */
export const BROWSER_ZIP_LIMITS = { maxEntries: 2000, maxTotalBytes: 64 * 1024 * 1024 } as const;

/** The engine's real dependencies: the chat-export package's reader, parser and search. */
export function exportDeps(persistence: ChatPersistence): EngineDeps {
  const nativeInflate = hasNativeInflate();
  return {
    persistence,
    readZip: (bytes) =>
      nativeInflate
        ? readExportWith(bytes, nativeInflateRaw, BROWSER_ZIP_LIMITS)
        : readExport(bytes, BROWSER_ZIP_LIMITS),
    // Day-first is detected by the parser from the whole file (day-first is the default when unclear).
    parse: (text) => parseChat(text),
    buildIndex: (messages) => buildSearchIndex(messages),
    search: (index, query, limit) => {
      const searchIndex = index as ReturnType<typeof buildSearchIndex>;
      return search(searchIndex, query, { limit }).map(({ index: at, start, end }) => ({
        index: at,
        start,
        end,
        text: searchIndex.contents[at] ?? '',
      }));
    },
    analyse: (messages, options) => analyseChat(messages, options),
    select: (messages, filter, options) => selectMessages(messages, filter, options),
    userMessage: (error) =>
      error instanceof ChatExportError && error.code !== 'corrupt-zip' ? error.message : null,
    log: (message, error) => console.error(message, error),
  };
}
