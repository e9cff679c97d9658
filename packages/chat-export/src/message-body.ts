import { findFileReference } from './attachments';
import { removeMarks, stripLeadingMarks } from './chars';
import { classifyAttachment } from './classify';
import { detectOmitted, stripEdited, wholeTextMarker } from './markers';
import type { ChatMessage } from './types';

// A class rather than an object literal: V8 moves a literal's allocation site into old space once
// most of its objects outlive a collection (every message does), and allocating there made the
// whole parse a third slower. Plain data all the same: fields in the order of ChatMessage.
class Message implements ChatMessage {
  declare author: string;
  declare datetime: string;
  declare content: string;
  declare has_attachment: boolean;
  declare media_type: string | null;
  declare date: string;
  declare has_captions: boolean;
  declare captions: string;
  declare attachment: ChatMessage['attachment'];
  declare omitted_media: ChatMessage['omitted_media'];
  declare edited: boolean;
  declare deleted: boolean;

  constructor(author: string, content: string, datetime: string, date: string) {
    this.author = author;
    this.datetime = datetime;
    this.content = content;
    this.has_attachment = false;
    this.media_type = null;
    this.date = date;
    this.has_captions = false;
    this.captions = '';
    this.attachment = null;
    this.omitted_media = null;
    this.edited = false;
    this.deleted = false;
  }
}

export function blankMessage(author: string, content: string, datetime = '', date = ''): ChatMessage {
  return new Message(author, content, datetime, date);
}

function captionOf(sameLine: string, nextLines: string): string {
  const same = sameLine.trim();
  const next = nextLines.trim();
  return same && next ? `${same}\n${next}` : same || next;
}

/**
 * Reads the markers of an authored message text into `message`: "edited" and "deleted" markers are
 * removed from the content; a media placeholder or file reference on the first line makes the
 * following text the caption, and the content keeps only the placeholder or reference. `mediaLine`
 * false: the line cannot end with a document marker after a title (see detectOmitted).
 */
export function applyBody(message: ChatMessage, text: string, mediaLine = true): void {
  let content = stripLeadingMarks(text);
  const unedited = stripEdited(content);
  if (unedited !== null) {
    message.edited = true;
    content = unedited;
  }
  message.content = content;
  const nl = content.indexOf('\n');
  const first = nl < 0 ? content : content.slice(0, nl);
  const marker = wholeTextMarker(first);
  if (marker === 'deleted' && nl < 0) {
    message.deleted = true;
    message.content = '';
    return;
  }
  const rest = nl < 0 ? '' : content.slice(nl + 1);
  const omitted = detectOmitted(first, marker, mediaLine);
  if (omitted) {
    message.omitted_media = omitted;
    message.content = removeMarks(first).trim();
    message.captions = captionOf('', rest);
    message.has_captions = message.captions !== '';
    return;
  }
  const ref = findFileReference(first);
  if (!ref) return;
  const { kind, extension } = classifyAttachment(ref.fileName);
  message.content = removeMarks(first.slice(0, ref.end)).trim();
  message.has_attachment = true;
  message.media_type = extension || null;
  message.attachment = { file_name: ref.fileName, kind };
  message.captions = captionOf(first.slice(ref.end), rest);
  message.has_captions = message.captions !== '';
}

/** The body fields of an authored message text (applyBody on a blank message). */
export function analyseBody(text: string): ChatMessage {
  const message = blankMessage('', text);
  applyBody(message, text);
  return message;
}
