import { downloadBlob } from '@/shared/csv/download-file';

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'video/quicktime': 'mov',
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'application/pdf': 'pdf',
};

/** Where a file without a name of its own came from: its name is made of these. */
export interface MediaOrigin {
  /** The group's name. */
  chat: string;
  /** The author as the bubble names them ("You" for the linked account). */
  author: string;
  /** When the message was sent, in seconds (WhatsApp's timestamp). */
  timestamp: number;
}

// Characters no file system of Windows, macOS or Linux accepts in a name, and control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;
const NAME_MAX = 120;

function safeName(text: string): string {
  return text.replace(UNSAFE, '_').replace(/\s+/g, ' ').trim();
}

/** The extension of a MIME type: a known one, else its subtype when it reads as one ("heic"), else "bin". */
export function extensionOf(mimetype: string): string {
  const type = mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  const known = EXTENSIONS[type];
  if (known) return known;
  const subtype = type.split('/')[1] ?? '';
  return /^[a-z0-9]{2,5}$/.test(subtype) ? subtype : 'bin';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2024-03-04 09.05.12" in this browser's time zone: colons are not allowed in Windows file names. */
function stamp(seconds: number): string {
  const at = new Date(seconds * 1000);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}.${pad(at.getMinutes())}.${pad(at.getSeconds())}`;
}

/**
 * The downloaded file's name (docs/decisions/0010): the sender's own file name when it has one
 * (documents), else "<group> - <author> - <date time>.<extension of its type>", so that photos saved from
 * a chat say where they came from and do not overwrite each other.
 */
export function mediaFileName(
  mimetype: string,
  filename: string | null | undefined,
  origin: MediaOrigin,
): string {
  const given = filename ? safeName(filename) : '';
  if (given) return given;
  const parts = [origin.chat, origin.author, stamp(origin.timestamp)].map(safeName).filter(Boolean);
  const base = (parts.join(' - ') || 'WhatsApp media').slice(0, NAME_MAX).trim();
  return `${base}.${extensionOf(mimetype)}`;
}

/** The bytes of base64 data as a Blob of its type. */
export function base64Blob(data: string, mimetype: string): Blob {
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: mimetype });
}

/** Saves base64 data as a file through a temporary link (the browser's download). */
export function saveBase64File(data: string, mimetype: string, name: string): void {
  downloadBlob(base64Blob(data, mimetype), name);
}
