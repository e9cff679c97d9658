import { z } from 'zod';
import { memberRole } from './roles';

// Texts are the product's fixed catalogue of messages where the specification gives them (kept as written,
// its punctuation included: apps/web/src/shared/voice/spec-texts.test.ts); the others are sentences.
export const authMessages = {
  invalidEmail: 'Enter a valid email address.',
  required: 'This field is required.',
  passwordLength: 'Password must be 6 or more characters long',
  passwordShape: 'Password must contain at least one special character and one capital letter.',
  firstNameLength: 'First Name must be 3 or more characters long.',
  passwordsDiffer: 'The two passwords do not match.',
  linkInvalid: 'This link is invalid or has expired. Ask for a new one.',
  linkExpired: 'This link has expired. Sign in and press Resend to get a new one.',
  emailVerified: 'Your email address is verified.',
  resetSent: 'If an account exists for this email, we sent it a link to set a new password.',
  verificationSent: 'If your email address still needs confirming, we sent you a new link. Check your inbox.',
  passwordChanged: 'Your password is changed. Sign in with the new one.',
  googleTookOver:
    'You are signed in with Google. The password this account had was removed and every other sign-in to it was ended, so nobody who knew that password can use the account any more. If you want a password too, set a new one with "Forgot password?" on the sign-in page.',
  googleLinked: 'Your Google account is linked. You can sign in with Google or with your password.',
  googleOtherAddress:
    'That Google account has another email address. Choose the Google account of the address you sign in with.',
  googleLinkedElsewhere: 'That Google account is already linked to another wadesk account.',
  googleAlreadyLinked: 'This account is already linked to another Google account.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong:
    'Your current password is not correct. Type it again, or sign out and use "Forgot password?".',
  noPassword:
    'This account signs in with Google and has no password to change. To set one, sign out and use "Forgot password?" on the sign-in page.',
  passwordUpdated:
    'Your password is changed. Every other sign-in to your account was ended; this one goes on.',
  profileSaved: 'Your profile is saved.',
  timeZoneInvalid: 'Choose a time zone from the list.',
  organisationNameLength: 'Organisation name must be at most 100 characters long.',
  organisationNameRequired: "Enter the organisation's name.",
} as const;

const SPECIAL_CHARACTERS = /[!@#$%^&*(),.?":{}|<>]/;
const CAPITAL_LETTER = /\p{Lu}/u;

export const email = z
  .string({ error: authMessages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { error: authMessages.invalidEmail })
  .pipe(z.email({ error: authMessages.invalidEmail }));

export const password1Schema = z
  .string({ error: authMessages.passwordLength })
  .min(6, { error: authMessages.passwordLength })
  .max(256, { error: 'Password must be at most 256 characters long.' })
  .refine((p) => SPECIAL_CHARACTERS.test(p) && CAPITAL_LETTER.test(p), { error: authMessages.passwordShape });

const firstName = z
  .string({ error: authMessages.firstNameLength })
  .trim()
  .min(3, { error: authMessages.firstNameLength })
  .max(100, { error: 'First name must be at most 100 characters long.' });
const lastName = z.string().trim().max(100, { error: 'Last name must be at most 100 characters long.' });

/** An organisation's name as typed: trimmed, at most 100 characters (empty is the caller's to refuse). */
export const organisationName = z
  .string({ error: authMessages.organisationNameLength })
  .trim()
  .max(100, { error: authMessages.organisationNameLength });

export const registerRequest = z
  .object({
    email,
    password1: password1Schema,
    first_name: firstName,
    last_name: lastName.default(''),
    /** Left out or blank: "<first name>'s organisation". */
    organisation_name: organisationName.optional(),
    /** The password typed again; when given it must match (the web form always sends it). */
    password2: z.string().max(256).optional(),
  })
  .refine((r) => r.password2 === undefined || r.password2 === r.password1, {
    path: ['password2'],
    error: authMessages.passwordsDiffer,
  });
export type RegisterRequest = z.input<typeof registerRequest>;

/** A single-use token from an emailed link (verification or password reset). */
export const linkToken = z
  .string({ error: authMessages.linkInvalid })
  .min(16, { error: authMessages.linkInvalid })
  .max(128);

/**
 * POST /users/verify-email/ → successMessage `emailVerified` (also for a link that did its job before);
 * 400 `linkExpired` for an expired token, `linkInvalid` for an unknown or used one. The page calls it only
 * when the person confirms: opening the link (or a mail scanner loading the page) verifies nothing.
 */
export const verifyEmailRequest = z.object({ token: linkToken });

/**
 * POST /users/verification/ → what a verification link is for, changing nothing: the address it was mailed
 * to (whoever holds the token received that mail) and whether it is verified already. 400 as verify-email.
 */
export const verificationLookupRequest = verifyEmailRequest;
export const verificationLookupResponse = z.object({ email: z.string(), verified: z.boolean() });
export type VerificationLookup = z.infer<typeof verificationLookupResponse>;

/**
 * POST /users/resend-verification/ (signed in, no body) → successMessage `verificationSent`, the same
 * whether a mail went out, the address is verified already, or the hourly allowance is used up.
 */

/** POST /users/forgot-password/ → successMessage `resetSent`, whether or not the account exists. */
export const forgotPasswordRequest = z.object({ email });

/**
 * POST /users/reset-password/ → successMessage `passwordChanged`; every sign-in of the account ends.
 * 400 `linkInvalid` for a used, expired or unknown token.
 */
export const resetPasswordRequest = z
  .object({ token: linkToken, password1: password1Schema, password2: z.string().max(256) })
  .refine((r) => r.password2 === r.password1, { path: ['password2'], error: authMessages.passwordsDiffer });

export const loginRequest = z.object({
  username: email,
  password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(256),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshRequest = z.object({ refresh_token: z.string().min(1).max(512) });
export const refreshResponse = tokenPair; // rotation: a new refresh token comes back with every access token

export const logoutRequest = z.object({ refresh_token: z.string().max(512).optional() });

export const googleLoginRequest = z.object({ credential: z.string().min(1).max(8192) });
/**
 * A Google sign-in. Signing in with Google to an account that has a password removes the password and ends
 * every other sign-in; `notice` (authMessages.googleTookOver) tells the user so.
 */
export const googleLoginResponse = tokenPair.extend({ notice: z.string().optional() });
export type GoogleLoginResponse = z.infer<typeof googleLoginResponse>;

/**
 * POST /users/link-google/ (signed in) → successMessage `googleLinked`: links the Google account of the
 * same address to the signed-in account, which keeps its password and sign-ins. 400 `googleOtherAddress`
 * or `googleRejected` (not 401: that would read as the user's own sign-in having ended), 409
 * `googleLinkedElsewhere` / `googleAlreadyLinked`.
 */
export const linkGoogleRequest = googleLoginRequest;

// An IANA zone name ("Asia/Kolkata", "UTC", "Etc/GMT-5"); offsets such as "+05:30" are not zones.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/**
 * Whether this JavaScript runtime knows the zone. Asked of `Intl.DateTimeFormat`, not of
 * `Intl.supportedValuesOf('timeZone')`: that list holds only one name per zone and differs between
 * runtimes ("Asia/Calcutta" in one, "Asia/Kolkata" in another), while both names format alike everywhere.
 */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZone = z
  .string({ error: authMessages.timeZoneInvalid })
  .refine(isTimeZone, { error: authMessages.timeZoneInvalid });

export const authUser = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: memberRole,
  organisation_id: z.number(),
  /** Whether the address was confirmed (emailed link, password reset or Google); the SPA offers a resend. */
  email_verified: z.boolean(),
  /** Whether a Google account is linked; the SPA offers to link one from the account menu otherwise. */
  google_linked: z.boolean(),
  // The three below are always sent; optional so that, during a rolling deploy, a newer web app still
  // reads the answer of an older server instance.
  /** The zone the member reads times in (IANA name); null: the browser's. */
  time_zone: z.string().nullable().optional(),
  organisation_name: z.string().optional(),
  /** False for an account that signs in only with Google: there is no password to change. */
  has_password: z.boolean().optional(),
  /** Whether the weekly report comes by mail on Monday morning (owners and admins get it). */
  weekly_digest: z.boolean().optional(),
});
export type AuthUser = z.infer<typeof authUser>;
export const authCheckResponse = z.object({ user: authUser });

/**
 * POST /users/updateProfile/ (signed in) — any subset of the fields → 200 authCheckResponse (the user as
 * now stored). `time_zone` null: times show in the browser's zone.
 */
export const updateProfileRequest = z.object({
  first_name: firstName.optional(),
  last_name: lastName.optional(),
  time_zone: timeZone.nullable().optional(),
  weekly_digest: z
    .boolean({ error: 'Say whether the weekly report should come by mail: true or false.' })
    .optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

/**
 * POST /users/changePassword/ (signed in) → successMessage `passwordUpdated`. Every other sign-in of the
 * account ends (their refresh tokens; their access tokens live out their minutes), this one goes on. 400
 * `currentPasswordWrong` (counted as a failed sign-in: it backs off like the sign-in page) or
 * `noPassword` for an account without one.
 */
export const changePasswordRequest = z
  .object({
    current_password: z
      .string({ error: authMessages.currentPasswordRequired })
      .min(1, { error: authMessages.currentPasswordRequired })
      .max(256, { error: authMessages.currentPasswordRequired }),
    password1: password1Schema,
    password2: z.string().max(256),
  })
  .refine((r) => r.password2 === r.password1, { path: ['password2'], error: authMessages.passwordsDiffer });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/**
 * What an account may do only once its address is verified (by the emailed link, a password reset, an
 * invitation or Google): an unverified account holds no power over others (decision 0016). Each is the
 * end of the sentence `verifyFirst` makes, which the server answers with 403 and the web shows in place.
 */
export const verifiedOnly = {
  invite: 'invite members',
  manage: 'change roles or remove members',
  link: 'link WhatsApp accounts',
  rename: 'rename the organisation',
} as const;
export type VerifiedOnlyAction = keyof typeof verifiedOnly;

/** Why the action is refused, and how to get the link again (the "Resend verification mail" buttons). */
export const verifyFirst = (action: VerifiedOnlyAction): string =>
  `Verify your email address before you ${verifiedOnly[action]}. Open the link we emailed you, or choose "Resend verification mail" to get a new one.`;

/** Settings the SPA reads at start-up: nothing secret. */
export const publicConfig = z.object({
  google_client_id: z.string().nullable(),
  demo_video_url: z.string().nullable(),
  whatsapp_driver: z.enum(['baileys', 'simulator']),
  /** The footer's "Contact us" address (CONTACT_EMAIL); null: no contact link is shown. */
  contact_email: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
