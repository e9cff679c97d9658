export { analyseChat } from './analysis/analyse-chat';
export {
  type AnalyseOptions,
  type AuthorStats,
  type Bucket,
  type CalendarYear,
  type ChatAnalysis,
  type Counts,
  MEDIA_KINDS,
  type MediaKind,
  type MessageFilter,
  type Silence,
  type StopWordLanguage,
  type StopWordOptions,
  type Streak,
  SYSTEM_EVENT_KINDS,
  type SystemEventKind,
  type SystemMonth,
  type TopDomain,
  type TopEmoji,
  type TopWord,
  type WeekBucket,
} from './analysis/analysis-types';
export { selectMessages } from './analysis/select-messages';
export { type ChatCounts, chatCounts, EXPORT_CAP } from './chat-counts';
export { type AttachmentClass, classifyAttachment } from './classify';
export { ChatExportError, type ChatExportErrorCode } from './errors';
export { cutMarker, cutToLimit, MESSAGE_TEXT_MAX } from './message-limit';
export { parseChat } from './parse-chat';
export {
  DEFAULT_EXPORT_LIMITS,
  type ExportContents,
  listExportMedia,
  type MediaEntry,
  type ReadExportLimits,
  readExport,
  readExportWith,
} from './read-export';
export { type IndexSearchHit, MIN_QUERY_LENGTH, type SearchOptions, search } from './search';
export { buildSearchIndex, type SearchIndex } from './search-index';
export type {
  Attachment,
  AttachmentKind,
  ChatMessage,
  OmittedMedia,
  ParsedChat,
  ParseOptions,
} from './types';
export { OMITTED_MEDIA } from './types';
export type { InflateRaw } from './zip-inflate';
