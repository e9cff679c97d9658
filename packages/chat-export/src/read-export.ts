import { classifyAttachment } from './classify';
import { ChatExportError } from './errors';
import type { AttachmentKind } from './types';
import { readDirectory, type ZipEntry } from './zip-directory';
import { extractEntry, extractEntryWith, type InflateRaw, isSupported } from './zip-inflate';

export interface MediaEntry {
  /** Base name: the key of the media map and the name chat messages reference. */
  name: string;
  /** Path inside the zip. */
  path: string;
  /** Uncompressed size in bytes, as the zip declares it. */
  size: number;
  /** Bytes the file takes in the zip (packed), as the zip declares it; reading never uses more. */
  packedSize: number;
  mime: string;
  kind: AttachmentKind;
  /** Unpacks the file (on every call); throws ChatExportError when it is damaged or lies about its size. */
  bytes(): Uint8Array;
}

export interface ExportContents {
  /** The chat text, UTF-8 decoded, byte order mark removed. */
  text: string;
  chatFileName: string;
  media: Map<string, MediaEntry>;
}

export interface ReadExportLimits {
  /** Most entries a zip may hold (default 2,000). */
  maxEntries?: number;
  /** Most bytes all entries together may declare uncompressed (default 512 MiB). */
  maxTotalBytes?: number;
  /**
   * Most bytes the chat text may declare uncompressed (no default). Checked before inflating; inflating
   * stops at the declared size anyway, so the text can never grow past this.
   */
  maxChatTextBytes?: number;
}

export const DEFAULT_EXPORT_LIMITS = { maxEntries: 2000, maxTotalBytes: 512 * 1024 * 1024 } as const;

interface NamedEntry {
  entry: ZipEntry;
  /** Path with `/` separators. */
  path: string;
  base: string;
}

/** Paths that could escape an extraction folder, folders and macOS metadata are never offered. */
function isUsable(path: string): boolean {
  if (path === '' || path.endsWith('/') || path.startsWith('/') || /^[A-Za-z]:/.test(path)) return false;
  const parts = path.split('/');
  if (parts.includes('..') || parts[0] === '__MACOSX') return false;
  const base = parts[parts.length - 1] as string;
  return base !== '' && !base.startsWith('._') && base !== '.DS_Store';
}

// `_chat.txt` (iOS), `WhatsApp Chat with Alice.txt`, `WhatsApp-Chat mit …`, `Chat de WhatsApp con …`,
// `Discussion WhatsApp avec …`, `Conversa do WhatsApp com …`: every language keeps the brand name.
function isKnownChatName(base: string): boolean {
  return base === '_chat.txt' || /whatsapp/i.test(base);
}

function pickChat(entries: NamedEntry[]): NamedEntry {
  const texts = entries.filter((e) => e.base.toLowerCase().endsWith('.txt'));
  const known = texts.filter((e) => isKnownChatName(e.base));
  const chosen =
    known.find((e) => e.base === '_chat.txt') ?? known[0] ?? (texts.length === 1 ? texts[0] : undefined);
  if (chosen) return chosen;
  throw new ChatExportError(
    'no-chat',
    texts.length === 0
      ? 'The zip holds no chat text file (.txt). Export the chat from WhatsApp again and upload that zip.'
      : 'The zip holds several text files and none is named like a WhatsApp chat export.',
  );
}

function mb(bytes: number): string {
  return `${Math.ceil(bytes / (1024 * 1024))} MB`;
}

interface OpenedExport {
  chat: NamedEntry;
  media: Map<string, MediaEntry>;
}

/** Checks the limits on the declared sizes, picks the chat text and lists the media; inflates nothing. */
function openExport(bytes: Uint8Array, limits: ReadExportLimits): OpenedExport {
  const maxEntries = limits.maxEntries ?? DEFAULT_EXPORT_LIMITS.maxEntries;
  const maxTotalBytes = limits.maxTotalBytes ?? DEFAULT_EXPORT_LIMITS.maxTotalBytes;
  const all = readDirectory(bytes, maxEntries);
  const declared = all.reduce((sum, e) => sum + e.size, 0);
  if (declared > maxTotalBytes) {
    throw new ChatExportError(
      'too-large',
      `The zip unpacks to ${mb(declared)}; at most ${mb(maxTotalBytes)} are allowed.`,
    );
  }
  const entries: NamedEntry[] = [];
  for (const entry of all) {
    const path = entry.name.replaceAll('\\', '/');
    if (isUsable(path)) entries.push({ entry, path, base: path.slice(path.lastIndexOf('/') + 1) });
  }
  const chat = pickChat(entries);
  if (limits.maxChatTextBytes !== undefined && chat.entry.size > limits.maxChatTextBytes) {
    throw new ChatExportError(
      'chat-too-large',
      `The chat text in this zip unpacks to ${mb(chat.entry.size)}; at most ${mb(limits.maxChatTextBytes)} are allowed.`,
    );
  }

  const media = new Map<string, MediaEntry>();
  for (const { entry, path, base } of entries) {
    if (entry === chat.entry || media.has(base) || !isSupported(entry)) continue;
    const { mime, kind } = classifyAttachment(base);
    media.set(base, {
      name: base,
      path,
      size: entry.size,
      packedSize: entry.compressedSize,
      mime,
      kind,
      bytes: () => extractEntry(bytes, entry),
    });
  }
  return { chat, media };
}

// Not fflate's strFromU8: its decoder has been used in streaming mode, which takes Node's slower path
// through a second whole-text UTF-16 copy; a 32 MiB chat text then peaks ~60 MB higher in memory.
// TextDecoder is in every browser and in Node; this package is typed without either's globals.
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };
const utf8 = new TextDecoder();

function decodeText(bytes: Uint8Array): string {
  const text = utf8.decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Opens a WhatsApp export zip: finds the chat text, decodes it, and lists the media by base name
 * for lazy extraction. Limits are checked on the declared sizes before anything is inflated, and
 * again while inflating. Throws ChatExportError with a message fit for the user.
 */
export function readExport(bytes: Uint8Array, limits: ReadExportLimits = {}): ExportContents {
  const { chat, media } = openExport(bytes, limits);
  return { text: decodeText(extractEntry(bytes, chat.entry)), chatFileName: chat.base, media };
}

/** The media of an export zip, listed without inflating anything (the same checks as readExport). */
export function listExportMedia(bytes: Uint8Array, limits: ReadExportLimits = {}): Map<string, MediaEntry> {
  return openExport(bytes, limits).media;
}

/**
 * The same as readExport, with the chat text inflated by `inflateRaw` (for example the browser's native
 * DecompressionStream, many times faster than JavaScript on a first run). Sizes and CRC are checked here.
 */
export async function readExportWith(
  bytes: Uint8Array,
  inflateRaw: InflateRaw,
  limits: ReadExportLimits = {},
): Promise<ExportContents> {
  const { chat, media } = openExport(bytes, limits);
  const text = decodeText(await extractEntryWith(bytes, chat.entry, inflateRaw));
  return { text, chatFileName: chat.base, media };
}
