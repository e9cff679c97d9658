import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
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
      try {
        // Pinning the algorithm rejects `alg: none` and any attempt to switch to another key type.
        const { payload } = await jwtVerify(token, await hmacKey(), {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: clock(),
          requiredClaims: ['exp', 'iat'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(payload.org)) return null;
        return {
          userId,
          organisationId: payload.org as number,
          sessionId: typeof payload.sid === 'string' ? payload.sid : null,
          expiresAt: new Date((payload.exp as number) * 1000),
          issuedAt: new Date(
            Number.isSafeInteger(payload.iat_ms)
              ? (payload.iat_ms as number)
              : (payload.iat as number) * 1000,
          ),
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
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
