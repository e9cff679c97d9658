import { ChatExportError, listExportMedia } from '@wadesk/chat-export';
import { move } from 'piscina';
import { exportRefusal, type UploadRefusal } from './parse-upload';

export interface ReadMediaInput {
  /** The uploaded zip; backed by a SharedArrayBuffer (shareBytes), so no thread copies it. */
  zip: Uint8Array;
  name: string;
  maxUnpackedBytes: number;
}

/** The file's bytes, or the refusal the user sees (an error's class does not cross threads). */
export type ReadMediaResult = Uint8Array | UploadRefusal;

/**
 * One media file of a zip, inflated and its CRC checked: in a worker thread (parse-pool.ts), since a
 * video can take the event loop tens of milliseconds. The bytes are moved back to the caller, not copied.
 */
export function readMedia({ zip, name, maxUnpackedBytes }: ReadMediaInput): ReadMediaResult {
  try {
    const entry = listExportMedia(zip, { maxTotalBytes: maxUnpackedBytes }).get(name);
    if (!entry) throw new Error(`The zip has no media file named ${name}`);
    const bytes = entry.bytes();
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return owned ? (move(bytes) as Uint8Array) : bytes;
  } catch (error) {
    if (error instanceof ChatExportError) return exportRefusal(error);
    throw error;
  }
}

/** A copy of `bytes` in shared memory: handed to worker threads without another copy each time. */
export function shareBytes(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}
