import { describe, expect, it } from 'vitest';
import { checkUpload, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, uploadKind } from './upload-rules';

const file = (name: string, size = 10, type = '') => new File([new Uint8Array(size)], name, { type });

describe('checkUpload', () => {
  it('accepts a .txt and a .zip export', () => {
    expect(checkUpload([file('WhatsApp Chat with Bob.txt')])).toMatchObject({ ok: true, kind: 'text' });
    expect(checkUpload([file('chat.ZIP', 10, 'application/x-zip-compressed')])).toMatchObject({
      ok: true,
      kind: 'zip',
    });
  });

  it('processes only the first file', () => {
    const first = file('a.txt');
    const result = checkUpload([first, file('b.rar'), file('c.zip')]);
    expect(result).toEqual({ ok: true, file: first, kind: 'text' });
    expect(checkUpload([file('b.rar'), first])).toEqual({ ok: false, message: UPLOAD_MESSAGES.unsupported });
    expect(checkUpload([])).toBeNull();
  });

  it('allows exactly 4 MB and refuses one byte more, before looking at the type', () => {
    expect(checkUpload([file('big.txt', MAX_UPLOAD_BYTES)])).toMatchObject({ ok: true });
    expect(checkUpload([file('big.txt', MAX_UPLOAD_BYTES + 1)])).toEqual({
      ok: false,
      message: 'file size exceed limit of 4MB',
    });
    expect(checkUpload([file('big.rar', MAX_UPLOAD_BYTES + 1)])).toEqual({
      ok: false,
      message: UPLOAD_MESSAGES.tooLarge,
    });
  });

  it('refuses archives it cannot open and other files with a message saying what works', () => {
    for (const name of ['chat.rar', 'chat.7zip', 'chat.7z', 'photo.jpg', 'chat.txt.exe']) {
      expect(checkUpload([file(name)])).toEqual({ ok: false, message: UPLOAD_MESSAGES.unsupported });
    }
    expect(UPLOAD_MESSAGES.unsupported).toMatch(/\.txt.*\.zip/);
  });

  it('falls back to the type for a file without an extension', () => {
    expect(uploadKind({ name: 'export', type: 'text/plain' })).toBe('text');
    expect(uploadKind({ name: 'export', type: 'application/zip' })).toBe('zip');
    expect(uploadKind({ name: 'export', type: '' })).toBeNull();
  });
});
