import { inflateRawSync } from 'node:zlib';
import { ChatExportError, type ParsedChat, parseChat, readExportWith } from '@wadesk/chat-export';
import { CHAT_MESSAGES_MAX, chatMessages } from '@wadesk/contract';
import { AppError } from '../../errors';
import { decodeChatText, uploadKind, uploadMessages } from './upload-kind';
import { releaseGarbage } from './worker-memory';

/** Chat text of 50,000 long messages fits well below this (a 40,000-message export is about 4 MB). */
export const MAX_CHAT_TEXT_CHARS = 32 * 1024 * 1024;
/** The most bytes a zip's chat text may declare. */
export const MAX_CHAT_TEXT_BYTES = 32 * 1024 * 1024;

export interface ParseUploadInput {
  fileName: string;
  bytes: Uint8Array;
  /** Most bytes the entries of one zip may unpack to (checked before unpacking). */
  maxUnpackedBytes: number;
}

/** What a parse answers across the thread boundary: the chat, or the refusal the user sees. */
export type ParseUploadResult = { ok: true; chat: ParsedChat } | UploadRefusal;
export type UploadRefusal = { ok: false; status: number; message: string };

/**
 * The CPU-heavy start of an upload: inflating the chat text, decoding and parsing it. Runs in a worker
 * thread as the first step of prepare-upload.ts (parse-pool.ts), so a large or hostile file never holds
 * the event loop. Never throws for a bad file: the refusal is part of the result.
 */
export async function parseUpload({
  fileName,
  bytes,
  maxUnpackedBytes,
}: ParseUploadInput): Promise<ParseUploadResult> {
  try {
    const text = await chatText(fileName, bytes, maxUnpackedBytes);
    // The inflated bytes (up to 32 MiB) are garbage now: gone before the parse allocates its messages.
    releaseGarbage();
    // A 4 MB zip can unpack to far more text than any real export: refuse it before parsing, and refuse
    // a chat that could never be saved.
    if (text.length > MAX_CHAT_TEXT_CHARS) return refused(413, uploadMessages.textTooLong);
    const chat = parseChat(text, { maxMessages: CHAT_MESSAGES_MAX });
    if (chat.total_msgs === 0) return refused(400, uploadMessages.noMessages);
    if (chat.total_msgs > CHAT_MESSAGES_MAX) return refused(413, chatMessages.tooManyMessages);
    return { ok: true, chat };
  } catch (error) {
    if (error instanceof AppError) return refused(error.statusCode, error.message);
    if (error instanceof ChatExportError) return exportRefusal(error);
    throw error;
  }
}

/** What the user is told when the chat-export package refuses a file. */
export function exportRefusal(error: ChatExportError): UploadRefusal {
  if (error.code === 'chat-too-large') return refused(413, uploadMessages.textTooLong);
  const status = error.code === 'too-large' || error.code === 'too-many-entries' ? 413 : 400;
  return refused(status, error.message);
}

async function chatText(fileName: string, bytes: Uint8Array, maxUnpackedBytes: number): Promise<string> {
  if (uploadKind(fileName, bytes) === 'text') return decodeChatText(bytes);
  // Refused by its declared size before anything is inflated (inflating stops at the declared size):
  // 32 MiB of UTF-8 is far more than any real chat, in any script.
  const { text } = await readExportWith(bytes, inflateInto, {
    maxTotalBytes: maxUnpackedBytes,
    maxChatTextBytes: MAX_CHAT_TEXT_BYTES,
  });
  // The zip's chat text is held to the same rule as a .txt upload.
  if (text.includes('\0')) throw new AppError(415, uploadMessages.notText);
  return text;
}

/**
 * Inflates the chat text with zlib into one buffer of its declared size (plus the byte that proves a lie):
 * the package's own inflater hands out a new chunk per 16 KB of input, and for a 32 MiB text those chunks
 * doubled the worker's memory. Past `maxBytes` zlib stops with a RangeError, as InflateRaw requires.
 */
const inflateInto = async (data: Uint8Array, maxBytes: number): Promise<Uint8Array> =>
  // zlib takes no limit of 0 (an empty chat text): a byte more than declared still fails the size check.
  inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes), chunkSize: Math.max(64, maxBytes + 1) });

const refused = (status: number, message: string): UploadRefusal => ({ ok: false, status, message });
