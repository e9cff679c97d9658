import type { AuthUser } from '@wadesk/contract';
import type { Account } from './auth.repository';

/** The signed-in user as the web receives it (authcheck, a saved profile). */
export function toAuthUser({ user, organisationName }: Account): AuthUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    organisation_id: user.organisationId,
    email_verified: user.emailVerifiedAt !== null,
    google_linked: user.googleSubject !== null,
    time_zone: user.timeZone,
    organisation_name: organisationName,
    has_password: user.passwordHash !== null,
    weekly_digest: user.weeklyDigest,
  };
}
