import { describe, expect, it } from 'vitest';
import { checkLink, signLink } from './link-signature';

const SECRET = 'a-secret-of-at-least-thirty-two-chars';
const now = new Date('2024-05-01T10:00:00Z');
const exp = String(now.getTime() / 1000 + 900);
const parts = { name: 'u1/AAAAAAAAAAAAAAAAAAAAAA/photo.jpg', exp };

describe('link signatures', () => {
  it('accepts a link exactly as issued until it expires', () => {
    const sig = signLink(SECRET, parts);
    expect(checkLink(SECRET, parts, sig, now)).toBe('valid');
    expect(checkLink(SECRET, parts, sig, new Date(Number(exp) * 1000 - 1))).toBe('valid');
    expect(checkLink(SECRET, parts, sig, new Date(Number(exp) * 1000))).toBe('expired');
  });

  it('binds the download name', () => {
    const sig = signLink(SECRET, { ...parts, dl: 'report.pdf' });
    expect(checkLink(SECRET, { ...parts, dl: 'report.pdf' }, sig, now)).toBe('valid');
    expect(checkLink(SECRET, { ...parts, dl: 'other.pdf' }, sig, now)).toBe('invalid');
    expect(checkLink(SECRET, parts, sig, now)).toBe('invalid');
  });

  it('refuses another secret, and other spellings of the same expiry or signature', () => {
    const sig = signLink(SECRET, parts);
    expect(checkLink(`${SECRET}x`, parts, sig, now)).toBe('invalid');
    expect(checkLink(SECRET, { ...parts, exp: `0${exp}` }, sig, now)).toBe('invalid');
    expect(checkLink(SECRET, { ...parts, exp: `${exp}.0` }, sig, now)).toBe('invalid');
    expect(checkLink(SECRET, parts, `${sig}=`, now)).toBe('invalid');
    expect(checkLink(SECRET, parts, '', now)).toBe('invalid');
    // The last base64url character carries 2 unused bits: a different letter decodes to the same bytes.
    const last = sig.at(-1) as string;
    const sibling = String.fromCharCode(last.charCodeAt(0) ^ 1);
    expect(checkLink(SECRET, parts, sig.slice(0, -1) + sibling, now)).toBe('invalid');
  });

  it('refuses any single changed character of name, exp or sig', () => {
    const sig = signLink(SECRET, parts);
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1);
    for (let at = 0; at < parts.name.length; at++) {
      expect(checkLink(SECRET, { ...parts, name: flip(parts.name, at) }, sig, now)).toBe('invalid');
    }
    for (let at = 0; at < exp.length; at++) {
      const changed = `${exp.slice(0, at)}${(Number(exp[at]) + 1) % 10}${exp.slice(at + 1)}`;
      expect(checkLink(SECRET, { ...parts, exp: changed }, sig, now)).not.toBe('valid');
    }
    for (let at = 0; at < sig.length; at++) {
      expect(checkLink(SECRET, parts, flip(sig, at), now)).toBe('invalid');
    }
  });
});
