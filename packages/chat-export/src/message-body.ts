import { findFileReference } from './attachments';
import { removeMarks, stripLeadingMarks } from './chars';
import { classifyAttachment } from './classify';
import { detectOmitted, stripEdited, wholeTextMarker } from './markers';
import type { ChatMessage } from './types';

export function blankMessage(author: string, content: string, datetime = '', date = ''): ChatMessage {
  return {
    author,
    datetime,
    content,
    has_attachment: false,
    media_type: null,
    date,
    has_captions: false,
    captions: '',
    attachment: null,
    omitted_media: null,
    edited: false,
    deleted: false,
  };
}

function captionOf(sameLine: string, nextLines: string): string {
  const same = sameLine.trim();
  const next = nextLines.trim();
  return same && next ? `${same}\n${next}` : same || next;
}

/**
 * Reads the markers of an authored message text into `message`: "edited" and "deleted" markers are
 * removed from the content; a media placeholder or file reference on the first line makes the
 * following text the caption, and the content keeps only the placeholder or reference.
 */
export function applyBody(message: ChatMessage, text: string): void {
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
  const omitted = detectOmitted(first, marker);
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
