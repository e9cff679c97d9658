import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { AccessTokens } from './tokens';

/** Who is calling: set on `request.user` by `app.authenticate`. */
export interface RequestUser {
  id: number;
  organisationId: number;
  /** The sign-in (refresh-token family) the access token belongs to; null for tokens without one. */
  sessionId: string | null;
  /** When the access token of this request expires. */
  tokenExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Bearer-token guard. Put it on a route as `{ onRequest: [app.authenticate] }`; the handler then reads
     * `request.user` ({ id, organisationId }) and must scope every query by `request.user.organisationId`.
     * Missing, forged or expired tokens answer 401 `{message}` before the body is even read.
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** Only set on routes guarded by `app.authenticate`; reading it elsewhere is a bug. */
    user: RequestUser;
  }
}

/** OpenAPI security requirement for guarded routes: `schema: { security: bearerAuth, … }`. */
export const bearerAuth = [{ bearerAuth: [] }];

export const authenticationErrors = {
  missing: 'Authentication required.',
  invalid: 'Your session has expired. Please sign in again.',
} as const;

/**
 * Whether a token still speaks for its user: the user exists in the organisation it names, and no
 * password reset or takeover ended the user's tokens after it was issued.
 */
export type TokenUserValid = (userId: number, organisationId: number, issuedAt: Date) => Promise<boolean>;

/**
 * Adds `app.authenticate` and `request.user` to the root instance, so every module can use them. A
 * valid signature is not enough: the token's user must still exist and not have had its tokens ended
 * since (one primary-key lookup).
 */
export function installAuthentication(
  app: FastifyInstance,
  accessTokens: AccessTokens,
  tokenUserValid: TokenUserValid,
): void {
  app.decorateRequest('user', null as never);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    const verified = token ? await accessTokens.verify(token) : null;
    const claims =
      verified && (await tokenUserValid(verified.userId, verified.organisationId, verified.issuedAt))
        ? verified
        : null;
    if (!claims) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, token ? authenticationErrors.invalid : authenticationErrors.missing);
    }
    request.user = {
      id: claims.userId,
      organisationId: claims.organisationId,
      sessionId: claims.sessionId,
      tokenExpiresAt: claims.expiresAt,
    };
  });
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}
