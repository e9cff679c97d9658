import {
  aesEncryptGCM,
  decryptPollVote,
  hmacSign,
  jidNormalizedUser,
  normalizeMessageContent,
  proto,
  sha256,
  type WAMessage,
  type WAMessageKey,
} from 'baileys';
import { messageLayers } from './mapping/message-content';

// Polls and their votes (docs/decisions/0018-desk-replies.md, polls). A poll message carries its options and a
// 32-byte `messageContextInfo.messageSecret` (Baileys makes one for every poll it builds, Utils/messages.js:
// 439-442). A vote arrives later as a `pollUpdateMessage` whose `vote` is AES-GCM encrypted with a key derived
// from that secret, the poll's id, the poll creator's and the voter's JIDs (Utils/process-message.js:146-158,
// decryptPollVote); its plain text names the chosen options by the SHA-256 of their names. rc14 no longer
// decrypts votes itself (the getMessage path is commented out, process-message.js:576-624), so both drivers
// read them here.

/** What a poll message says, and the secret its votes are encrypted with (null when it did not carry one). */
export interface PollContent {
  question: string;
  options: string[];
  /** WhatsApp's selectableOptionsCount: 0 lets a voter choose several options, 1 only one. */
  selectableCount: number;
  secret: Uint8Array | null;
}

/** What reading a poll's votes needs: its secret, options and who created it. */
export interface PollKey {
  secret: Uint8Array;
  options: string[];
  /** The linked account created it (its votes are encrypted naming the account). */
  fromMe: boolean;
  /** The creator's addresses as stored (a LID and its phone-number JID, either may be null). */
  author: string | null;
  authorAlt: string | null;
}

/** A vote read from WhatsApp: the options a voter chooses now (none: they took their vote back). */
export interface PollVote {
  groupJid: string;
  /** The poll message's WhatsApp id. */
  pollId: string;
  /** The voter as the group addresses them (normalised); null for the linked account's own vote. */
  voter: string | null;
  /** The voter's other address (phone-number JID of a LID voter), when known. */
  voterAlt: string | null;
  fromMe: boolean;
  /** Names of the chosen options, in the poll's order. */
  options: string[];
  /** When the vote was cast (ms since the epoch): a voter's newer vote replaces an older one. */
  at: number;
}

const POLL_FIELDS = [
  'pollCreationMessage',
  'pollCreationMessageV2',
  'pollCreationMessageV3',
  'pollCreationMessageV5',
] as const;

/** The poll a message carries (V1/V2/V3/V5, also inside wrappers), or null. */
export function pollContent(message: proto.IMessage | null | undefined): PollContent | null {
  const all = messageLayers(message);
  for (const layer of all) {
    const content = normalizeMessageContent(layer) ?? layer;
    const field = POLL_FIELDS.find((name) => content[name]);
    const poll = field ? content[field] : null;
    if (!poll) continue;
    // The secret sits beside the poll, at whichever level its messageContextInfo is.
    const secret = all.map((l) => l.messageContextInfo?.messageSecret).find((s) => s && s.length > 0);
    return {
      question: poll.name ?? '',
      options: (poll.options ?? []).map((option) => option.optionName ?? ''),
      selectableCount: poll.selectableOptionsCount ?? 0,
      secret: secret ? Uint8Array.from(secret) : null,
    };
  }
  return null;
}

/** A vote as WhatsApp sends it: `pollUpdateMessage` (also inside wrappers), or null. */
export function pollUpdateOf(
  message: proto.IMessage | null | undefined,
): proto.Message.IPollUpdateMessage | null {
  for (const layer of messageLayers(message)) {
    const update = (normalizeMessageContent(layer) ?? layer).pollUpdateMessage;
    if (update) return update;
  }
  return null;
}

/** How a vote names an option: the SHA-256 of its name (Utils/messages.js:755-767). */
export const optionHash = (name: string) => sha256(Buffer.from(name)).toString('base64');

/**
 * Encrypts a vote as a WhatsApp client does, the inverse of Baileys' decryptPollVote
 * (Utils/process-message.js:146-158): key = HMAC(HMAC(secret, 0³²), id | creator | voter | "Poll Vote" | 1),
 * AES-256-GCM with a 12-byte IV and `id \0 voter` as additional data. The simulator and the harness vote
 * with it; only the options' hashes are encrypted, as WhatsApp sends them.
 */
export function encryptPollVote(
  options: string[],
  poll: { secret: Uint8Array; pollId: string; creatorJid: string; voterJid: string; iv: Uint8Array },
): proto.Message.IPollEncValue {
  const sign = Buffer.concat([
    Buffer.from(poll.pollId),
    Buffer.from(poll.creatorJid),
    Buffer.from(poll.voterJid),
    Buffer.from('Poll Vote'),
    new Uint8Array([1]),
  ]);
  const key = hmacSign(sign, hmacSign(poll.secret, new Uint8Array(32), 'sha256'), 'sha256');
  const plain = proto.Message.PollVoteMessage.encode({
    selectedOptions: options.map((o) => sha256(Buffer.from(o))),
  }).finish();
  const aad = Buffer.from(`${poll.pollId}\u0000${poll.voterJid}`);
  return { encPayload: aesEncryptGCM(plain, key, poll.iv, aad), encIv: poll.iv };
}

/**
 * Reads votes for one connection. Which JIDs a vote's encryption names is not fixed: reports on rc14 say a
 * WhatsApp client names the creator by LID and the voter by phone number in 1:1 chats (Baileys #2342), and
 * LID groups fail with the PN pair Baileys' own code used (#1678); PRs #2308 and #2467 try each pairing.
 * So does this: every address known for the creator and the voter, until AES-GCM's tag accepts one (a wrong
 * pairing or a tampered vote never decrypts). A vote whose poll is not known yet (its secret not stored, e.g.
 * the poll is in the same batch on its way to the store) waits in memory until this connection sees the poll,
 * at most `maxPending` of them; a vote for a poll this server never receives is dropped when the connection ends.
 */
export function createVoteReader(deps: {
  /** The stored poll (its secret), from the session's store; null when it is not stored. */
  lookUp?: (groupJid: string, pollId: string) => Promise<PollKey | null>;
  /** The linked account's addresses now (phone-number JID, LID). */
  me: () => { id?: string | null; lid?: string | null } | undefined;
  /** The phone-number JID Baileys' LID store holds for a LID, when it holds one. */
  pnForLid?: (lid: string) => Promise<string | null>;
  warn: (object: object, message: string) => void;
  maxPending?: number;
  maxRemembered?: number;
}) {
  const maxPending = deps.maxPending ?? 500;
  const maxRemembered = deps.maxRemembered ?? 500;
  // Polls this connection passed on: their votes are read without waiting for the store.
  const remembered = new Map<string, PollKey>();
  const pending = new Map<string, WAMessage[]>();
  let pendingCount = 0;

  const keyOf = (groupJid: string, pollId: string) => `${groupJid}\u0000${pollId}`;

  async function addresses(jids: (string | null | undefined)[]): Promise<string[]> {
    const out = new Set<string>();
    for (const jid of jids) if (jid) out.add(jidNormalizedUser(jid));
    for (const jid of [...out]) {
      if (!jid.endsWith('@lid') || !deps.pnForLid) continue;
      const pn = await deps.pnForLid(jid).catch(() => null);
      if (pn) out.add(jidNormalizedUser(pn));
    }
    return [...out].filter(Boolean);
  }

  const mine = () => {
    const me = deps.me();
    return [me?.id, me?.lid];
  };

  async function decrypt(message: WAMessage, poll: PollKey, pollId: string): Promise<PollVote | null> {
    const update = pollUpdateOf(message.message);
    const key = message.key;
    const groupJid = key.remoteJid ?? '';
    if (!update?.vote?.encPayload || !update.vote.encIv) return null;
    const fromMe = Boolean(key.fromMe);
    const participant = key.participant ?? message.participant ?? null;
    const participantAlt = (key as WAMessageKey & { participantAlt?: string | null }).participantAlt ?? null;
    const creators = await addresses(poll.fromMe ? mine() : [poll.author, poll.authorAlt]);
    const voters = await addresses(fromMe ? [...mine(), participant] : [participant, participantAlt]);
    for (const creator of creators)
      for (const voter of voters) {
        let selected: Uint8Array[];
        try {
          selected = decryptPollVote(update.vote as { encPayload: Uint8Array; encIv: Uint8Array }, {
            pollCreatorJid: creator,
            pollMsgId: pollId,
            pollEncKey: poll.secret,
            voterJid: voter,
          }).selectedOptions;
        } catch {
          continue; // not this pairing (or not a vote for this poll)
        }
        const chosen = new Set(selected.map((hash) => Buffer.from(hash).toString('base64')));
        const voterJid = participant ? jidNormalizedUser(participant) : null;
        const alt = participantAlt ? jidNormalizedUser(participantAlt) : voters.find((v) => v !== voterJid);
        return {
          groupJid,
          pollId,
          voter: fromMe ? null : voterJid,
          voterAlt: fromMe ? null : (alt ?? null),
          fromMe,
          options: poll.options.filter((option) => chosen.has(optionHash(option))),
          at: toMs(update.senderTimestampMs) || toMs(message.messageTimestamp) * 1000,
        };
      }
    // Ids only: a vote's content and the poll's secret never reach the log.
    deps.warn({ groupJid, pollId, voteId: key.id }, 'poll vote could not be decrypted; ignored');
    return null;
  }

  function remember(groupJid: string, pollId: string, poll: PollKey): void {
    const key = keyOf(groupJid, pollId);
    remembered.delete(key);
    remembered.set(key, poll);
    if (remembered.size > maxRemembered) remembered.delete(remembered.keys().next().value as string);
  }

  return {
    /**
     * Polls among `messages` (live, history, or this session's own sends): remembered for their votes. Answers
     * the votes that waited for them, read.
     */
    async seen(messages: WAMessage[]): Promise<PollVote[]> {
      const votes: PollVote[] = [];
      for (const message of messages) {
        const groupJid = message.key?.remoteJid;
        const pollId = message.key?.id;
        const poll = pollContent(message.message);
        if (!groupJid || !pollId || !poll?.secret) continue;
        const participant = message.key.participant ?? message.participant ?? null;
        const alt = (message.key as { participantAlt?: string | null }).participantAlt ?? null;
        const known: PollKey = {
          secret: poll.secret,
          options: poll.options,
          fromMe: Boolean(message.key.fromMe),
          author: participant,
          authorAlt: alt,
        };
        remember(groupJid, pollId, known);
        const waiting = pending.get(keyOf(groupJid, pollId));
        if (!waiting) continue;
        pending.delete(keyOf(groupJid, pollId));
        pendingCount -= waiting.length;
        for (const vote of waiting) {
          const read = await decrypt(vote, known, pollId);
          if (read) votes.push(read);
        }
      }
      return votes;
    },

    /** The votes among `messages` whose poll is known, read; the others wait for their poll. */
    async read(messages: WAMessage[]): Promise<PollVote[]> {
      const votes: PollVote[] = [];
      for (const message of messages) {
        const update = pollUpdateOf(message.message);
        const groupJid = message.key?.remoteJid;
        const pollId = update?.pollCreationMessageKey?.id;
        if (!update || !groupJid || !pollId) continue;
        const key = keyOf(groupJid, pollId);
        let poll = remembered.get(key) ?? null;
        if (!poll && deps.lookUp) {
          try {
            poll = await deps.lookUp(groupJid, pollId);
          } catch (error) {
            deps.warn({ err: error, groupJid, pollId }, 'poll lookup failed');
          }
          if (poll) remember(groupJid, pollId, poll);
        }
        if (poll) {
          const read = await decrypt(message, poll, pollId);
          if (read) votes.push(read);
          continue;
        }
        if (pendingCount >= maxPending) {
          deps.warn({ groupJid, pollId }, 'vote on an unknown poll dropped: too many waiting');
          continue;
        }
        pending.set(key, [...(pending.get(key) ?? []), message]);
        pendingCount += 1;
      }
      return votes;
    },

    /**
     * Votes the phone already decrypted, as a history sync carries them on the poll message itself
     * (WebMessageInfo.pollUpdates: the voter's key and the chosen options' hashes).
     */
    fromHistory(messages: WAMessage[]): PollVote[] {
      const votes: PollVote[] = [];
      for (const message of messages) {
        const groupJid = message.key?.remoteJid;
        const pollId = message.key?.id;
        const poll = pollContent(message.message);
        if (!groupJid || !pollId || !poll || !message.pollUpdates?.length) continue;
        for (const update of message.pollUpdates) {
          const key = update.pollUpdateMessageKey;
          if (!key) continue;
          const chosen = new Set(
            (update.vote?.selectedOptions ?? []).map((h) => Buffer.from(h).toString('base64')),
          );
          const voter = key.participant ?? null;
          votes.push({
            groupJid,
            pollId,
            voter: key.fromMe || !voter ? null : jidNormalizedUser(voter),
            voterAlt: null,
            fromMe: Boolean(key.fromMe),
            options: poll.options.filter((option) => chosen.has(optionHash(option))),
            at: toMs(update.senderTimestampMs),
          });
        }
      }
      return votes.filter((v) => v.fromMe || v.voter);
    },
  };
}

export type VoteReader = ReturnType<typeof createVoteReader>;

function toMs(value: number | Long | string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value) || 0;
  return value.toNumber();
}

type Long = { toNumber(): number };
