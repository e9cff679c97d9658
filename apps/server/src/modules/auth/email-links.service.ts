import { authMessages } from '@wadesk/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import type { AuthRepository } from './auth.repository';
import type { Passwords } from './passwords';
import { hashRefreshToken, newRefreshToken } from './tokens';

/** How long an emailed link works. */
export const VERIFY_LINK_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Reset mails one address receives at most per hour, however often it is asked for (no mail bombing). */
export const RESET_MAILS_PER_HOUR = 3;

export interface EmailLinksDeps {
  repo: AuthRepository;
  mailer: Mailer;
  passwords: Passwords;
  clock: Clock;
  /** PUBLIC_URL: links open the SPA there. */
  publicUrl: string;
}

export type EmailLinks = ReturnType<typeof createEmailLinks>;

/**
 * Emailed links: verifying an address after registration, and setting a new password. A link carries a
 * random single-use token; the database keeps only its hash.
 */
export function createEmailLinks({ repo, mailer, passwords, clock, publicUrl }: EmailLinksDeps) {
  async function newLink(userId: number, purpose: 'verify' | 'reset', ttlMs: number, path: string) {
    const token = newRefreshToken();
    await repo.createEmailToken({
      userId,
      purpose,
      tokenHash: hashRefreshToken(token),
      createdAt: clock(),
      expiresAt: new Date(clock().getTime() + ttlMs),
    });
    return `${publicUrl}${path}?token=${token}`;
  }

  return {
    async sendVerification(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user || user.emailVerifiedAt) return;
      const link = await newLink(user.id, 'verify', VERIFY_LINK_TTL_MS, '/verify-email');
      await mailer.send({
        to: user.email,
        subject: 'Confirm your email address for wadesk',
        text: `Hello ${user.firstName},\n\nconfirm that this address is yours by opening this link within 48 hours:\n\n${link}\n\nIf you did not create a wadesk account, ignore this mail.\n`,
      });
    },

    async verify(token: string): Promise<void> {
      const tokenHash = hashRefreshToken(token);
      const userId = await repo.consumeEmailToken(tokenHash, 'verify', clock());
      if (userId !== null) return repo.markEmailVerified(userId, clock());
      // A mail scanner may have opened the link first: a link that did its job still says so.
      if (!(await repo.verificationAlreadyDone(tokenHash))) throw new AppError(400, authMessages.linkInvalid);
    },

    /** Sends a reset link when the account exists; the caller answers the same either way. */
    async sendReset(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user) return;
      const now = clock().getTime();
      await repo.purgeEmailTokens(new Date(now - 24 * 60 * 60 * 1000));
      // Past the hourly allowance the answer stays the same, but no mail goes out.
      if (
        (await repo.linksSentSince(user.id, 'reset', new Date(now - 60 * 60 * 1000))) >= RESET_MAILS_PER_HOUR
      )
        return;
      const link = await newLink(user.id, 'reset', RESET_LINK_TTL_MS, '/reset-password');
      await mailer.send({
        to: user.email,
        subject: 'Set a new wadesk password',
        text: `Hello ${user.firstName},\n\nset a new password by opening this link within an hour:\n\n${link}\n\nEvery device signed in to your account will be signed out. If you did not ask for this, ignore this mail: your password stays as it is.\n`,
      });
    },

    async reset(token: string, password: string): Promise<void> {
      // Hashed first: the token is used up only together with the new password.
      const passwordHash = await passwords.hash(password);
      if (!(await repo.resetPassword(hashRefreshToken(token), passwordHash, clock())))
        throw new AppError(400, authMessages.linkInvalid);
    },
  };
}
