/** What a referenced file is, decided from its name (see classifyAttachment). */
export type AttachmentKind = 'image' | 'video' | 'audio' | 'document' | 'sticker' | 'other';

/** What a "media omitted" placeholder can stand for; `media` when the export does not say. */
export const OMITTED_MEDIA = [
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'gif',
  'contact',
  'view_once',
  'media',
] as const;
export type OmittedMedia = (typeof OMITTED_MEDIA)[number];

export interface Attachment {
  file_name: string;
  kind: AttachmentKind;
}

export interface ChatMessage {
  /** Cleaned author name, or `system` for lines without an author. */
  author: string;
  /** Display text `DD/MM/YYYY, HH:mm` (24-hour), built from the parsed values. */
  datetime: string;
  /** Message text; for attachments only the file reference, markers (edited, deleted) removed. */
  content: string;
  has_attachment: boolean;
  /** Lower-case extension of the attached file, else null. */
  media_type: string | null;
  /** Wall-clock time as written in the export, `YYYY-MM-DDTHH:mm:ss`, no time zone. */
  date: string;
  has_captions: boolean;
  captions: string;
  attachment: Attachment | null;
  omitted_media: OmittedMedia | null;
  edited: boolean;
  deleted: boolean;
}

export interface ParsedChat {
  messages: ChatMessage[];
  total_msgs: number;
  /** Distinct authors in order of first appearance, `system` excluded. */
  unique_authors: string[];
  /**
   * Whether day/month dates were read day first (false when the file only holds year-first or
   * month-name dates).
   */
  day_first: boolean;
}

export interface ParseOptions {
  /** Force the order of day and month instead of detecting it. */
  dayFirst?: boolean;
  /**
   * A chat of more messages is not built: `messages` comes back empty and `total_msgs` says how many
   * there are (a server refuses such a chat without holding it in memory).
   */
  maxMessages?: number;
  /**
   * Year the export was made, for dates written without a year (`Mar 5, 8:11 PM`) in a file that
   * writes no year at all; defaults to the current UTC year (README "Decisions").
   */
  referenceYear?: number;
}
