import { describe, expect, it } from 'vitest';
import { jpegSize } from './jpeg-size';

/** A JPEG's header: start of image, an APP0 (JFIF) segment, a padding byte, then a frame header. */
function jpegHeader(frameMarker: number, width: number, height: number): string {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0,
  ];
  const frame = [
    0xff,
    frameMarker,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
  ];
  return btoa(String.fromCharCode(0xff, 0xd8, ...app0, 0xff, ...frame, 0x01, 0x22, 0x00));
}

describe('jpegSize', () => {
  it('reads the size a baseline or progressive JPEG states, past the segments before its frame', () => {
    expect(jpegSize(jpegHeader(0xc0, 48, 36))).toEqual({ width: 48, height: 36 });
    expect(jpegSize(jpegHeader(0xc2, 1080, 1920))).toEqual({ width: 1080, height: 1920 });
  });

  it('skips a Huffman table segment, whose marker sits among the frame markers', () => {
    const huffman = [0xff, 0xc4, 0x00, 0x04, 0x00, 0x00];
    const frame = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x40, 0x00, 0x80, 0x03];
    expect(jpegSize(btoa(String.fromCharCode(0xff, 0xd8, ...huffman, ...frame)))).toEqual({
      width: 128,
      height: 64,
    });
  });

  it('answers null for what is not a JPEG, a header cut short, or a zero size', () => {
    expect(jpegSize('UklGRqgAAABXRUJQVlA4WAoAAAAQ')).toBeNull(); // WebP
    expect(jpegSize('not base64 at all!')).toBeNull();
    expect(jpegSize(jpegHeader(0xc0, 48, 36).slice(0, 20))).toBeNull();
    expect(jpegSize(jpegHeader(0xc0, 0, 36))).toBeNull();
  });
});
