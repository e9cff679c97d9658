import { inflateSync, strToU8, type Zippable, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ChatExportError } from './errors';
import { parseChat } from './parse-chat';
import { listExportMedia, readExport, readExportWith } from './read-export';

const CHAT =
  '12/01/2024, 10:00 - Alice: IMG-20240112-WA0001.jpg (file attached)\n12/01/2024, 10:01 - Bob: hi';
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);
const OPUS = new Uint8Array(5000).fill(7);

function errorOf(run: () => unknown): ChatExportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ChatExportError) return error;
    throw error;
  }
  throw new Error('expected a ChatExportError');
}

/** Rewrites a 32-bit field of the central directory entry of `name` (offset within the entry). */
function patchCentral(zip: Uint8Array, name: string, field: number, value: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let at = 0; at + 46 <= out.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLen = view.getUint16(at + 28, true);
    if (new TextDecoder().decode(out.subarray(at + 46, at + 46 + nameLen)) === name) {
      view.setUint32(at + field, value, true);
      return out;
    }
  }
  throw new Error(`no entry ${name}`);
}

describe('readExport', () => {
  const zip = zipSync({
    'WhatsApp Chat with Alice.txt': strToU8(`\ufeff${CHAT}`),
    'IMG-20240112-WA0001.jpg': [JPEG, { level: 0 }],
    'Media/PTT-20240112-WA0002.opus': OPUS,
  });

  it('returns the chat text without BOM and the media by base name', () => {
    const result = readExport(zip);
    expect(result.chatFileName).toBe('WhatsApp Chat with Alice.txt');
    expect(result.text).toBe(CHAT);
    expect([...result.media.keys()]).toEqual(['IMG-20240112-WA0001.jpg', 'PTT-20240112-WA0002.opus']);
    const image = result.media.get('IMG-20240112-WA0001.jpg');
    expect(image).toMatchObject({ size: JPEG.length, mime: 'image/jpeg', kind: 'image' });
    expect(image?.bytes()).toEqual(JPEG);
    const audio = result.media.get('PTT-20240112-WA0002.opus');
    expect(audio).toMatchObject({
      path: 'Media/PTT-20240112-WA0002.opus',
      size: 5000,
      mime: 'audio/ogg',
      kind: 'audio',
    });
    expect(audio?.bytes()).toEqual(OPUS);
  });

  it('gives media names that the parsed messages reference', () => {
    const { text, media } = readExport(zip);
    const [first] = parseChat(text).messages;
    expect(media.has(first?.attachment?.file_name ?? '')).toBe(true);
  });

  it('extracts media lazily: a damaged media file fails only when read', () => {
    const damaged = patchCentral(zip, 'Media/PTT-20240112-WA0002.opus', 16, 12345); // wrong CRC
    const result = readExport(damaged);
    expect(result.text).toBe(CHAT);
    expect(errorOf(() => result.media.get('PTT-20240112-WA0002.opus')?.bytes()).code).toBe('corrupt-zip');
  });

  it.each([
    ['_chat.txt', { '_chat.txt': CHAT, 'notes.txt': 'x', 'WhatsApp Chat with Bob.txt': 'y' }],
    ['WhatsApp-Chat mit Anna.txt', { 'WhatsApp-Chat mit Anna.txt': CHAT, 'notes.txt': 'x' }],
    ['Chat de WhatsApp con Ana.txt', { 'Chat de WhatsApp con Ana.txt': CHAT, 'readme.txt': 'x' }],
    ['Discussion WhatsApp avec Léa.txt', { 'Discussion WhatsApp avec Léa.txt': CHAT }],
    ['export.txt', { 'export.txt': CHAT, 'photo.jpg': 'x' }],
  ])('picks %s as the chat', (expected, files) => {
    const entries: Zippable = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]));
    const result = readExport(zipSync(entries));
    expect(result.chatFileName).toBe(expected);
    expect(result.text).toBe(CHAT);
    expect(result.media.has(expected)).toBe(false);
  });

  it('refuses a chat text declaring more than maxChatTextBytes before inflating it, and lists media without inflating', () => {
    const zip = zipSync({
      'WhatsApp Chat.txt': strToU8('x'.repeat(5000)),
      'a.jpg': new Uint8Array([1, 2, 3]),
    });
    expect(() => readExport(zip, { maxChatTextBytes: 4999 })).toThrowError(
      expect.objectContaining({ code: 'chat-too-large' }),
    );
    expect(readExport(zip, { maxChatTextBytes: 5000 }).text).toHaveLength(5000);
    expect([...listExportMedia(zip).keys()]).toEqual(['a.jpg']);
  });

  it('fails clearly without a chat text', () => {
    const none = errorOf(() => readExport(zipSync({ 'a.jpg': JPEG })));
    expect(none.code).toBe('no-chat');
    expect(none.message).toMatch(/no chat text file/);
    const several = errorOf(() => readExport(zipSync({ 'a.txt': strToU8('1'), 'b.txt': strToU8('2') })));
    expect(several.code).toBe('no-chat');
  });

  it('ignores names that could escape a folder', () => {
    const result = readExport(
      zipSync({
        '_chat.txt': strToU8(CHAT),
        '../evil.txt': strToU8('evil'),
        '/abs.jpg': JPEG,
        'media/../../up.jpg': JPEG,
        'C:\\windows.jpg': JPEG,
        '__MACOSX/._IMG.jpg': JPEG,
        'ok/IMG.jpg': JPEG,
      }),
    );
    expect([...result.media.keys()]).toEqual(['IMG.jpg']);
  });

  it('fails on damaged or foreign bytes', () => {
    expect(errorOf(() => readExport(strToU8('just a text file, not a zip'))).code).toBe('corrupt-zip');
    expect(errorOf(() => readExport(new Uint8Array(0))).code).toBe('corrupt-zip');
    expect(errorOf(() => readExport(zip.subarray(0, zip.length - 30))).code).toBe('corrupt-zip');
    const flipped = zip.slice();
    flipped[70] = (flipped[70] as number) ^ 0xff; // inside the chat entry's data (header 30 + name 28 bytes)
    expect(errorOf(() => readExport(flipped)).code).toBe('corrupt-zip');
    expect(errorOf(() => readExport(flipped)).message).toBe('The zip file is damaged or is not a zip file.');
  });
});

describe('readExport limits', () => {
  it('refuses too many entries before reading them', () => {
    const files: Zippable = { '_chat.txt': strToU8(CHAT) };
    for (let i = 0; i < 10; i++) files[`IMG-${i}.jpg`] = JPEG;
    const error = errorOf(() => readExport(zipSync(files), { maxEntries: 10 }));
    expect(error.code).toBe('too-many-entries');
    expect(error.message).toBe('The zip holds 11 files; at most 10 are allowed.');
    expect(readExport(zipSync(files), { maxEntries: 11 }).media.size).toBe(10);
  });

  it('refuses a zip whose declared sizes exceed the limit before inflating', () => {
    const bomb = zipSync({ '_chat.txt': strToU8(CHAT), 'zeros.bin': new Uint8Array(3 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(20_000);
    const error = errorOf(() => readExport(bomb, { maxTotalBytes: 1024 * 1024 }));
    expect(error.code).toBe('too-large');
    expect(error.message).toMatch(/at most 1 MB/);
  });

  it('stops inflating an entry that unpacks to more than it declares', () => {
    const bomb = zipSync({ '_chat.txt': strToU8(CHAT), 'zeros.bin': new Uint8Array(3 * 1024 * 1024) });
    const lying = patchCentral(bomb, 'zeros.bin', 24, 1000); // declared uncompressed size
    const media = readExport(lying, { maxTotalBytes: 1024 * 1024 }).media;
    expect(media.get('zeros.bin')?.size).toBe(1000);
    expect(errorOf(() => media.get('zeros.bin')?.bytes()).code).toBe('too-large');
    const lyingChat = patchCentral(zipSync({ '_chat.txt': strToU8(CHAT.repeat(50)) }), '_chat.txt', 24, 10);
    expect(errorOf(() => readExport(lyingChat)).code).toBe('too-large');
  });
});

describe('readExportWith (an inflater supplied by the caller)', () => {
  // The bounded inflater the browser uses has the same contract: RangeError past maxBytes.
  const fflateInflater = async (data: Uint8Array, maxBytes: number) => {
    const out = inflateSync(data);
    if (out.length > maxBytes) throw new RangeError('too long');
    return out;
  };
  const zip = zipSync({
    'WhatsApp Chat with Alice.txt': strToU8(`\ufeff${CHAT}`),
    'IMG-20240112-WA0001.jpg': JPEG,
  });

  it('gives what readExport gives', async () => {
    const result = await readExportWith(zip, fflateInflater);
    expect(result.text).toBe(CHAT);
    expect(result.chatFileName).toBe('WhatsApp Chat with Alice.txt');
    expect(result.media.get('IMG-20240112-WA0001.jpg')?.bytes()).toEqual(JPEG);
  });

  it('keeps the size, CRC and bomb checks', async () => {
    const codeOf = async (bytes: Uint8Array) => {
      try {
        await readExportWith(bytes, fflateInflater);
      } catch (error) {
        if (error instanceof ChatExportError) return error.code;
        throw error;
      }
      return 'no error';
    };
    const lyingChat = patchCentral(zipSync({ '_chat.txt': strToU8(CHAT.repeat(50)) }), '_chat.txt', 24, 10);
    expect(await codeOf(lyingChat)).toBe('too-large');
    const flipped = zip.slice();
    flipped[70] = (flipped[70] as number) ^ 0xff;
    expect(await codeOf(flipped)).toBe('corrupt-zip');
    const wrongCrc = patchCentral(zip, 'WhatsApp Chat with Alice.txt', 16, 12345);
    expect(await codeOf(wrongCrc)).toBe('corrupt-zip');
  });
});
