import { RetryLaterError } from '../../errors';
import type { SentInvitations } from './members.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface InvitationLimit {
  /** Whose invitations count: the inviting organisation's, or every organisation's to the address. */
  of: keyof SentInvitations;
  max: number;
  windowMs: number;
  refusal(wait: string): string;
}

/**
 * How many invitation mails may go out (docs/decisions/0016-members-and-roles.md): an address receives at
 * most 3 an hour from all organisations together, so nobody can flood a mailbox from several organisations;
 * an organisation sends at most 20 an hour and 100 a day. Every mail counts, a re-sent invitation too.
 */
const INVITATION_LIMITS: readonly InvitationLimit[] = [
  {
    of: 'toAddress',
    max: 3,
    windowMs: HOUR,
    refusal: (wait) =>
      `This address has already been sent 3 invitations in the last hour. Try again in ${wait}.`,
  },
  {
    of: 'byOrganisation',
    max: 20,
    windowMs: HOUR,
    refusal: (wait) =>
      `Your organisation has sent 20 invitations in the last hour, the most allowed. Try again in ${wait}.`,
  },
  {
    of: 'byOrganisation',
    max: 100,
    windowMs: DAY,
    refusal: (wait) =>
      `Your organisation has sent 100 invitations in the last 24 hours, the most allowed. Try again in ${wait}.`,
  },
];

/**
 * The check of one more invitation `now`: it refuses (429, saying when to try again) when the invitation
 * would pass a limit. It counts the invitations the database holds, inside the transaction that stores the
 * new one (members.repository.ts), so every server instance sees the same counts and the windows slide:
 * one fits again as soon as the oldest that counts is an hour (a day) old.
 */
export function invitationLimits(now: Date): (sent: SentInvitations) => Promise<void> {
  return (sent) => refuseBeyondLimits(sent, now.getTime());
}

async function refuseBeyondLimits(sent: SentInvitations, at: number): Promise<void> {
  // Each kind is read once, over its longest window.
  const since = (of: keyof SentInvitations) =>
    new Date(at - Math.max(...INVITATION_LIMITS.filter((l) => l.of === of).map((l) => l.windowMs)));
  const times = {
    toAddress: (await sent.toAddress(since('toAddress'))).map((d) => d.getTime()),
    byOrganisation: (await sent.byOrganisation(since('byOrganisation'))).map((d) => d.getTime()),
  };
  let longest: { waitMs: number; limit: InvitationLimit } | null = null;
  for (const limit of INVITATION_LIMITS) {
    const counted = times[limit.of].filter((t) => t > at - limit.windowMs).sort((a, b) => a - b);
    if (counted.length < limit.max) continue;
    // One more fits once all but max − 1 of them have left the window: wait for the last of those.
    const leaves = (counted[counted.length - limit.max] as number) + limit.windowMs;
    const waitMs = Math.max(leaves - at, 1000);
    if (!longest || waitMs > longest.waitMs) longest = { waitMs, limit };
  }
  if (!longest) return;
  const { waitMs, limit } = longest;
  throw new RetryLaterError(limit.refusal(inWords(waitMs)), Math.ceil(waitMs / 1000));
}

/** "40 minutes", "60 minutes", "19 hours", "2 hours 5 minutes" (rounded up to the minute). */
function inWords(ms: number): string {
  const minutes = Math.ceil(ms / MINUTE);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes <= 60) return plural(minutes, 'minute');
  const rest = minutes % 60;
  return `${plural(Math.floor(minutes / 60), 'hour')}${rest ? ` ${plural(rest, 'minute')}` : ''}`;
}
