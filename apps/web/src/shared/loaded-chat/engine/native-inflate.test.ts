import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { hasNativeInflate, nativeInflateRaw } from './native-inflate';

describe('nativeInflateRaw', () => {
  const chat = '12/01/2024, 10:00 - Alice: hello\n'.repeat(2000);
  const text = new TextEncoder().encode(chat);
  const packed = deflateSync(text);

  it('inflates raw deflate with the runtime’s DecompressionStream', async () => {
    expect(hasNativeInflate()).toBe(true);
    // Compared as text: jsdom and Node each have their own Uint8Array.
    expect(new TextDecoder().decode(await nativeInflateRaw(packed, text.length))).toBe(chat);
  });

  it('stops with a RangeError past the declared size', async () => {
    await expect(nativeInflateRaw(packed, 1000)).rejects.toBeInstanceOf(RangeError);
  });

  it('fails on bytes that are not deflate', async () => {
    await expect(nativeInflateRaw(new Uint8Array([0xff, 0xff, 0xff, 0xff]), 100)).rejects.toThrow();
  });
});
