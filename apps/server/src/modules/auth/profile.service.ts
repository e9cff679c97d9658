import {
  type AuthUser,
  authMessages,
  type changePasswordRequest,
  type updateProfileRequest,
} from '@wadesk/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { AuditRecorder } from '../audit/audit.service';
import type { AuthRepository, ProfilePatch } from './auth.repository';
import { authErrors } from './auth.service';
import { toAuthUser } from './auth-user';
import type { Passwords } from './passwords';

export type ProfileService = ReturnType<typeof createProfileService>;

/** Who changes their own account: the sign-in they do it from stays. */
export interface ProfileActor {
  id: number;
  organisationId: number;
  /** The refresh-token family of this sign-in; null for a token without one (every sign-in then ends). */
  sessionId: string | null;
}

/** A member's own account: names, time zone and password (the profile page). */
export function createProfileService(deps: {
  repo: AuthRepository;
  passwords: Passwords;
  clock: Clock;
  audit: AuditRecorder;
}) {
  const { repo, passwords, clock, audit } = deps;
  const gone = () => new AppError(401, authErrors.sessionExpired);

  return {
    async update(userId: number, request: z.output<typeof updateProfileRequest>): Promise<AuthUser> {
      const patch: ProfilePatch = {};
      if (request.first_name !== undefined) patch.firstName = request.first_name;
      if (request.last_name !== undefined) patch.lastName = request.last_name;
      if (request.time_zone !== undefined) patch.timeZone = request.time_zone;
      if (request.weekly_digest !== undefined) patch.weeklyDigest = request.weekly_digest;
      const account = await repo.updateProfile(userId, patch);
      if (!account) throw gone();
      return toAuthUser(account);
    },

    /**
     * The address a password check of this user counts its failures under (the sign-in limiter's key);
     * 400 `noPassword` for an account that signs in only with Google, before anything is counted.
     */
    async passwordAccount(userId: number): Promise<string> {
      const user = await repo.findUserById(userId);
      if (!user) throw gone();
      if (!user.passwordHash) throw new AppError(400, authMessages.noPassword);
      return user.email;
    },

    /** A new password, proved by the current one; every other sign-in ends (repo.changePassword). */
    async changePassword(
      actor: ProfileActor,
      request: z.output<typeof changePasswordRequest>,
    ): Promise<void> {
      const user = await repo.findUserById(actor.id);
      if (!user) throw gone();
      if (!user.passwordHash) throw new AppError(400, authMessages.noPassword);
      if (!(await passwords.verify(user.passwordHash, request.current_password)))
        throw new AppError(400, authMessages.currentPasswordWrong);
      const ended = await repo.changePassword(
        user.id,
        user.passwordHash,
        await passwords.hash(request.password1),
        actor.sessionId,
        clock(),
      );
      // Changed by a racing request since it was checked: the password typed is no longer the current one.
      if (ended === null) throw new AppError(400, authMessages.currentPasswordWrong);
      await audit.record({
        organisationId: actor.organisationId,
        actorId: actor.id,
        action: 'auth.password_changed',
        target: user.email,
        details: { other_sign_ins_ended: ended },
      });
    },
  };
}
