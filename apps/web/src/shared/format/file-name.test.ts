import { describe, expect, it } from 'vitest';
import { shortFileName } from './file-name';

describe('shortFileName', () => {
  it('leaves a name within the limit unchanged', () => {
    expect(shortFileName('invoice.pdf', 20)).toBe('invoice.pdf');
    expect(shortFileName('a'.repeat(20), 20)).toBe('a'.repeat(20));
  });

  it('cuts the middle of the base name and keeps the extension', () => {
    const short = shortFileName('invoice-2024-march-final-signed.pdf', 20);
    expect(short).toBe('invoice-…-signed.pdf');
    expect(Array.from(short)).toHaveLength(20);
    expect(short.endsWith('.pdf')).toBe(true);
  });

  it('uses the whole limit', () => {
    const short = shortFileName('abcdefghijklmnopqrstuvwxyz.docx', 16);
    expect(Array.from(short)).toHaveLength(16);
    expect(short).toBe('abcde…vwxyz.docx');
  });

  it('treats a name without a usable extension as one piece', () => {
    expect(shortFileName('abcdefghijklmnopqrstuvwxyz', 10)).toBe('abcde…wxyz');
    expect(shortFileName('.bashrc-with-a-very-long-name', 10)).toBe('.bash…name');
    expect(shortFileName('report.this-is-not-an-extension', 12)).toBe('report…nsion');
  });

  it('never cuts inside an emoji', () => {
    const short = shortFileName('📷📷📷📷📷📷📷📷📷📷.jpg', 10);
    expect(short).toBe('📷📷📷…📷📷.jpg');
  });

  it('keeps the start when the limit leaves no room around the extension', () => {
    expect(shortFileName('invoice.pdf', 5)).toBe('invo…');
  });
});
