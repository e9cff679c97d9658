import { createHmac, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock';
import type { AccessClaims } from '../auth/tokens';

export const STREAM_TICKET_TTL_SECONDS = 60;
const AUDIENCE = 'wadesk-events';
const ISSUER = 'wadesk';

export interface StreamTickets {
  issue(claims: AccessClaims): Promise<string>;
  /** The claims of a valid ticket not used before; null otherwise. */
  redeem(ticket: string): Promise<AccessClaims | null>;
}

/**
 * Short-lived, single-use tickets for opening the event stream (EventSource cannot send an Authorization
 * header). A JWT with its own key and audience, so neither an access token nor a ticket passes for the
 * other; used ids are remembered until they expire.
 */
export function createStreamTickets({ secret, clock }: { secret: string; clock: Clock }): StreamTickets {
  // A key of its own (derived from the JWT secret): a ticket never verifies as an access token.
  const key = createHmac('sha256', secret).update('wadesk event-stream tickets').digest();
  const used = new Map<string, number>();

  return {
    issue({ userId, organisationId }) {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ org: organisationId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + STREAM_TICKET_TTL_SECONDS)
        .sign(key);
    },
    async redeem(ticket) {
      const now = clock().getTime();
      for (const [id, expiresAt] of used) if (expiresAt < now) used.delete(id);
      try {
        const { payload } = await jwtVerify(ticket, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: clock(),
        });
        const userId = Number(payload.sub);
        if (
          !payload.jti ||
          used.has(payload.jti) ||
          !Number.isSafeInteger(userId) ||
          !Number.isSafeInteger(payload.org)
        )
          return null;
        used.set(payload.jti, (payload.exp ?? 0) * 1000);
        return { userId, organisationId: payload.org as number };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
