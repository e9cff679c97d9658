import { createHmac, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock';
import type { VerifiedAccess } from '../auth/tokens';
import type { StreamTokensRepository } from './stream-tokens.repository';

export const STREAM_TOKEN_TTL_SECONDS = 60;
const AUDIENCE = 'wadesk-events';
const ISSUER = 'wadesk';

export interface StreamTokens {
  /** A token for one stream on behalf of `access`; the stream inherits its sign-in and expiry. */
  issue(access: VerifiedAccess): Promise<string>;
  /**
   * The access a valid token not used before stands for, with when the token was issued (tokens a reset
   * or a Google link ended since then no longer speak for the user); null otherwise.
   */
  redeem(token: string): Promise<(VerifiedAccess & { issuedAt: Date }) | null>;
}

export interface StreamTokensDeps {
  secret: string;
  clock: Clock;
  repo: StreamTokensRepository;
}

/**
 * Short-lived, single-use tokens for opening the event stream (EventSource cannot send an Authorization
 * header). A JWT with its own key and audience, so neither an access token nor a stream token passes for
 * the other. Used ids are kept in the database, so a token redeemed on one instance fails on every other.
 */
export function createStreamTokens({ secret, clock, repo }: StreamTokensDeps): StreamTokens {
  // A key of its own (derived from the JWT secret): a stream token never verifies as an access token.
  const key = createHmac('sha256', secret).update('wadesk event-stream tokens').digest();
  let nextPurge = 0;

  return {
    issue({ userId, organisationId, sessionId, expiresAt }) {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({
        org: organisationId,
        sid: sessionId,
        aexp: Math.floor(expiresAt.getTime() / 1000),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + STREAM_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async redeem(token) {
      const now = clock();
      if (now.getTime() >= nextPurge) {
        nextPurge = now.getTime() + STREAM_TOKEN_TTL_SECONDS * 1000;
        await repo.purgeExpired(now);
      }
      const verified = await verifyToken(token, key, now);
      if (!verified) return null;
      // The one statement that makes a token single-use across instances: only the first insert wins.
      const first = await repo.markRedeemed(verified.jti, new Date(verified.exp * 1000));
      return first ? verified.access : null;
    },
  };
}

async function verifyToken(
  token: string,
  key: Uint8Array,
  now: Date,
): Promise<{ jti: string; exp: number; access: VerifiedAccess & { issuedAt: Date } } | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['jti', 'exp', 'iat'],
    });
    const userId = Number(payload.sub);
    const { org, sid, aexp } = payload;
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(org) || !Number.isSafeInteger(aexp))
      return null;
    if (sid !== null && typeof sid !== 'string') return null;
    if ((aexp as number) * 1000 <= now.getTime()) return null; // the access token behind it has expired
    return {
      jti: payload.jti as string,
      exp: payload.exp as number,
      access: {
        userId,
        organisationId: org as number,
        sessionId: sid,
        expiresAt: new Date((aexp as number) * 1000),
        issuedAt: new Date((payload.iat as number) * 1000),
      },
    };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
