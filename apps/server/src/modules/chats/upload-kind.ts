import { AppError } from '../../errors';

export type UploadKind = 'text' | 'zip';

export const uploadMessages = {
  unsupported: 'Only .txt or .zip chat exports are supported.',
  notZip: 'This file is named .zip but is not a zip archive.',
  notText: 'This file is named .txt but is not a UTF-8 text file.',
  empty: 'The file is empty.',
  noMessages: 'No WhatsApp messages were found in this file.',
  textTooLong: 'The chat text in this file is too long: a chat can hold at most 50,000 messages.',
} as const;

// A zip starts with a local file header; an empty archive with the end-of-directory record.
const isZipMagic = (b: Uint8Array) =>
  b.length >= 4 &&
  b[0] === 0x50 &&
  b[1] === 0x4b &&
  ((b[2] === 3 && b[3] === 4) || (b[2] === 5 && b[3] === 6));

/**
 * Decides from the name AND the bytes: a `.zip` must be a zip and a `.txt` must not be one, so neither a
 * renamed archive nor a renamed binary reaches the wrong reader.
 */
export function uploadKind(fileName: string, bytes: Uint8Array): UploadKind {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension !== 'zip' && extension !== 'txt') throw new AppError(415, uploadMessages.unsupported);
  if (bytes.length === 0) throw new AppError(400, uploadMessages.empty);
  if (extension === 'zip') {
    if (!isZipMagic(bytes)) throw new AppError(415, uploadMessages.notZip);
    return 'zip';
  }
  if (isZipMagic(bytes)) throw new AppError(415, uploadMessages.notText);
  return 'text';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a `.txt` upload; binary content (invalid UTF-8 or NUL bytes) is refused. */
export function decodeChatText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new AppError(415, uploadMessages.notText);
  }
  if (text.includes('\0')) throw new AppError(415, uploadMessages.notText);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
