import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';

export interface GoogleIdentity {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Resolves the identity in a Google ID token, or null when the token is not one we accept. */
export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity | null>;

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export function createGoogleVerifier(options: {
  clientId: string;
  jwksUrl: string;
  clock: Clock;
}): GoogleVerifier {
  // jose caches the key set and refetches it when a token names an unknown key id (Google rotates keys).
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return async (credential) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(credential, keys, {
        audience: options.clientId,
        issuer: GOOGLE_ISSUERS,
        algorithms: ['RS256'],
        currentDate: options.clock(),
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) return null;
      // The token could not be checked at all (Google's key endpoint unreachable): not the user's fault.
      throw new AppError(502, 'Google sign-in is unavailable right now. Please try again later.');
    }
    return identityFrom(payload);
  };
}

function identityFrom(payload: JWTPayload): GoogleIdentity | null {
  const { sub, email, email_verified, given_name, family_name, name } = payload;
  // An unverified address could belong to someone else; linking it to an account would hand that account over.
  if (email_verified !== true && email_verified !== 'true') return null;
  if (typeof sub !== 'string' || !sub || typeof email !== 'string' || !email.includes('@')) return null;
  const normalisedEmail = email.trim().toLowerCase();
  const firstName = text(given_name) || text(name) || normalisedEmail.split('@')[0] || 'Google user';
  return {
    subject: sub,
    email: normalisedEmail,
    firstName: firstName.slice(0, 100),
    lastName: text(family_name).slice(0, 100),
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
