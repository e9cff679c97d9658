import { crc32, deflateSync } from 'node:zlib';

// Small but real files for the simulator's media messages: a browser shows the PNG, plays the WAV and
// opens the PDF, so demo mode and the e2e tests exercise the same download path as real media.

/** An RGB PNG of one colour with a lighter diagonal band. */
export function png(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each row starts with filter type 0 (none)
    for (let x = 0; x < width; x++) {
      const band = Math.abs(x - y * (width / height)) < width / 8 ? 60 : 0;
      rows[row + 1 + x * 3] = Math.min(255, r + band);
      rows[row + 2 + x * 3] = Math.min(255, g + band);
      rows[row + 3 + x * 3] = Math.min(255, b + band);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A mono 8 kHz, 8-bit PCM WAV tone. */
export function wav(seconds: number, frequency: number): Buffer {
  const rate = 8000;
  const samples = Math.round(seconds * rate);
  const file = Buffer.alloc(44 + samples);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + samples, 4);
  file.write('WAVEfmt ', 8, 'ascii');
  file.writeUInt32LE(16, 16); // fmt chunk size
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // mono
  file.writeUInt32LE(rate, 24);
  file.writeUInt32LE(rate, 28); // bytes per second
  file.writeUInt16LE(1, 32); // block align
  file.writeUInt16LE(8, 34); // bits per sample
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) {
    const fade = Math.min(1, i / 400, (samples - i) / 400); // no clicks at the ends
    file[44 + i] = 128 + Math.round(90 * fade * Math.sin((2 * Math.PI * frequency * i) / rate));
  }
  return file;
}

/** A one-page PDF showing `lines` of text. */
export function pdf(lines: readonly string[]): Buffer {
  const pdfString = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = lines
    .map((line, i) => `BT /F1 14 Tf 56 ${780 - i * 22} Td (${pdfString(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
