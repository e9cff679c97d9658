import { authMessages, type VerificationLookup } from '@wadesk/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import type { UserRow } from './auth.ports';
import type { AuthRepository } from './auth.repository';
import type { Passwords } from './passwords';
import { hashRefreshToken, newRefreshToken } from './tokens';

/** How long an emailed link works. */
export const VERIFY_LINK_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/**
 * Links of one kind (verification or reset) one address receives at most per hour, however often they are
 * asked for (no mail bombing); the registration's verification mail counts.
 */
export const LINK_MAILS_PER_HOUR = 3;
export const RESET_MAILS_PER_HOUR = LINK_MAILS_PER_HOUR;
const HOUR_MS = 60 * 60 * 1000;

export interface EmailLinksDeps {
  repo: AuthRepository;
  mailer: Mailer;
  passwords: Passwords;
  clock: Clock;
  /** PUBLIC_URL: links open the SPA there. */
  publicUrl: string;
  /** A password reset proves the address: the sign-in back-off of that account ends (LoginGuard). */
  forgetLoginFailures(email: string): Promise<void>;
  /** A mail sent off the request path failed: nobody is waiting for it, so it is only reported. */
  onBackgroundError(error: unknown, what: string): void;
}

export type EmailLinks = ReturnType<typeof createEmailLinks>;

/**
 * Emailed links: verifying an address after registration, and setting a new password. A link carries a
 * random single-use token; the database keeps only its hash.
 *
 * Mails asked for by someone who may not own the address (reset, resend) are sent after the reply: the
 * reply then takes as long whether or not a mail goes out, and says nothing about the account.
 */
export function createEmailLinks(deps: EmailLinksDeps) {
  const { repo, mailer, passwords, clock, publicUrl } = deps;
  const pending = new Set<Promise<void>>();

  /** A link's token, stored unless the user had `LINK_MAILS_PER_HOUR` of this kind in the last hour. */
  async function newLink(user: UserRow, purpose: 'verify' | 'reset', ttlMs: number, path: string) {
    const token = newRefreshToken();
    const now = clock();
    const stored = await repo.createEmailTokenWithin(
      {
        userId: user.id,
        purpose,
        tokenHash: hashRefreshToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      },
      LINK_MAILS_PER_HOUR,
      new Date(now.getTime() - HOUR_MS),
    );
    return stored ? `${publicUrl}${path}?token=${token}` : null;
  }

  async function mailVerification(user: UserRow | null): Promise<void> {
    if (!user || user.emailVerifiedAt) return;
    const link = await newLink(user, 'verify', VERIFY_LINK_TTL_MS, '/verify-email');
    if (!link) return;
    await mailer.send({
      to: user.email,
      subject: 'Confirm your email address for wadesk',
      text: `Hello,\n\nconfirm that you created a wadesk account with this address: open this link within 48 hours and press the button on the page.\n\n${link}\n\nIf you did not create a wadesk account, ignore this mail: nothing is verified unless you confirm on the page.\n`,
    });
  }

  async function mailReset(email: string): Promise<void> {
    const user = await repo.findUserByEmail(email);
    if (!user) return;
    await repo.purgeEmailTokens(new Date(clock().getTime() - 24 * HOUR_MS));
    const link = await newLink(user, 'reset', RESET_LINK_TTL_MS, '/reset-password');
    if (!link) return;
    await mailer.send({
      to: user.email,
      subject: 'Set a new wadesk password',
      text: `Hello,\n\nset a new password by opening this link within an hour:\n\n${link}\n\nEvery device signed in to your account will be signed out. If you did not ask for this, ignore this mail: your password stays as it is.\n`,
    });
  }

  /** Runs `task` after the current request's reply, keeping track of it so closing the app can wait. */
  function later(task: () => Promise<void>, what: string): void {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => deps.onBackgroundError(error, what))
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  return {
    /** The registration's mail, sent before the reply (registering says whether an account exists anyway). */
    async sendVerification(email: string): Promise<void> {
      await mailVerification(await repo.findUserByEmail(email));
    },

    /** A new verification link for a signed-in user, unless verified or over the hourly allowance. */
    requestVerification(userId: number): void {
      later(async () => mailVerification(await repo.findUserById(userId)), 'verification mail not sent');
    },

    /**
     * What the verification page shows before it asks (docs/decisions/0016, Accounts): the address the link
     * was mailed to, and whether it is verified already. It changes nothing, so a mail scanner that loads the
     * page verifies nothing.
     */
    async lookupVerification(token: string): Promise<VerificationLookup> {
      const link = await repo.verificationLink(hashRefreshToken(token));
      if (!link) throw new AppError(400, authMessages.linkInvalid);
      if (link.verifiedAt) return { email: link.email, verified: true };
      if (link.usedAt) throw new AppError(400, authMessages.linkInvalid);
      if (link.expiresAt <= clock()) throw new AppError(400, authMessages.linkExpired);
      return { email: link.email, verified: false };
    },

    /** Verifies the address, when the person on the page confirmed that they created the account. */
    async verify(token: string): Promise<void> {
      const tokenHash = hashRefreshToken(token);
      const now = clock();
      const userId = await repo.consumeEmailToken(tokenHash, 'verify', now);
      // False when the account went meanwhile (an accepted invitation replaced it): the link is then unknown.
      if (userId !== null && (await repo.markEmailVerified(userId, now))) return;
      const link = await repo.verificationLink(tokenHash);
      // A link that did its job before (pressed twice, or in another tab) still says so.
      if (link?.verifiedAt) return;
      const expired = link !== null && link.usedAt === null && link.expiresAt <= now;
      throw new AppError(400, expired ? authMessages.linkExpired : authMessages.linkInvalid);
    },

    /**
     * Marks an address verified without a link, for an account whose address takes no mail: the demo's
     * owner (demo/seed-demo.ts), and tests whose subject is not verification. False when no account has it.
     */
    async verifyWithoutLink(email: string): Promise<boolean> {
      const user = await repo.findUserByEmail(email);
      if (!user) return false;
      await repo.markEmailVerified(user.id, clock());
      return true;
    },

    /** Sends a reset link when the account exists, after the reply; the caller answers the same either way. */
    requestReset(email: string): void {
      later(() => mailReset(email), 'password reset mail not sent');
    },

    async reset(token: string, password: string): Promise<void> {
      // Hashed first: the token is used up only together with the new password.
      const passwordHash = await passwords.hash(password);
      const email = await repo.resetPassword(hashRefreshToken(token), passwordHash, clock());
      if (email === null) throw new AppError(400, authMessages.linkInvalid);
      await deps.forgetLoginFailures(email);
    },

    /** Waits for the mails still being sent (when the app closes). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
