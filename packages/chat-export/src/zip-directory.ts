import { strFromU8 } from 'fflate';
import { ChatExportError } from './errors';

/** One file of a zip as its central directory declares it. */
export interface ZipEntry {
  name: string;
  method: number;
  encrypted: boolean;
  crc: number;
  compressedSize: number;
  /** Declared uncompressed size; inflating checks that the data keeps to it. */
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const MAX32 = 0xffffffff;

export function corrupt(): ChatExportError {
  return new ChatExportError('corrupt-zip', 'The zip file is damaged or is not a zip file.');
}

export class ByteReader {
  constructor(readonly bytes: Uint8Array) {}

  u16(at: number): number {
    if (at < 0 || at + 2 > this.bytes.length) throw corrupt();
    return (this.bytes[at] as number) | ((this.bytes[at + 1] as number) << 8);
  }

  u32(at: number): number {
    return (this.u16(at) | (this.u16(at + 2) << 16)) >>> 0;
  }

  u64(at: number): number {
    const value = this.u32(at) + this.u32(at + 4) * 2 ** 32;
    if (!Number.isSafeInteger(value)) throw corrupt();
    return value;
  }
}

function findEndRecord(r: ByteReader): number {
  const n = r.bytes.length;
  // The record is 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  for (let at = n - 22; at >= 0 && at >= n - 22 - 0xffff; at--) {
    if (r.bytes[at] === 0x50 && r.u32(at) === EOCD && at + 22 + r.u16(at + 20) <= n) return at;
  }
  throw corrupt();
}

interface Directory {
  count: number;
  offset: number;
  size: number;
}

function readDirectoryLocation(r: ByteReader, end: number): Directory {
  let count = r.u16(end + 10);
  let size = r.u32(end + 12);
  let offset = r.u32(end + 16);
  if (
    (count === 0xffff || size === MAX32 || offset === MAX32) &&
    end >= 20 &&
    r.u32(end - 20) === EOCD64_LOCATOR
  ) {
    const at = r.u64(end - 12);
    if (r.u32(at) !== EOCD64) throw corrupt();
    count = r.u64(at + 32);
    size = r.u64(at + 40);
    offset = r.u64(at + 48);
  }
  if (offset + size > r.bytes.length) throw corrupt();
  return { count, offset, size };
}

/** Zip64 extra field: the 64-bit values of the fields whose 32-bit slot holds 0xFFFFFFFF. */
function applyZip64(r: ByteReader, entry: ZipEntry, extraStart: number, extraEnd: number): void {
  for (let at = extraStart; at + 4 <= extraEnd; ) {
    const id = r.u16(at);
    const len = r.u16(at + 2);
    if (id === 0x0001) {
      let p = at + 4;
      if (entry.size === MAX32) {
        entry.size = r.u64(p);
        p += 8;
      }
      if (entry.compressedSize === MAX32) {
        entry.compressedSize = r.u64(p);
        p += 8;
      }
      if (entry.localOffset === MAX32) entry.localOffset = r.u64(p);
      return;
    }
    at += 4 + len;
  }
}

/** Reads the entry count, then (if within maxEntries) every central directory entry. */
export function readDirectory(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const r = new ByteReader(bytes);
  const dir = readDirectoryLocation(r, findEndRecord(r));
  if (dir.count > maxEntries) {
    throw new ChatExportError(
      'too-many-entries',
      `The zip holds ${dir.count} files; at most ${maxEntries} are allowed.`,
    );
  }
  const entries: ZipEntry[] = [];
  let at = dir.offset;
  for (let k = 0; k < dir.count; k++) {
    if (r.u32(at) !== CENTRAL) throw corrupt();
    const nameLen = r.u16(at + 28);
    const extraLen = r.u16(at + 30);
    const commentLen = r.u16(at + 32);
    const nameStart = at + 46;
    if (nameStart + nameLen + extraLen + commentLen > bytes.length) throw corrupt();
    const entry: ZipEntry = {
      name: strFromU8(bytes.subarray(nameStart, nameStart + nameLen)),
      method: r.u16(at + 10),
      encrypted: (r.u16(at + 8) & 1) !== 0,
      crc: r.u32(at + 16),
      compressedSize: r.u32(at + 20),
      size: r.u32(at + 24),
      localOffset: r.u32(at + 42),
    };
    applyZip64(r, entry, nameStart + nameLen, nameStart + nameLen + extraLen);
    entries.push(entry);
    at = nameStart + nameLen + extraLen + commentLen;
  }
  return entries;
}
