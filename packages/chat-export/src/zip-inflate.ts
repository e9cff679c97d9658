import { Inflate } from 'fflate';
import { crc32 } from './crc32';
import { ChatExportError } from './errors';
import { ByteReader, corrupt, type ZipEntry } from './zip-directory';

const LOCAL = 0x04034b50;
// Small input chunks bound how far a lying entry can inflate before the size check stops it
// (deflate expands at most ~1,032 times: 16 KB in, under 17 MB out).
const CHUNK = 16 * 1024;

function dataRange(r: ByteReader, entry: ZipEntry): [number, number] {
  const at = entry.localOffset;
  if (r.u32(at) !== LOCAL) throw corrupt();
  const start = at + 30 + r.u16(at + 26) + r.u16(at + 28);
  const end = start + entry.compressedSize;
  if (end > r.bytes.length) throw corrupt();
  return [start, end];
}

export function isSupported(entry: ZipEntry): boolean {
  return !entry.encrypted && (entry.method === 0 || entry.method === 8);
}

function tooLarge(entry: ZipEntry): ChatExportError {
  return new ChatExportError(
    'too-large',
    `"${entry.name}" unpacks to more than the ${entry.size} bytes the zip declares; the zip looks like a zip bomb.`,
  );
}

function inflate(data: Uint8Array, entry: ZipEntry): Uint8Array {
  const out = new Uint8Array(entry.size);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > out.length) throw tooLarge(entry);
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    if (data.length === 0) inflater.push(data, true);
    for (let off = 0; off < data.length; off += CHUNK) {
      inflater.push(data.subarray(off, off + CHUNK), off + CHUNK >= data.length);
    }
  } catch (error) {
    throw error instanceof ChatExportError ? error : corrupt();
  }
  if (written !== out.length) throw corrupt();
  return out;
}

/** The stored or deflated bytes of an entry, after checking its header and bounds. */
function packedData(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  if (!isSupported(entry)) {
    throw new ChatExportError(
      'unsupported',
      `"${entry.name}" is encrypted or compressed in an unsupported way.`,
    );
  }
  const [start, end] = dataRange(new ByteReader(zip), entry);
  const data = zip.subarray(start, end);
  if (entry.method === 0 && data.length !== entry.size)
    throw entry.size < data.length ? tooLarge(entry) : corrupt();
  return data;
}

function checked(out: Uint8Array, entry: ZipEntry): Uint8Array {
  if (out.length !== entry.size || crc32(out) !== entry.crc) throw corrupt();
  return out;
}

/** Unpacks one entry, never producing more than its declared size, and checks its CRC. */
export function extractEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = packedData(zip, entry);
  return checked(entry.method === 0 ? data.slice() : inflate(data, entry), entry);
}

/**
 * Raw-deflate inflater supplied by the caller. It must stop with a RangeError as soon as the output
 * would pass `maxBytes`, so that a zip lying about its size cannot fill memory.
 */
export type InflateRaw = (data: Uint8Array, maxBytes: number) => Promise<Uint8Array>;

/** extractEntry with the inflating done by `inflateRaw`; the same size and CRC checks. */
export async function extractEntryWith(
  zip: Uint8Array,
  entry: ZipEntry,
  inflateRaw: InflateRaw,
): Promise<Uint8Array> {
  const data = packedData(zip, entry);
  if (entry.method === 0) return checked(data.slice(), entry);
  let out: Uint8Array;
  try {
    out = await inflateRaw(data, entry.size);
  } catch (error) {
    throw error instanceof RangeError ? tooLarge(entry) : corrupt();
  }
  return checked(out, entry);
}
