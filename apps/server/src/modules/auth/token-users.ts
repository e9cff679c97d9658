import type { MemberRole } from '@wadesk/contract';
import type { TokenUser, TokenUserLookup } from './authenticate';

/** What decides whether a user's access tokens still speak for them, as stored. */
export interface TokenState {
  organisationId: number;
  role: MemberRole;
  emailVerified: boolean;
  /** Tokens issued before this were ended (password reset, takeover, role change); null if never. */
  validAfter: Date | null;
}

/**
 * How long one read of a user's token state answers that user's next requests on this instance
 * (docs/decisions/0023-inbox-speed.md). Changes made on this instance are seen at once (`forget`); another
 * instance sees them within this time.
 */
export const TOKEN_STATE_TTL_MS = 1_000;
/** Users remembered at most: past it the oldest reading goes. */
const MAX_USERS = 10_000;

export interface TokenUsers {
  /** The lookup `app.authenticate` and event streams use. */
  lookup: TokenUserLookup;
  /** The rows of these users changed (or went): their next request reads them again. */
  forget(userIds: readonly number[]): void;
}

/**
 * The token-user lookup every authenticated request makes, with each user's state read at most once per
 * TOKEN_STATE_TTL_MS on this instance: the read was a second round trip to the database on every call,
 * a third of the server's CPU for an inbox page (decision 0023). Concurrent requests of one user share
 * one read. A reading that started before `forget` is not kept after it.
 */
export function createTokenUsers(
  read: (userId: number) => Promise<TokenState | null>,
  { now = () => Date.now(), ttlMs = TOKEN_STATE_TTL_MS, maxUsers = MAX_USERS } = {},
): TokenUsers {
  const readings = new Map<number, { at: number; state: Promise<TokenState | null> }>();

  const stateOf = (userId: number): Promise<TokenState | null> => {
    const t = now();
    const kept = readings.get(userId);
    // A clock set back makes the age negative: read again rather than keep the reading longer.
    if (kept && t - kept.at >= 0 && t - kept.at < ttlMs) return kept.state;
    readings.delete(userId);
    const reading = { at: t, state: read(userId) };
    readings.set(userId, reading);
    // A failed read is not remembered: the next request asks again.
    reading.state.catch(() => {
      if (readings.get(userId) === reading) readings.delete(userId);
    });
    if (readings.size > maxUsers) readings.delete(readings.keys().next().value as number);
    return reading.state;
  };

  return {
    async lookup(userId, organisationId, issuedAt): Promise<TokenUser | null> {
      const state = await stateOf(userId);
      if (!state || state.organisationId !== organisationId) return null;
      if (state.validAfter && issuedAt.getTime() < state.validAfter.getTime()) return null;
      return { role: state.role, emailVerified: state.emailVerified };
    },
    forget(userIds) {
      for (const id of userIds) readings.delete(id);
    },
  };
}
