import { randomBytes } from 'node:crypto';
import {
  type AnyMessageContent,
  bytesToCrockford,
  generateMessageIDV2,
  generateWAMessage,
  type proto,
  type WAMessage,
} from 'baileys';
import { classifyClose } from '../close-reason';
import type {
  ConnectionClose,
  ConnectionEvents,
  ConnectOptions,
  ContactInfo,
  MissedCall,
  OutgoingAgain,
  OutgoingMedia,
  OutgoingPoll,
  OutgoingText,
  SessionAuth,
  WhatsAppDriver,
} from '../driver';
import { mediaMessage } from '../media-message';
import { createVoteReader, encryptPollVote, type PollKey, type VoteReader } from '../polls';
import {
  BIG_GROUP_NAME,
  buildMessage,
  createPhoneContent,
  mediaContent,
  type PhoneContent,
  type SimGroup,
  type SimPerson,
  seededChanges,
} from './phone-content';
import { simulatedDownload } from './simulated-download';
import {
  createSimulatedUploads,
  type MediaUpload,
  noUpload,
  type SimulatedUploads,
} from './simulated-uploads';

export interface SimulatorOptions {
  /** Lifetime of the first QR code and of the later ones (Baileys: 60 s, then 20 s each). */
  firstQrMs: number;
  qrMs: number;
  /** How many QR codes the phone offers before linking ends ("QR refs attempts ended"). */
  qrRefs: number;
  /** How long the phone takes to answer a history request. */
  answerDelayMs: number;
  /** Interval of the server's keep-alive answers while connected. */
  pingMs: number;
  /** Newest messages per group sent right after linking; older ones come on demand. */
  historyDepth: number;
  /**
   * After the first sync, members react to, edit and delete some of the synced messages and one calls
   * unanswered (decision 0026): what demo mode shows. Tests of other things turn it off (test/helpers).
   */
  phoneActivity: boolean;
  /**
   * SIMULATOR_BIG_GROUP: > 0 adds the group "Big History" with this many messages, all sent in the
   * history right after linking (through the normal ingest), for demos and e2e of long groups.
   */
  bigGroup: number;
  now: () => number;
}

export const DEFAULT_SIMULATOR: SimulatorOptions = {
  firstQrMs: 60_000,
  qrMs: 20_000,
  qrRefs: 6,
  answerDelayMs: 150,
  pingMs: 10_000,
  historyDepth: 120,
  phoneActivity: true,
  bigGroup: 0,
  now: () => Date.now(),
};

/** Messages per history event when the phone sends a long history. */
const HISTORY_CHUNK = 1_000;

export type SimulatedFailure =
  | 'unreachable'
  | 'qr_expiry'
  | 'logged_out'
  | 'restart_required'
  | 'silent'
  | 'phone_offline'
  | 'banned'
  | 'temporarily_banned'
  | 'recover';

export interface IncomingInput {
  groupId: string;
  body: string;
  /** Digits of a group member's phone; a member is picked when absent. */
  authorPhone?: string;
  authorName?: string;
  fromMe?: boolean;
  type?: 'chat' | 'image';
  /** When it was sent (unix seconds): replays a conversation across days; now when absent. */
  timestamp?: number;
}

interface Phone {
  content: PhoneContent;
  auth: SessionAuth | null;
  events: ConnectionEvents | null;
  timers: Set<NodeJS.Timeout>;
  /** What the linking screen shows: QR codes, or a pairing code to type on the phone (link by number). */
  linking: 'qr' | 'code' | null;
  /** The pairing code shown now, while linking by phone number. */
  code: string | null;
  connected: boolean;
  /** Sticky failures, until `recover`. */
  unreachable: boolean;
  silent: boolean;
  offline: boolean;
  /** Messages the linked account sent from the desk, oldest first (the group received them). */
  sent: WAMessage[];
  /** The connection's stored polls (ConnectOptions.poll) and its reader of votes, as the Baileys driver's. */
  poll: ((groupJid: string, pollId: string) => Promise<PollKey | null>) | null;
  votes: VoteReader | null;
}

const UNREACHABLE: ConnectionClose = {
  kind: 'unreachable',
  statusCode: 408,
  reason: 'Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com (simulated)',
};

export type SimulatorDriver = WhatsAppDriver & ReturnType<typeof controls>;

/**
 * Demo mode and tests: a pretend phone per session, in this process. It speaks through the same driver
 * seam as Baileys (QR strings, 515 restart after the scan, history, live messages, closes), so the real
 * state machine, storage and API run unchanged on top of it.
 */
export function createSimulatorDriver(overrides: Partial<SimulatorOptions> = {}): SimulatorDriver {
  const options = { ...DEFAULT_SIMULATOR, ...overrides };
  const phones = new Map<string, Phone>();
  // What the composer sent, as the simulated media servers keep it: a download answers the very bytes.
  const uploads = createSimulatedUploads();

  const phoneOf = (sessionId: string): Phone => {
    let phone = phones.get(sessionId);
    if (!phone) {
      const anchor = Math.floor(options.now() / 1000 / 3600) * 3600; // stable within the hour, so restarts agree
      phone = {
        content: createPhoneContent(sessionId, anchor, options.bigGroup),
        auth: null,
        events: null,
        timers: new Set(),
        linking: null,
        code: null,
        connected: false,
        unreachable: false,
        silent: false,
        offline: false,
        sent: [],
        poll: null,
        votes: null,
      };
      phones.set(sessionId, phone);
    }
    return phone;
  };

  const later = (phone: Phone, ms: number, task: () => void): void => {
    const timer = setTimeout(() => {
      phone.timers.delete(timer);
      task();
    }, ms);
    timer.unref();
    phone.timers.add(timer);
  };

  const hangUp = (phone: Phone): ConnectionEvents | null => {
    for (const timer of phone.timers) clearTimeout(timer);
    phone.timers.clear();
    const events = phone.events;
    phone.events = null;
    phone.linking = phone.code = null;
    phone.connected = false;
    return events;
  };

  function connect({ sessionId, auth, events, pairingPhone, poll }: ConnectOptions) {
    const phone = phoneOf(sessionId);
    // Like WhatsApp: a second socket with the same creds replaces the first, which is closed with 440.
    hangUp(phone)?.close({ kind: 'replaced', statusCode: 440, reason: 'Stream Errored (conflict)' });
    phone.auth = auth;
    phone.events = events;
    phone.poll = poll ?? null;
    // Votes go through the same reading as the Baileys driver's (whatsapp/polls.ts): decrypted with the poll's secret.
    const { owner } = phone.content;
    phone.votes = createVoteReader({
      ...(poll ? { lookUp: poll } : {}),
      me: () => ({ id: owner.jid, lid: owner.lid }),
      warn: () => {},
    });
    if (phone.unreachable) later(phone, 5, () => hangUp(phone)?.close(UNREACHABLE));
    else if (auth.state.creds.me?.id) later(phone, 5, () => open(phone));
    // Like Baileys: the pairing code is asked for once the socket is ready.
    else if (pairingPhone) later(phone, 5, () => showCode(phone, 0));
    else showQr(phone, 0);
    return connection(phone, uploads);
  }

  /** Linking ends when nobody used any of the codes offered ("QR refs attempts ended"). */
  function linkingEnded(phone: Phone, shown: number): boolean {
    if (shown < options.qrRefs) return false;
    const reason =
      phone.linking === 'code'
        ? 'The pairing code was not entered in time.'
        : 'The QR code was not scanned in time.';
    hangUp(phone)?.close({ kind: 'qr_expired', statusCode: 408, reason });
    return true;
  }

  /** Linking by phone number: 8 characters of WhatsApp's alphabet, renewed like the QR codes. */
  function showCode(phone: Phone, shown: number): void {
    if (!phone.events || linkingEnded(phone, shown)) return;
    phone.linking = 'code';
    phone.code = bytesToCrockford(randomBytes(5));
    phone.events.pairingCode(phone.code);
    later(phone, shown === 0 ? options.firstQrMs : options.qrMs, () => showCode(phone, shown + 1));
  }

  function showQr(phone: Phone, shown: number): void {
    if (linkingEnded(phone, shown)) return;
    phone.linking = 'qr';
    const ref = `2@${randomBytes(24).toString('base64')}`;
    const keys = phone.auth?.state.creds;
    const pub = (key?: Uint8Array) => Buffer.from(key ?? []).toString('base64');
    // The same comma-separated shape as a real linking QR: ref, noise key, identity key, adv secret.
    phone.events?.qr(
      [ref, pub(keys?.noiseKey.public), pub(keys?.signedIdentityKey.public), keys?.advSecretKey ?? ''].join(
        ',',
      ),
    );
    later(phone, shown === 0 ? options.firstQrMs : options.qrMs, () => showQr(phone, shown + 1));
  }

  function open(phone: Phone): void {
    const events = phone.events;
    const creds = phone.auth?.state.creds;
    if (!events || !creds) return;
    phone.connected = true;
    const { owner } = phone.content;
    events.open({ jid: owner.jid, lid: owner.lid, phone: owner.phone });
    const ping = () => {
      if (!phone.connected) return;
      if (!phone.silent) events.activity();
      later(phone, options.pingMs, ping);
    };
    ping();
    // The phone sends its recent history once, right after linking (Baileys counts syncs in the creds).
    if (creds.accountSyncCounter === 0) {
      later(phone, 5, () => {
        for (const group of phone.content.groups) {
          // The big group's whole history comes at once, in chunks of 1,000 like a phone's sync batches.
          const depth = group.name === BIG_GROUP_NAME ? group.count : options.historyDepth;
          for (let end = group.count; end > group.count - depth && end > 0; end -= HISTORY_CHUNK)
            events.history({
              messages: newestFirst(group, end, Math.min(HISTORY_CHUNK, end - (group.count - depth))),
              contacts: contactsOf(group),
              onDemand: false,
              requestId: null,
            });
        }
        creds.accountSyncCounter = 1;
        void phone.auth?.saveCreds();
        // Then what members did to those messages meanwhile: reactions, an edit, deletes (decision 0026),
        // and one call nobody answered, from a member of the first group.
        if (!options.phoneActivity) return;
        later(phone, 20, () => {
          const now = Math.floor(options.now() / 1000);
          for (const group of phone.content.groups) {
            const changes = seededChanges(
              phone.content.seed,
              phone.content.owner,
              group,
              group.count - options.historyDepth,
              group.count,
              now,
            );
            if (changes.length > 0) phone.events?.live(changes);
          }
          const caller = phone.content.groups[0]?.members[1];
          if (caller) phone.events?.calls([missedCallOf(caller, false, now - 600)]);
        });
      });
    }
  }

  function connection(phone: Phone, uploads: SimulatedUploads) {
    const group = (jid: string) => phone.content.groups.find((g) => g.jid === jid);

    async function send(
      groupJid: string,
      content: AnyMessageContent,
      quoted: WAMessage | null,
      record: (message: WAMessage) => Promise<void>,
      upload: MediaUpload = noUpload,
    ): Promise<WAMessage> {
      const events = phone.events;
      const target = group(groupJid);
      if (!events || !phone.connected) throw new Error('The simulated phone is not connected.');
      if (!target) throw new Error('The linked account is not a member of this group.');
      const { owner } = phone.content;
      const message = await generateWAMessage(target.jid, content, {
        userJid: owner.jid,
        ...(quoted ? { quoted } : {}),
        messageId: generateMessageIDV2(owner.jid),
        // On the simulated phones' clock (demo mode's, decision 0028), not Baileys' own `new Date()`.
        timestamp: new Date(options.now()),
        // Baileys encrypts the media to a file and hands it here as it would to WhatsApp's media servers.
        upload,
      });
      await record(message);
      phone.sent.push(message);
      // Like Baileys' own echo of a sent message (upserted as 'append' right after it was relayed).
      later(phone, 1, () => {
        phone.events?.live([message]);
        void phone.votes?.seen([message]);
      });
      // Then WhatsApp's server takes it (its ack: one grey tick); /sim/ plays what comes after.
      later(phone, 5, () =>
        phone.events?.sendStatus([
          { ...receiptOf(message, null), status: 'sent', at: Math.floor(options.now() / 1000) },
        ]),
      );
      return message;
    }

    return {
      listGroups: async () =>
        phone.content.groups.map((g) => ({
          jid: g.jid,
          name: g.name,
          addressingMode: g.addressingMode,
          size: g.members.length + 1,
          participants: participantsOf(g, phone.content.owner),
        })),
      async requestHistory(groupJid: string, oldest: { timestamp: number }, count: number) {
        const requestId = randomBytes(8).toString('hex');
        const target = group(groupJid);
        const events = phone.events;
        if (!target || !events || phone.offline) return requestId; // an offline phone never answers
        let before = 0; // messages older than `oldest`
        for (let lo = 0, hi = target.count; lo < hi; ) {
          const mid = (lo + hi) >> 1;
          if (target.timestamp(mid) < oldest.timestamp) lo = before = mid + 1;
          else hi = mid;
        }
        later(phone, options.answerDelayMs, () =>
          events.history({
            messages: newestFirst(target, before, Math.min(count, 50)),
            contacts: contactsOf(target),
            onDemand: true,
            requestId,
          }),
        );
        return requestId;
      },
      downloadMedia: async (message: WAMessage) =>
        simulatedDownload(message, { viaPhone: true, uploaded: uploads.bytes }),
      sendText: (outgoing: OutgoingText, record: (message: WAMessage) => Promise<void>) =>
        // The same message Baileys builds (baileys-driver.ts sendText): a quoted extended text.
        send(outgoing.groupJid, { text: outgoing.text, linkPreview: null }, outgoing.quoted, record),
      // The same poll Baileys builds (baileys-driver.ts sendPoll), with its random secret.
      sendPoll: (outgoing: OutgoingPoll, record: (message: WAMessage) => Promise<void>) =>
        send(
          outgoing.groupJid,
          {
            poll: {
              name: outgoing.question,
              values: outgoing.options,
              selectableCount: outgoing.selectableCount,
            },
          },
          outgoing.quoted,
          record,
        ),
      // The same content Baileys builds (baileys-driver.ts sendMedia); the bytes are kept as they were sent.
      sendMedia: (outgoing: OutgoingMedia, record: (message: WAMessage) => Promise<void>) => {
        const kept = uploads.keep(outgoing.file);
        return send(
          outgoing.groupJid,
          mediaMessage({ ...outgoing, file: kept.stream }),
          null,
          record,
          kept.upload,
        );
      },
      // The same content Baileys builds (baileys-driver.ts sendAgain).
      sendAgain: (outgoing: OutgoingAgain, record: (message: WAMessage) => Promise<void>) =>
        send(outgoing.groupJid, { forward: outgoing.message }, null, record),
      async logout() {
        hangUp(phone);
      },
      async end() {
        hangUp(phone);
      },
    };
  }

  return {
    name: 'simulator',
    downloadMedia: (message) => simulatedDownload(message, { viaPhone: false, uploaded: uploads.bytes }),
    connect,
    ...controls(phones, phoneOf, hangUp, options.now),
  };
}

/** A receipt for a message the simulated phone sent, before its status is said. */
/** A call nobody answered, as the Baileys driver reports one (whatsapp/baileys/missed-calls.ts). */
function missedCallOf(caller: SimPerson, video: boolean, at: number): MissedCall {
  return {
    callId: randomBytes(16).toString('hex').toUpperCase(),
    from: caller.lid,
    callerPn: caller.jid,
    video,
    at,
  };
}

function receiptOf(message: WAMessage, member: string | null) {
  return {
    chatJid: message.key.remoteJid ?? '',
    waId: message.key.id ?? '',
    member,
    at: null,
    errorCode: null,
    refusal: null,
  };
}

function newestFirst(group: SimGroup, end: number, count: number): WAMessage[] {
  const messages: WAMessage[] = [];
  for (let i = end - 1; i >= Math.max(0, end - count); i--) messages.push(group.message(i));
  return messages;
}

/**
 * The member list as group metadata gives it: each member's address in the group and the other one (a LID
 * group's members by LID with their phone-number JID; a phone-number group's the reverse), no names.
 */
function participantsOf(group: SimGroup, owner: SimPerson): ContactInfo[] {
  return [owner, ...group.members].map((m) =>
    group.addressingMode === 'lid'
      ? { jid: m.lid, name: null, altJid: m.jid }
      : { jid: m.jid, name: null, altJid: m.lid },
  );
}

function contactsOf(group: SimGroup): ContactInfo[] {
  return group.members.flatMap((m): ContactInfo[] =>
    group.addressingMode === 'lid'
      ? [
          { jid: m.lid, name: m.name, altJid: m.jid },
          { jid: m.jid, name: m.name, altJid: m.lid },
        ]
      : [{ jid: m.jid, name: m.name, altJid: null }],
  );
}

/** A typed pairing code as WhatsApp compares it: no dash or spaces, any case. */
const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** The test and demo controls behind /sim/...: scan, enter a code, fail, and messages from group members. */
function controls(
  phones: Map<string, Phone>,
  phoneOf: (id: string) => Phone,
  hangUp: (phone: Phone) => ConnectionEvents | null,
  now: () => number,
) {
  /** The device is paired, then the server asks for a restart (515), as after a real scan. */
  async function pair(phone: Phone): Promise<void> {
    const creds = phone.auth?.state.creds;
    if (!creds) return;
    const { owner } = phone.content;
    creds.me = {
      id: `${owner.phone}:7@s.whatsapp.net`,
      lid: `${owner.lid.replace('@lid', '')}:7@lid`,
      name: owner.name,
    };
    creds.registered = true;
    await phone.auth?.saveCreds();
    hangUp(phone)?.close({ kind: 'restart', statusCode: 515, reason: 'Stream Errored (restart required)' });
  }

  return {
    /** The simulated phones' clock (epoch ms): what their messages' timestamps are read from. */
    now: () => now(),

    /** Plays "the phone scanned the QR code"; false when no QR code is shown. */
    async scan(sessionId: string): Promise<boolean> {
      const phone = phones.get(sessionId);
      if (phone?.linking !== 'qr' || !phone.auth) return false;
      await pair(phone);
      return true;
    },

    /**
     * Plays "the phone's owner typed the pairing code": 'linked' when it is the code shown, 'wrong' when
     * another, 'not_linking' when the session shows no pairing code.
     */
    async enterCode(sessionId: string, code: string): Promise<'linked' | 'wrong' | 'not_linking'> {
      const phone = phones.get(sessionId);
      if (phone?.linking !== 'code' || !phone.code || !phone.auth) return 'not_linking';
      if (normaliseCode(code) !== phone.code) return 'wrong';
      await pair(phone);
      return 'linked';
    },

    fail(sessionId: string, failure: SimulatedFailure): void {
      const phone = phoneOf(sessionId);
      switch (failure) {
        case 'recover':
          phone.unreachable = phone.silent = phone.offline = false;
          return;
        case 'silent':
          phone.silent = true;
          return;
        case 'phone_offline':
          phone.offline = true;
          return;
        case 'unreachable':
          phone.unreachable = true;
          hangUp(phone)?.close(UNREACHABLE);
          return;
        case 'qr_expiry':
          if (phone.linking)
            hangUp(phone)?.close({
              kind: 'qr_expired',
              statusCode: 408,
              reason: 'The QR code was not scanned in time.',
            });
          return;
        case 'logged_out':
          hangUp(phone)?.close({
            kind: 'logged_out',
            statusCode: 401,
            reason: 'The device was logged out from the phone.',
          });
          return;
        case 'restart_required':
          hangUp(phone)?.close({
            kind: 'restart',
            statusCode: 515,
            reason: 'Stream Errored (restart required)',
          });
          return;
        // WhatsApp's failure stanzas as Baileys passes them on (decision 0015 §2): a ban, and a two-minute
        // one for too many blocks, after which the session may log in again.
        case 'banned':
          hangUp(phone)?.close(classifyClose({ output: { statusCode: 406 }, data: { reason: '406' } }));
          return;
        case 'temporarily_banned':
          hangUp(phone)?.close(
            classifyClose(
              { output: { statusCode: 402 }, data: { reason: '402', code: '102', expire: '120' } },
              now(),
            ),
          );
      }
    },

    /** A group member (or the phone's owner) sends a message; null when the group or session is unknown. */
    incoming(sessionId: string, input: IncomingInput): WAMessage | null {
      const phone = phones.get(sessionId);
      const group = phone?.content.groups.find((g) => g.jid === input.groupId);
      if (!phone?.connected || !phone.events || !group) return null;
      const member = input.authorPhone
        ? group.members.find((m) => m.phone === input.authorPhone)
        : group.members[0];
      const author = input.fromMe
        ? phone.content.owner
        : (member ?? {
            ...(group.members[0] ?? phone.content.owner),
            ...(input.authorPhone
              ? {
                  phone: input.authorPhone,
                  jid: `${input.authorPhone}@s.whatsapp.net`,
                  lid: `${input.authorPhone}0@lid`,
                }
              : {}),
          });
      const named = input.authorName ? { ...author, name: input.authorName } : author;
      const id = `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
      const content: proto.IMessage =
        input.type === 'image'
          ? mediaContent('image', `${group.jid}:live:${id}`, input.body, 0)
          : { conversation: input.body };
      // In a LID group a member's message names its sender by LID only (the group's member list pairs it
      // with a phone number); one from someone the list does not hold carries the phone-number JID too.
      const message = buildMessage(group, named, Boolean(input.fromMe), {
        id,
        timestamp: input.timestamp ?? Math.floor(now() / 1000),
        content,
        participantAlt: !member,
      });
      phone.events.live([message]);
      return message;
    },

    /** Delivers messages again, as WhatsApp does for ones received while a connection was dropping. */
    redeliver(sessionId: string, messages: WAMessage[]): boolean {
      const events = phones.get(sessionId)?.events;
      events?.live(messages);
      return Boolean(events);
    },

    /**
     * What WhatsApp says about a reply the desk sent (the newest, or `waId`): its server refuses it (a NACK
     * with `code`, 479 unless told, or a group where only admins may send or the account left), or members'
     * phones get or read it — all members, or the one with `memberPhone`. false when there is no such reply
     * or the session is not connected.
     */
    replyStatus(
      sessionId: string,
      input: {
        status: 'failed' | 'delivered' | 'read';
        waId?: string;
        code?: string;
        refusal?: 'announce_only' | 'not_member';
        memberPhone?: string;
      },
    ): boolean {
      const phone = phones.get(sessionId);
      const message = input.waId ? phone?.sent.find((m) => m.key.id === input.waId) : phone?.sent.at(-1);
      const group = phone?.content.groups.find((g) => g.jid === message?.key.remoteJid);
      if (!phone?.connected || !phone.events || !message || !group) return false;
      const at = Math.floor(now() / 1000);
      if (input.status === 'failed') {
        const errorCode = input.code ?? (input.refusal ? null : '479');
        phone.events.sendStatus([
          { ...receiptOf(message, null), status: 'failed', errorCode, refusal: input.refusal ?? null },
        ]);
        return true;
      }
      const members = input.memberPhone
        ? group.members.filter((m) => m.phone === input.memberPhone)
        : group.members;
      if (members.length === 0) return false;
      // A group's receipts name each member as the group addresses them (their LID in a LID group).
      phone.events.sendStatus(
        members.map((m) => ({
          ...receiptOf(message, group.addressingMode === 'lid' ? m.lid : m.jid),
          status: input.status,
          at,
        })),
      );
      return true;
    },

    /**
     * A group member (`voterPhone`, else the first) votes on a poll of the group: the vote is encrypted with
     * the poll's stored secret as a WhatsApp client encrypts it (whatsapp/polls.ts encryptPollVote, naming the
     * creator and the voter by the group's addressing) and read back through the same vote reading as the
     * Baileys driver's, so only a poll whose secret the server holds can be voted on.
     */
    async vote(
      sessionId: string,
      input: { groupId: string; pollId: string; options: string[]; voterPhone?: string },
    ): Promise<'voted' | 'not_connected' | 'no_poll' | 'no_option' | 'no_member'> {
      const phone = phones.get(sessionId);
      const group = phone?.content.groups.find((g) => g.jid === input.groupId);
      if (!phone?.connected || !phone.events || !phone.votes || !group) return 'not_connected';
      const poll = (await phone.poll?.(group.jid, input.pollId)) ?? null;
      if (!poll) return 'no_poll';
      if (input.options.some((option) => !poll.options.includes(option))) return 'no_option';
      const member = input.voterPhone
        ? group.members.find((m) => m.phone === input.voterPhone)
        : group.members[0];
      if (!member) return 'no_member';
      const lid = group.addressingMode === 'lid';
      const voter = lid ? member.lid : member.jid;
      const { owner } = phone.content;
      const creator = poll.fromMe ? (lid ? owner.lid : owner.jid) : (poll.author ?? '');
      const vote = encryptPollVote(input.options, {
        secret: poll.secret,
        pollId: input.pollId,
        creatorJid: creator,
        voterJid: voter,
        iv: randomBytes(12),
      });
      const message = {
        key: {
          remoteJid: group.jid,
          fromMe: false,
          id: `3EB0${randomBytes(8).toString('hex').toUpperCase()}`,
          participant: voter,
          ...(lid ? { participantAlt: member.jid } : {}),
        },
        messageTimestamp: Math.floor(now() / 1000),
        message: {
          pollUpdateMessage: {
            pollCreationMessageKey: {
              remoteJid: group.jid,
              id: input.pollId,
              fromMe: poll.fromMe,
              ...(poll.author ? { participant: poll.author } : {}),
            },
            vote,
            senderTimestampMs: now(),
          },
        },
      } as WAMessage;
      const votes = await phone.votes.read([message]);
      if (votes.length > 0) phone.events.votes(votes);
      return 'voted';
    },

    /**
     * A member of the phone's groups (`callerPhone`, else the first group's first member) calls the linked
     * number and nobody answers (decision 0026). false when not connected or nobody has that number.
     */
    missedCall(sessionId: string, input: { callerPhone?: string; video?: boolean }): boolean {
      const phone = phones.get(sessionId);
      if (!phone?.connected || !phone.events) return false;
      const members = phone.content.groups.flatMap((g) => g.members);
      const caller = input.callerPhone ? members.find((m) => m.phone === input.callerPhone) : members[0];
      if (!caller) return false;
      phone.events.calls([missedCallOf(caller, Boolean(input.video), Math.floor(now() / 1000))]);
      return true;
    },

    /** What the linked account sent from the desk (tests). */
    sent(sessionId: string): WAMessage[] {
      return phones.get(sessionId)?.sent ?? [];
    },

    /** The simulated groups of a session's phone (for demo seeding and tests). */
    groups(sessionId: string): SimGroup[] {
      return phoneOf(sessionId).content.groups;
    },
  };
}
