import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeChatText, uploadKind } from './upload-kind';

const zip = zipSync({ 'a.txt': strToU8('x') });
const text = strToU8('12/01/2024, 09:16 - Alice: hi\n');

describe('uploadKind', () => {
  it('needs the name and the content to agree', () => {
    expect(uploadKind('chat.zip', zip)).toBe('zip');
    expect(uploadKind('CHAT.ZIP', zip)).toBe('zip');
    expect(uploadKind('chat.txt', text)).toBe('text');
    expect(() => uploadKind('chat.zip', text)).toThrow('not a zip archive');
    expect(() => uploadKind('chat.txt', zip)).toThrow('not a UTF-8 text file');
  });

  it.each(['chat.rar', 'chat.7zip', 'chat', 'chat.zip.exe', 'chat.txt.png'])('refuses %s', (name) => {
    expect(() => uploadKind(name, zip)).toThrow('Only .txt or .zip chat exports are supported.');
  });

  it('refuses empty files', () => {
    expect(() => uploadKind('chat.txt', new Uint8Array())).toThrow('The file is empty.');
  });
});

describe('decodeChatText', () => {
  it('drops a byte order mark', () => {
    expect(decodeChatText(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]))).toBe('hi');
  });

  it('refuses binary content', () => {
    expect(() => decodeChatText(new Uint8Array([0x68, 0xff, 0xfe]))).toThrow('not a UTF-8 text file');
    expect(() => decodeChatText(new Uint8Array([0x68, 0, 0x69]))).toThrow('not a UTF-8 text file');
  });
});
