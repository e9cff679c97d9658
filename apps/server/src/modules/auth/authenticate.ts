import {
  type MemberRole,
  memberMessages,
  roleAtLeast,
  type VerifiedOnlyAction,
  verifyFirst,
} from '@wadesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { AccessTokens } from './tokens';

/** Who is calling: set on `request.user` by `app.authenticate`. */
export interface RequestUser {
  id: number;
  organisationId: number;
  /** The user's role as stored now, not as it was when the token was issued. */
  role: MemberRole;
  /** Whether the user's address is verified, as stored now (the `requireVerified` guard reads it). */
  emailVerified: boolean;
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
    /**
     * Role guard, after `authenticate`: `{ onRequest: [app.requireRole('admin')] }` answers 403 `{message}`
     * to a caller whose current role is below `role`.
     */
    requireRole(role: MemberRole): (request: FastifyRequest) => Promise<void>;
    /**
     * Verified-address guard, after `authenticate` (and `requireRole`): `{ onRequest:
     * [app.requireVerified('invite')] }` answers 403 `{message}` (`verifyFirst`) to a caller whose address is
     * not verified yet. The one place of the rule "an unverified account holds no power over others"
     * (docs/decisions/0016-members-and-roles.md): whoever registered an address they do not own must not
     * bring in, promote or remove people, or link a WhatsApp account, before the owner of the address
     * can take it back (by its link or Google).
     */
    requireVerified(action: VerifiedOnlyAction): (request: FastifyRequest) => Promise<void>;
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

/** What every request checks of its user, as stored now. */
export interface TokenUser {
  role: MemberRole;
  emailVerified: boolean;
}

/**
 * The user's current role and whether their address is verified, when a token still speaks for them: the
 * user exists in the organisation it names, and no password reset, takeover or role change ended the
 * user's tokens after it was issued. Null otherwise.
 */
export type TokenUserLookup = (
  userId: number,
  organisationId: number,
  issuedAt: Date,
) => Promise<TokenUser | null>;

/**
 * Adds `app.authenticate` and `request.user` to the root instance, so every module can use them. A
 * valid signature is not enough: the token's user must still exist and not have had its tokens ended
 * since (one primary-key lookup), which also gives the role and the verified address every request is
 * checked against.
 */
export function installAuthentication(
  app: FastifyInstance,
  accessTokens: AccessTokens,
  tokenUser: TokenUserLookup,
): void {
  app.decorateRequest('user', null as never);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    const verified = token ? await accessTokens.verify(token) : null;
    const user = verified
      ? await tokenUser(verified.userId, verified.organisationId, verified.issuedAt)
      : null;
    if (!verified || !user) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, token ? authenticationErrors.invalid : authenticationErrors.missing);
    }
    request.user = {
      id: verified.userId,
      organisationId: verified.organisationId,
      role: user.role,
      emailVerified: user.emailVerified,
      sessionId: verified.sessionId,
      tokenExpiresAt: verified.expiresAt,
    };
  });

  app.decorate('requireRole', (needed: MemberRole) => async (request: FastifyRequest) => {
    if (!roleAtLeast(request.user.role, needed)) throw new AppError(403, memberMessages.forbidden);
  });

  app.decorate('requireVerified', (action: VerifiedOnlyAction) => async (request: FastifyRequest) => {
    if (!request.user.emailVerified) throw new AppError(403, verifyFirst(action));
  });
}

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}
