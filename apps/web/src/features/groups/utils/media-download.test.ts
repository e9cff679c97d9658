import { describe, expect, it } from 'vitest';
import { extensionOf, mediaFileName } from './media-download';

// 4 March 2024, 09:05:12 in this browser's time zone.
const at = new Date(2024, 2, 4, 9, 5, 12).getTime() / 1000;
const origin = { chat: 'Pune Support', author: 'Asha', timestamp: at };

describe('mediaFileName', () => {
  it('names a file without a name of its own by group, author and time, with the extension of its type', () => {
    expect(mediaFileName('image/jpeg', null, origin)).toBe('Pune Support - Asha - 2024-03-04 09.05.12.jpeg');
    expect(mediaFileName('video/mp4', undefined, origin)).toBe(
      'Pune Support - Asha - 2024-03-04 09.05.12.mp4',
    );
    expect(mediaFileName('image/png', '  ', origin)).toBe('Pune Support - Asha - 2024-03-04 09.05.12.png');
  });

  it('is never "chat media"', () => {
    for (const type of ['image/png', 'image/jpeg', 'video/mp4', '']) {
      expect(mediaFileName(type, null, origin)).not.toMatch(/chat media/);
    }
  });

  it('uses the sender’s file name when given, without path separators or characters file systems refuse', () => {
    expect(mediaFileName('application/pdf', 'Invoice 12.pdf', origin)).toBe('Invoice 12.pdf');
    expect(mediaFileName('application/pdf', '../etc/passwd', origin)).toBe('.._etc_passwd');
    expect(mediaFileName('image/png', 'a:b*c?.png', origin)).toBe('a_b_c_.png');
  });

  it('keeps group and author names safe for a file name', () => {
    const name = mediaFileName('image/webp', null, {
      chat: 'Team A/B: "ops"',
      author: 'Ravi?',
      timestamp: at,
    });
    expect(name).toBe('Team A_B_ _ops_ - Ravi_ - 2024-03-04 09.05.12.webp');
  });
});

describe('extensionOf', () => {
  it('knows the usual types, ignores parameters, else uses a plain subtype, else "bin"', () => {
    expect(extensionOf('audio/ogg; codecs=opus')).toBe('ogg');
    expect(extensionOf('application/pdf')).toBe('pdf');
    expect(extensionOf('image/heic')).toBe('heic');
    expect(extensionOf('application/vnd.ms-excel')).toBe('bin');
    expect(extensionOf('')).toBe('bin');
  });
});
