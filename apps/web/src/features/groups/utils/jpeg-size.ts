/**
 * The width and height a JPEG states in its frame header, read from its base64 text without decoding the
 * image; null when it is not a JPEG or states none. A photo's preview takes that shape before the browser
 * has decoded it: a preview that grew when it decoded moved every row of the message list below it, and
 * one above the screen moved what the reader was looking at (docs/decisions/0025-group-reading.md).
 */
export function jpegSize(base64: string): { width: number; height: number } | null {
  let bytes: string;
  try {
    bytes = atob(base64);
  } catch {
    return null;
  }
  const at = (i: number) => bytes.charCodeAt(i);
  if (at(0) !== 0xff || at(1) !== 0xd8) return null;
  let i = 2;
  while (i + 3 < bytes.length) {
    if (at(i) !== 0xff) return null;
    const marker = at(i + 1);
    // Fill bytes, and markers that stand alone (no length follows them).
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      i += 2;
      continue;
    }
    // Start of frame (baseline, progressive, …): every 0xC0–0xCF but the Huffman (C4), arithmetic (CC)
    // tables and the reserved C8.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 8 >= bytes.length) return null;
      const height = (at(i + 5) << 8) | at(i + 6);
      const width = (at(i + 7) << 8) | at(i + 8);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    i += 2 + ((at(i + 2) << 8) | at(i + 3));
  }
  return null;
}
