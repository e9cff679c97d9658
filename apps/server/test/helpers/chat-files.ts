import { strToU8, type Zippable, zipSync } from 'fflate';

/** A real 1×1 PNG (red pixel). */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** The start of an Ogg Opus voice note (OggS page with an OpusHead packet) plus filler: audio bytes. */
export const VOICE_NOTE = Uint8Array.from([
  ...Buffer.from('OggS', 'ascii'),
  0,
  2,
  ...new Array(20).fill(0),
  1,
  19,
  ...Buffer.from('OpusHead', 'ascii'),
  1,
  1,
  0x38,
  0x01,
  0x80,
  0xbb,
  0,
  0,
  0,
  0,
  0,
  ...Array.from({ length: 300 }, (_, i) => (i * 37) % 256),
]);

export const PDF = strToU8(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** An Android export: text, a photo with a caption, a voice note, a PDF and a photo missing from the zip. */
export const CHAT_TEXT = [
  '12/01/2024, 09:15 - Messages and calls are end-to-end encrypted.',
  '12/01/2024, 09:16 - Alice: Good morning!',
  '12/01/2024, 09:17 - Bob: IMG-20240112-WA0001.jpg (file attached)',
  'Look at this',
  '12/01/2024, 09:18 - Alice: PTT-20240112-WA0002.opus (file attached)',
  '12/01/2024, 09:19 - Bob: DOC-20240112-WA0003.pdf (file attached)',
  '12/01/2024, 09:20 - Alice: IMG-20240112-WA0004.jpg (file attached)',
  '12/01/2024, 09:21 - Bob: See you later',
  '',
].join('\n');

export const CHAT_MEDIA: Record<string, Uint8Array> = {
  'IMG-20240112-WA0001.jpg': TINY_PNG, // WhatsApp names; the bytes only need to be real media
  'PTT-20240112-WA0002.opus': VOICE_NOTE,
  'DOC-20240112-WA0003.pdf': PDF,
};

/** A WhatsApp-style export zip; `extra` adds or overrides entries (a Uint8Array or text). */
export function exportZip(extra: Record<string, Uint8Array | string> = {}, text = CHAT_TEXT): Uint8Array {
  const entries: Zippable = { 'WhatsApp Chat with Bob.txt': strToU8(text), ...CHAT_MEDIA };
  for (const [name, value] of Object.entries(extra)) {
    entries[name] = typeof value === 'string' ? strToU8(value) : value;
  }
  return zipSync(entries);
}

export interface MultipartFile {
  field?: string;
  fileName: string;
  bytes: Uint8Array;
  contentType?: string;
}

/** A multipart/form-data body for `app.inject` holding the given files (and text fields). */
export function multipart(files: MultipartFile[], fields: Record<string, string> = {}) {
  const boundary = `----wadesk${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file_uploaded'}"; ` +
          `filename="${file.fileName}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadOf(fileName: string, bytes: Uint8Array) {
  return multipart([{ fileName, bytes }]);
}
