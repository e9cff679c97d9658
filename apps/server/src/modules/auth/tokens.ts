import { createHash, createHmac, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Clock } from '../../clock';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = 'wadesk';

export interface AccessClaims {
  userId: number;
  organisationId: number;
  /** Refresh-token family of the sign-in (`sid`), so open event streams can end with it; null if none. */
  sessionId: string | null;
}

/** What a valid access token says, and until when (also what an event stream's token carries). */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: Date;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid, unexpired token signed by us, and when it was issued; null for anything else. */
  verify(token: string): Promise<(VerifiedAccess & { issuedAt: Date }) | null>;
}

/** Short-lived HS256 JWTs: `sub` = user id, `org` = organisation id, `sid` = sign-in, `iss` = wadesk. */
export function createAccessTokens({ secret, clock }: { secret: string; clock: Clock }): AccessTokens {
  // Empty means a shared secret was never fetched (see resolveSharedSecrets): tokens would be forgeable.
  if (!secret) throw new Error('JWT secret missing: resolveSharedSecrets must run before the app is built');
  const raw = new TextEncoder().encode(secret);
  // Imported once: given the raw bytes, jose imports the key again on every call (half the cost of a verify).
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const hmacKey = () =>
    (imported ??= webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));
  return {
    async sign({ userId, organisationId, sessionId }) {
      const now = Math.floor(clock().getTime() / 1000);
      // `iat_ms`: the issue time to the millisecond, so a token signed just after a password reset in the
      // same second still works while every one signed before it does not.
      const claims = {
        org: organisationId,
        iat_ms: clock().getTime(),
        ...(sessionId ? { sid: sessionId } : {}),
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await hmacKey());
    },
    async verify(token) {
      const payload = verifyHs256(token, raw, Math.floor(clock().getTime() / 1000));
      if (!payload) return null;
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(payload.org)) return null;
      return {
        userId,
        organisationId: payload.org as number,
        sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        expiresAt: new Date((payload.exp as number) * 1000),
        issuedAt: new Date(
          Number.isSafeInteger(payload.iat_ms) ? (payload.iat_ms as number) : (payload.iat as number) * 1000,
        ),
      };
    },
  };
}

/** An opaque refresh token: 32 random bytes, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the refresh token, so a leaked table cannot be replayed. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A JSON object encoded as base64url, or null for anything else. */
function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The payload of a compact HS256 JWS signed with `key` whose claims hold at `now` (seconds), or null. What
 * jose's jwtVerify checks for our tokens, done synchronously: WebCrypto's asynchronous HMAC (jose 6 has no
 * other) cost a quarter of the server's CPU per authenticated request under load (docs/decisions/0023).
 * Checked: the algorithm is HS256 and nothing asks for an extension (`crit`, `b64`), the signature in its
 * one canonical encoding (compared in constant time), issuer, `exp` (expired at exp <= now, as jose) and
 * `iat` present and numeric, `nbf` if present.
 */
export function verifyHs256(token: string, key: Uint8Array, now: number): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts as [string, string, string];
  const protectedHeader = jsonObject(header);
  if (protectedHeader?.alg !== 'HS256' || 'crit' in protectedHeader || 'b64' in protectedHeader) return null;
  const given = Buffer.from(signature, 'base64url');
  if (given.toString('base64url') !== signature) return null;
  const expected = createHmac('sha256', key).update(`${header}.${body}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = jsonObject(body);
  if (!payload || payload.iss !== ISSUER) return null;
  if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
  if (payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  return payload;
}
