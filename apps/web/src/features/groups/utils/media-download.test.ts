import { describe, expect, it } from 'vitest';
import { mediaFileName } from './media-download';

describe('mediaFileName', () => {
  it('is "chat media.jpeg" by default and ".mp4" for video/mp4', () => {
    expect(mediaFileName('image/jpeg', null)).toBe('chat media.jpeg');
    expect(mediaFileName('application/x-unknown', null)).toBe('chat media.jpeg');
    expect(mediaFileName('', undefined)).toBe('chat media.jpeg');
    expect(mediaFileName('video/mp4', null)).toBe('chat media.mp4');
  });

  it('keeps the extension of other known types, ignoring parameters', () => {
    expect(mediaFileName('audio/ogg; codecs=opus', null)).toBe('chat media.ogg');
    expect(mediaFileName('application/pdf', '')).toBe('chat media.pdf');
  });

  it('uses the sender’s file name when given, without path separators', () => {
    expect(mediaFileName('application/pdf', 'Invoice 12.pdf')).toBe('Invoice 12.pdf');
    expect(mediaFileName('application/pdf', '../etc/passwd')).toBe('.._etc_passwd');
  });
});
