import type { AttachmentKind } from './types';

export interface AttachmentClass {
  kind: AttachmentKind;
  mime: string;
  /** Lower-case extension without the dot, '' when the name has none. */
  extension: string;
}

const TYPES: Record<string, [AttachmentKind, string]> = {
  jpg: ['image', 'image/jpeg'],
  jpeg: ['image', 'image/jpeg'],
  png: ['image', 'image/png'],
  gif: ['image', 'image/gif'],
  webp: ['image', 'image/webp'],
  heic: ['image', 'image/heic'],
  bmp: ['image', 'image/bmp'],
  mp4: ['video', 'video/mp4'],
  '3gp': ['video', 'video/3gpp'],
  mov: ['video', 'video/quicktime'],
  mkv: ['video', 'video/x-matroska'],
  webm: ['video', 'video/webm'],
  avi: ['video', 'video/x-msvideo'],
  opus: ['audio', 'audio/ogg'],
  ogg: ['audio', 'audio/ogg'],
  mp3: ['audio', 'audio/mpeg'],
  aac: ['audio', 'audio/aac'],
  m4a: ['audio', 'audio/mp4'],
  amr: ['audio', 'audio/amr'],
  wav: ['audio', 'audio/wav'],
  pdf: ['document', 'application/pdf'],
  doc: ['document', 'application/msword'],
  docx: ['document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['document', 'application/vnd.ms-excel'],
  xlsx: ['document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ppt: ['document', 'application/vnd.ms-powerpoint'],
  pptx: ['document', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  odt: ['document', 'application/vnd.oasis.opendocument.text'],
  rtf: ['document', 'application/rtf'],
  txt: ['document', 'text/plain'],
  csv: ['document', 'text/csv'],
  zip: ['document', 'application/zip'],
  apk: ['document', 'application/vnd.android.package-archive'],
  vcf: ['other', 'text/vcard'],
};

// WhatsApp names stickers `STK-20240112-WA0001.webp` (Android) or `00000012-STICKER-….webp` (iOS).
const STICKER_NAME = /(^|[-_])(STK|STICKER)[-_]/i;

/** Kind and mime type of a file from its name; shared by the parser and readExport. */
export function classifyAttachment(fileName: string): AttachmentClass {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const known = Object.hasOwn(TYPES, extension) ? TYPES[extension] : undefined;
  if (!known) return { kind: 'other', mime: 'application/octet-stream', extension };
  const [kind, mime] = known;
  if (extension === 'webp' && STICKER_NAME.test(base)) return { kind: 'sticker', mime, extension };
  return { kind, mime, extension };
}
