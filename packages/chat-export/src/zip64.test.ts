import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { readExport } from './read-export';

/** A one-entry stored zip written the Zip64 way (sizes and offsets in extra fields and a Zip64 end record). */
function zip64(name: string, data: Uint8Array): Uint8Array {
  const nameBytes = strToU8(name);
  const parts: Uint8Array[] = [];
  const block = (size: number, write: (v: DataView) => void) => {
    const bytes = new Uint8Array(size);
    write(new DataView(bytes.buffer));
    parts.push(bytes);
  };
  const crc = crc32(data);
  block(30, (v) => {
    v.setUint32(0, 0x04034b50, true);
    v.setUint16(4, 45, true);
    v.setUint16(8, 0, true);
    v.setUint32(14, crc, true);
    v.setUint32(18, 0xffffffff, true);
    v.setUint32(22, 0xffffffff, true);
    v.setUint16(26, nameBytes.length, true);
    v.setUint16(28, 20, true);
  });
  parts.push(nameBytes);
  block(20, (v) => {
    v.setUint16(0, 1, true);
    v.setUint16(2, 16, true);
    v.setBigUint64(4, BigInt(data.length), true);
    v.setBigUint64(12, BigInt(data.length), true);
  });
  parts.push(data);
  const cdOffset = parts.reduce((n, p) => n + p.length, 0);
  block(46, (v) => {
    v.setUint32(0, 0x02014b50, true);
    v.setUint16(4, 45, true);
    v.setUint16(6, 45, true);
    v.setUint32(16, crc, true);
    v.setUint32(20, 0xffffffff, true);
    v.setUint32(24, 0xffffffff, true);
    v.setUint16(28, nameBytes.length, true);
    v.setUint16(30, 28, true);
    v.setUint32(42, 0xffffffff, true);
  });
  parts.push(nameBytes);
  block(28, (v) => {
    v.setUint16(0, 1, true);
    v.setUint16(2, 24, true);
    v.setBigUint64(4, BigInt(data.length), true);
    v.setBigUint64(12, BigInt(data.length), true);
    v.setBigUint64(20, 0n, true);
  });
  const cdEnd = parts.reduce((n, p) => n + p.length, 0);
  block(56, (v) => {
    v.setUint32(0, 0x06064b50, true);
    v.setBigUint64(4, 44n, true);
    v.setBigUint64(24, 1n, true);
    v.setBigUint64(32, 1n, true);
    v.setBigUint64(40, BigInt(cdEnd - cdOffset), true);
    v.setBigUint64(48, BigInt(cdOffset), true);
  });
  block(20, (v) => {
    v.setUint32(0, 0x07064b50, true);
    v.setBigUint64(8, BigInt(cdEnd), true);
    v.setUint32(16, 1, true);
  });
  block(22, (v) => {
    v.setUint32(0, 0x06054b50, true);
    v.setUint16(8, 0xffff, true);
    v.setUint16(10, 0xffff, true);
    v.setUint32(12, 0xffffffff, true);
    v.setUint32(16, 0xffffffff, true);
  });
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('readExport with Zip64 records', () => {
  it('reads sizes and offsets from the Zip64 extra field and end record', () => {
    const text = '12/01/2024, 10:00 - Alice: hello';
    const result = readExport(zip64('_chat.txt', strToU8(text)));
    expect(result.text).toBe(text);
    expect(result.chatFileName).toBe('_chat.txt');
  });
});
