import type { AnalyseOptions, ChatAnalysis, ChatMessage, MessageFilter } from '@wadesk/chat-export';

/** The loaded chat as the worker hands it over and as it is kept in IndexedDB. */
export interface ChatData {
  data: ChatMessage[];
  total_msgs: number;
  unique_authors: string[];
  /** The active author; null means the first author. */
  sender: string | null;
  /** Where it came from: a file imported in this browser (the next issue adds server chats). */
  source: ChatSource;
}

export type ChatSource = { kind: 'local'; file_name: string } | { kind: 'server'; chat_id: number | null };

/** A media file from a zip export, by its base name (how messages refer to it). */
export interface MediaFile {
  name: string;
  blob: Blob;
}

export type ImportPhase = 'reading' | 'extracting' | 'parsing' | 'media' | 'done';

export interface SearchHit {
  /** Position of the message in `data`. */
  index: number;
  /** Highlight range in `text` (empty when the query is too short to highlight). */
  start: number;
  end: number;
  /** The searched text of the message: its content, or only the caption of a server attachment. */
  text: string;
}

export type EngineRequest =
  | { id: number; type: 'import'; file: Blob; fileName: string; kind: 'text' | 'zip' }
  | { id: number; type: 'load'; chat: ChatData; media: MediaFile[] }
  | { id: number; type: 'restore' }
  | { id: number; type: 'set-sender'; sender: string | null }
  /** `within`: only these message positions (ascending), e.g. the analysis drill-down's messages. */
  | { id: number; type: 'search'; query: string; limit: number; within?: readonly number[] }
  | { id: number; type: 'analyse'; options: AnalyseOptions }
  | { id: number; type: 'select'; filter: MessageFilter; options: AnalyseOptions }
  | { id: number; type: 'clear' };

/** A request before the client numbers it. */
export type EngineCommand = EngineRequest extends infer R
  ? R extends EngineRequest
    ? Omit<R, 'id'>
    : never
  : never;

export type EngineErrorCode = 'zip' | 'no-messages' | 'failed';

export type EngineResponse =
  | { id: number; type: 'progress'; phase: ImportPhase }
  /**
   * The chat with its first messages, enough to paint the screen; `remaining` more follow in `messages`
   * responses, in order, so that a large chat shows before all of it has crossed over.
   */
  | { id: number; type: 'chat'; chat: ChatData | null; media: MediaFile[]; remaining: number }
  /** A slice of the chat's messages after the `chat` response. */
  | { id: number; type: 'messages'; data: ChatMessage[] }
  | { id: number; type: 'hits'; hits: SearchHit[] }
  /** null when no chat is loaded. */
  | { id: number; type: 'analysis'; analysis: ChatAnalysis | null }
  /** Positions in `data` of the selected messages, ascending. */
  | { id: number; type: 'selection'; indices: number[] }
  | { id: number; type: 'done' }
  | { id: number; type: 'error'; code: EngineErrorCode; message: string };
