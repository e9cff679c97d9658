import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LinkParts {
  name: string;
  /** Expiry in seconds since the epoch, as the decimal text the link carries. */
  exp: string;
  /** Download file name, when the link serves a download. */
  dl?: string;
}

export type LinkCheck = 'valid' | 'invalid' | 'expired';

const CANONICAL_EXP = /^[1-9]\d{0,11}$/;

// Every part goes into the MAC, separated by a byte no part may contain, so no part can be shifted
// into another (e.g. a name ending in digits borrowing from exp).
function mac(secret: string, { name, exp, dl }: LinkParts): string {
  return createHmac('sha256', secret)
    .update(`wadesk-file-v1\0${name}\0${exp}\0${dl ?? ''}`)
    .digest('base64url');
}

export function signLink(secret: string, parts: LinkParts): string {
  return mac(secret, parts);
}

/**
 * Checks the signature (in constant time), then the expiry against `now`. Texts are compared, not the
 * decoded bytes: base64url and decimal both have other spellings of the same value (padding bits of the
 * last character, leading zeros), and a link is only valid exactly as it was issued.
 */
export function checkLink(secret: string, parts: LinkParts, sig: string, now: Date): LinkCheck {
  if (!CANONICAL_EXP.test(parts.exp) || parts.name.includes('\0') || parts.dl?.includes('\0')) {
    return 'invalid';
  }
  const given = Buffer.from(sig);
  const expected = Buffer.from(mac(secret, parts));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(parts.exp) * 1000 > now.getTime() ? 'valid' : 'expired';
}
