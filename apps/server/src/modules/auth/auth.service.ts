import { randomUUID } from 'node:crypto';
import {
  type AuthUser,
  authMessages,
  type GoogleLoginResponse,
  type LoginRequest,
  type registerRequest,
  type TokenPair,
} from '@wadesk/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { AuditRecorder } from '../audit/audit.service';
import type { UserRow } from './auth.ports';
import type { AuthRepository, NewUser } from './auth.repository';
import { toAuthUser } from './auth-user';
import type { GoogleIdentity, GoogleVerifier } from './google';
import type { Passwords } from './passwords';
import { type AccessTokens, hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_MS } from './tokens';

/** A signed-up user as other modules receive it (they never import the repository). */
export type { UserRow };

export const authErrors = {
  emailTaken: 'An account with this email already exists.',
  notRegistered: 'You are not registered. Please create your account!',
  wrongPassword: 'Incorrect email or password.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  googleOff: 'Google sign-in is not configured.',
  googleRejected: 'Google sign-in could not be verified.',
} as const;

/** A registration after contract parsing: email trimmed and lower-cased, names trimmed. */
export type Registration = z.output<typeof registerRequest>;

export interface AuthServiceDeps {
  repo: AuthRepository;
  passwords: Passwords;
  accessTokens: AccessTokens;
  /** null when Google sign-in is not configured. */
  verifyGoogle: GoogleVerifier | null;
  clock: Clock;
  /** Sign-ins go in the audit log. */
  audit: AuditRecorder;
}

/** How a person signed in, as the audit log says it. */
export type SignInMethod = 'password' | 'google' | 'registration' | 'invitation';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({
  repo,
  passwords,
  accessTokens,
  verifyGoogle,
  clock,
  audit,
}: AuthServiceDeps) {
  /** A fresh pair for a new sign-in: the refresh token starts its own family. */
  async function issueTokens(user: UserRow): Promise<TokenPair> {
    const refreshToken = newRefreshToken();
    const familyId = randomUUID();
    await repo.insertRefreshToken({ ...refreshFields(user.id, refreshToken), familyId });
    return { access_token: await signAccess(user, familyId), refresh_token: refreshToken };
  }

  /** A new sign-in: its tokens, and its entry in the audit log. */
  async function signInAs(user: UserRow, method: SignInMethod): Promise<TokenPair> {
    const tokens = await issueTokens(user);
    await audit.record({
      organisationId: user.organisationId,
      actorId: user.id,
      action: 'auth.signed_in',
      target: user.email,
      details: { method },
    });
    return tokens;
  }

  /** The family id goes into the access token (`sid`): event streams end when their family is revoked. */
  const signAccess = (user: Pick<UserRow, 'id' | 'organisationId'>, familyId: string) =>
    accessTokens.sign({ userId: user.id, organisationId: user.organisationId, sessionId: familyId });

  const refreshFields = (userId: number, token: string) => ({
    userId,
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(clock().getTime() + REFRESH_TOKEN_TTL_MS),
  });

  /**
   * Creates an organisation (named as given, else after the person) with this person as its owner; a
   * taken email (even by a racing request) is a 409.
   */
  async function createOwner(user: NewUser, organisationName?: string): Promise<UserRow> {
    try {
      return await repo.createOrganisationWithOwner(
        organisationName || `${user.firstName}'s organisation`,
        user,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, authErrors.emailTaken);
      throw error;
    }
  }

  async function googleAccount(identity: GoogleIdentity): Promise<{ user: UserRow; tookOver: boolean }> {
    const linked = await repo.findUserByGoogleSubject(identity.subject);
    if (linked) return { user: linked, tookOver: false };
    const sameEmail = await repo.findUserByEmail(identity.email);
    if (sameEmail) {
      // The address now belongs to a different Google account than the one linked before.
      if (sameEmail.googleSubject) throw new AppError(409, authErrors.emailTaken);
      // Whoever set the password may not own the address, verified or not (docs/decisions/0016, Accounts):
      // the password goes and every other sign-in ends. Its owner keeps both only by linking Google while
      // signed in with that password (linkGoogle).
      if (await repo.takeOverForGoogle(sameEmail.id, identity.subject, clock()))
        return { user: sameEmail, tookOver: sameEmail.passwordHash !== null };
      // Another sign-in linked it meanwhile: decide again from what is stored now.
      return googleAccount(identity);
    }
    const { subject, email, firstName, lastName } = identity;
    const user = await createOwner({
      email,
      googleSubject: subject,
      firstName,
      lastName,
      passwordHash: null,
    });
    await repo.markEmailVerified(user.id, clock());
    return { user, tookOver: false };
  }

  /**
   * The identity in a Google credential. A credential we do not accept is a 401 to a sign-in, and a 400 to
   * a signed-in user linking Google: a 401 there would read as their own sign-in having ended.
   */
  async function verifiedGoogleIdentity(credential: string, rejected: 400 | 401): Promise<GoogleIdentity> {
    if (!verifyGoogle) throw new AppError(400, authErrors.googleOff);
    const identity = await verifyGoogle(credential);
    if (!identity) throw new AppError(rejected, authErrors.googleRejected);
    return identity;
  }

  return {
    /** Signs in an account created elsewhere (an accepted invitation). */
    signIn: signInAs,

    async register(input: Registration): Promise<TokenPair> {
      const passwordHash = await passwords.hash(input.password1);
      const user = await createOwner(
        { email: input.email, passwordHash, firstName: input.first_name, lastName: input.last_name },
        input.organisation_name,
      );
      return signInAs(user, 'registration');
    },

    async login({ username, password }: LoginRequest): Promise<TokenPair> {
      const user = await repo.findUserByEmail(username);
      if (!user) throw new AppError(404, authErrors.notRegistered);
      // A Google-only account has no password: the same answer as a wrong one.
      if (!user.passwordHash || !(await passwords.verify(user.passwordHash, password))) {
        throw new AppError(401, authErrors.wrongPassword);
      }
      return signInAs(user, 'password');
    },

    /** Exchanges a refresh token for a new pair; a token used twice revokes its whole family. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const stored = await repo.findRefreshToken(hashRefreshToken(refreshToken));
      if (!stored) throw new AppError(401, authErrors.sessionExpired);
      const now = clock();
      if (stored.replacedBy !== null || stored.revokedAt !== null) {
        await repo.revokeFamily(stored.familyId, now);
        throw new AppError(401, authErrors.sessionExpired);
      }
      if (stored.expiresAt <= now) throw new AppError(401, authErrors.sessionExpired);
      const user = await repo.findUserById(stored.userId);
      if (!user) throw new AppError(401, authErrors.sessionExpired);

      const next = newRefreshToken();
      const rotated = await repo.rotateRefreshToken(stored.id, {
        ...refreshFields(user.id, next),
        familyId: stored.familyId,
      });
      if (!rotated) {
        await repo.revokeFamily(stored.familyId, now);
        throw new AppError(401, authErrors.sessionExpired);
      }
      return { access_token: await signAccess(user, stored.familyId), refresh_token: next };
    },

    /** Ends the sign-in that `refreshToken` belongs to, if it is this user's; unknown tokens are ignored. */
    async logout(userId: number, refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const stored = await repo.findRefreshToken(hashRefreshToken(refreshToken));
      if (stored && stored.userId === userId) await repo.revokeFamily(stored.familyId, clock());
    },

    async currentUser(userId: number): Promise<AuthUser> {
      const account = await repo.findAccount(userId);
      if (!account) throw new AppError(401, authErrors.sessionExpired);
      return toAuthUser(account);
    },

    async googleLogin(credential: string): Promise<GoogleLoginResponse> {
      const { user, tookOver } = await googleAccount(await verifiedGoogleIdentity(credential, 401));
      const tokens = await signInAs(user, 'google');
      return tookOver ? { ...tokens, notice: authMessages.googleTookOver } : tokens;
    },

    /**
     * Links the Google account of the signed-in user's own address, keeping their password and sign-ins:
     * they proved the password by signing in and the address through Google. Linking the same Google
     * account again is a no-op.
     */
    async linkGoogle(userId: number, credential: string): Promise<void> {
      const identity = await verifiedGoogleIdentity(credential, 400);
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError(401, authErrors.sessionExpired);
      if (user.googleSubject === identity.subject) return;
      if (user.googleSubject) throw new AppError(409, authMessages.googleAlreadyLinked);
      if (identity.email !== user.email) throw new AppError(400, authMessages.googleOtherAddress);
      let linked: boolean;
      try {
        linked = await repo.linkGoogleSubject(user.id, identity.subject, clock());
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, authMessages.googleLinkedElsewhere);
        throw error;
      }
      if (linked) return;
      // A racing request linked a Google account first: this one came second.
      const now = await repo.findUserById(userId);
      if (now?.googleSubject !== identity.subject) throw new AppError(409, authMessages.googleAlreadyLinked);
    },
  };
}
