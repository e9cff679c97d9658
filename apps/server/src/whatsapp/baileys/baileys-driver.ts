import type { Boom } from '@hapi/boom';
import makeWASocket, {
  type AnyMessageContent,
  type BinaryNode,
  Browsers,
  type Contact,
  type GroupMetadata,
  type GroupParticipant,
  generateMessageIDV2,
  generateWAMessage,
  isJidGroup,
  isLidUser,
  jidDecode,
  jidNormalizedUser,
  normalizeMessageContent,
  proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAVersion,
} from 'baileys';
import type { Logger } from 'pino';
import { classifyClose } from '../close-reason';
import {
  type ContactInfo,
  type GroupInfo,
  type GroupMember,
  type LinkedAccount,
  MediaUnavailableError,
  type WhatsAppDriver,
} from '../driver';
import { mediaMessage } from '../media-message';
import { createVoteReader, pollUpdateOf } from '../polls';
import { keepGroupHistoryOnly } from './group-history';
import { createGroupMetadataCache } from './group-metadata';
import { createGroupRefresher } from './group-refresher';
import { downloadWaMedia } from './media';
import { missedCalls } from './missed-calls';
import { createSendReceipts } from './send-receipts';

/** The parts of Baileys' socket the driver uses (and the harness scripts). */
export type DriverSocket = Pick<
  ReturnType<typeof makeWASocket>,
  | 'ev'
  | 'ws'
  | 'user'
  | 'groupFetchAllParticipating'
  | 'groupMetadata'
  | 'fetchMessageHistory'
  | 'updateMediaMessage'
  | 'requestPairingCode'
  | 'relayMessage'
  | 'waUploadToServer'
  | 'upsertMessage'
  | 'signalRepository'
  | 'logout'
  | 'end'
>;

export interface BaileysOptions {
  logger: Logger;
  /** Only for tests against loopback; production uses Baileys' default WhatsApp address. */
  waWebSocketUrl?: string;
  connectTimeoutMs: number;
  keepAliveIntervalMs: number;
  /** WHATSAPP_VERSION: the WhatsApp Web version to announce; null keeps the one built into Baileys. */
  version?: WAVersion | null;
  /** How long the phone has to upload expired media again (default 30 s). */
  reuploadTimeoutMs?: number;
  /** How long partial group updates are gathered before their groups are fetched (default 2 s). */
  groupRefreshDelayMs?: number;
  /** How long a group's metadata is sent from before it is asked for again (default, and at most, 5 min). */
  groupMetadataTtlMs?: number;
  /** The clock group metadata ages by (tests move it). */
  now?: () => number;
  /**
   * A LID sender whose number was not in Baileys' LID store is looked up again at most this often: on its
   * next message, or for all such senders when Baileys may have stored pairs (default 30 s).
   */
  lidRetryMs?: number;
  /** Builds the socket; Baileys' makeWASocket unless a test scripts one. */
  makeSocket?: (config: UserFacingSocketConfig) => DriverSocket;
}

const { HistorySyncType } = proto.HistorySync;
const DEFAULT_REUPLOAD_TIMEOUT_MS = 30_000;
const DEFAULT_GROUP_REFRESH_DELAY_MS = 2_000;
const MAX_GROUP_METADATA_TTL_MS = 5 * 60_000;
const { EPHEMERAL_SETTING } = proto.Message.ProtocolMessage.Type;
const DEFAULT_LID_RETRY_MS = 30_000;
/** LID senders without a number a connection keeps asking about, and asks about in one lookup. */
const MAX_MISSING_LIDS = 1_000;

/**
 * The real driver: one Baileys socket per connection attempt. Settings follow decision 0015 §4: a desktop
 * browser identity (Chrome for links by pairing code and the sessions linked so, §11) and the whole history
 * sync (of which only group chats are passed on, §6), markOnlineOnConnect off so the phone keeps its
 * notifications, and the version the runner names (client-version.ts, §2), else WHATSAPP_VERSION, else the
 * one built into the library. Everything a connection reports reaches `events` in the order Baileys emitted
 * it, also when a step waits for a LID lookup (§7).
 */
export function createBaileysDriver(options: BaileysOptions): WhatsAppDriver {
  const makeSocket = options.makeSocket ?? makeWASocket;
  const reuploadTimeoutMs = options.reuploadTimeoutMs ?? DEFAULT_REUPLOAD_TIMEOUT_MS;
  const groupRefreshDelayMs = options.groupRefreshDelayMs ?? DEFAULT_GROUP_REFRESH_DELAY_MS;
  const groupMetadataTtlMs = Math.min(
    options.groupMetadataTtlMs ?? MAX_GROUP_METADATA_TTL_MS,
    MAX_GROUP_METADATA_TTL_MS,
  );
  const lidRetryMs = options.lidRetryMs ?? DEFAULT_LID_RETRY_MS;
  return {
    name: 'baileys',
    downloadMedia: (message) => downloadWaMedia(message, { logger: options.logger }),
    connect({ sessionId, auth, events, pairingPhone, sentMessage, poll, version, platform }) {
      const logger = options.logger.child({ sessionId });
      // Every group's full metadata as this connection last heard it: Baileys asks for it before each
      // group send (Socket/messages-send.js:499-509) and would otherwise query WhatsApp every time. It is
      // sent from for at most 5 minutes (docs/decisions/0018-desk-replies.md, group metadata).
      const metadata = createGroupMetadataCache({ ttlMs: groupMetadataTtlMs, now: options.now ?? Date.now });
      const announced = version ?? options.version;
      // The key cache lives with the session's auth (whatsapp/auth/session-auth.ts), created once per run.
      const sock = makeSocket({
        auth: auth.state,
        logger,
        // 'Chrome' pairs as companion platform 1, "Chrome (Mac OS)" (Utils/companion-reg-client-utils.js:
        // 22-27, Socket/socket.js:635-642); 'Desktop' as 7 (ELECTRON), reported refused for codes (§11).
        browser: Browsers.macOS(platform === 'chrome' ? 'Chrome' : 'Desktop'),
        syncFullHistory: true,
        shouldSyncHistoryMessage: () => true,
        markOnlineOnConnect: false,
        connectTimeoutMs: options.connectTimeoutMs,
        keepAliveIntervalMs: options.keepAliveIntervalMs,
        generateHighQualityLinkPreview: false,
        // A recipient that could not decrypt a sent message asks for a retry; Baileys encrypts it again
        // from what this answers when its own recent-message cache misses (Socket/messages-recv.js:1040-1070).
        getMessage: async (key) => (sentMessage ? sentMessage(key) : undefined),
        cachedGroupMetadata: async (jid) => metadata.fresh(jid),
        ...(announced ? { version: announced } : {}),
        ...(options.waWebSocketUrl ? { waWebSocketUrl: options.waWebSocketUrl } : {}),
      });
      keepGroupHistoryOnly(sock.ev);
      let ended = false;
      let closed = false;
      let pairingRequested = false;
      // Pairs this connection already reported (each is told once), LIDs whose number it reported, LIDs of
      // chats and contacts looked up once, and LID senders looked up without a number (when last asked).
      const known = new Set<string>();
      const lidsKnown = new Set<string>();
      const lidsAsked = new Set<string>();
      const lidsMissing = new Map<string, number>();

      // One chain per connection: a step that waits (a LID lookup) holds back the ones after it.
      let chain: Promise<void> = Promise.resolve();
      const inOrder = (step: () => void | Promise<void>) => {
        chain = chain.then(step).catch((error) => logger.warn({ err: error }, 'whatsapp event failed'));
      };

      const report = (pairs: ContactInfo[]) => {
        const fresh = pairs.filter((p) => p.altJid && !known.has(`${p.jid}>${p.altJid}`));
        for (const p of fresh) {
          known.add(`${p.jid}>${p.altJid}`);
          if (isLidUser(p.jid)) {
            lidsKnown.add(p.jid);
            lidsMissing.delete(p.jid);
          }
        }
        if (fresh.length > 0) events.contacts(fresh);
      };

      /**
       * Pairs for LID senders that arrive without their phone number (and for `lids`), from the mappings
       * Baileys stored (Signal/lid-mapping.js getPNsForLIDs).
       */
      async function lookUpSenders(messages: WAMessage[], lids: string[] = []): Promise<ContactInfo[]> {
        const offered: ContactInfo[] = [];
        const others = new Set<string>();
        const senders = new Set<string>();
        for (const lid of lids) {
          const jid = jidNormalizedUser(lid);
          if (!lidsKnown.has(jid) && !lidsAsked.has(jid)) others.add(jid);
        }
        const now = Date.now();
        for (const { key } of messages) {
          const sender = key?.participant;
          if (!sender) continue;
          if (key.participantAlt) offered.push(...pairOf(sender, key.participantAlt));
          else if (isLidUser(sender)) {
            const jid = jidNormalizedUser(sender);
            const asked = lidsMissing.get(jid);
            if (!lidsKnown.has(jid) && (asked === undefined || now - asked >= lidRetryMs)) senders.add(jid);
          }
        }
        // A chat's or contact's LID is asked once per connection (the history names thousands).
        for (const lid of others) lidsAsked.add(lid);
        return [...offered, ...(await lookUp([...others, ...senders], senders))];
      }

      /**
       * The pairs Baileys' LID store holds for `lids`. A sender it has no number for is remembered with the
       * time, and asked again later (its next message after lidRetryMs, or a sweep): Baileys stores pairs it
       * learns without telling (a send's device query, messages-send.js:197-203; a LID migration sync,
       * process-message.js:395-403), and lid-mapping.update is rare (Baileys #2263).
       */
      async function lookUp(lids: string[], senders: ReadonlySet<string>): Promise<ContactInfo[]> {
        if (lids.length === 0) return [];
        let found: Awaited<ReturnType<typeof sock.signalRepository.lidMapping.getPNsForLIDs>> = [];
        try {
          found = await sock.signalRepository.lidMapping.getPNsForLIDs(lids);
        } catch (error) {
          // The messages go on without the numbers; a failed lookup must never drop them.
          logger.warn({ err: error, lids: lids.length }, 'LID lookup failed');
        }
        const pairs = (found ?? []).flatMap(({ lid, pn }) => pairOf(lid, pn));
        const numbered = new Set(pairs.map((p) => p.jid));
        const now = Date.now();
        for (const lid of senders) {
          if (numbered.has(lid)) continue;
          lidsMissing.delete(lid); // the newest last, so the oldest are dropped first
          lidsMissing.set(lid, now);
          if (lidsMissing.size > MAX_MISSING_LIDS)
            lidsMissing.delete(lidsMissing.keys().next().value as string);
        }
        return pairs;
      }

      // When Baileys may have stored pairs (a send, a lid-mapping.update), every sender still without a
      // number is asked again in one lookup of its store, at most once per lidRetryMs.
      let sweepTimer: NodeJS.Timeout | undefined;
      let lastSweep = 0;
      function sweepSoon(): void {
        if (sweepTimer || lidsMissing.size === 0 || ended || closed) return;
        sweepTimer = setTimeout(
          () => {
            sweepTimer = undefined;
            lastSweep = Date.now();
            inOrder(async () => {
              const lids = [...lidsMissing.keys()];
              if (lids.length > 0) report(await lookUp(lids, new Set(lids)));
            });
          },
          Math.max(0, lastSweep + lidRetryMs - Date.now()),
        );
        sweepTimer.unref?.();
      }
      function stopSweeps(): void {
        clearTimeout(sweepTimer);
        sweepTimer = undefined;
      }

      // What WhatsApp says about what this connection sent: taken, refused, delivered, read (decision 0018).
      const sent = createSendReceipts({ account: () => sock.user, group: (jid) => metadata.last(jid) });
      const tell = (receipts: ReturnType<typeof sent.updates>) => {
        if (receipts.length > 0) inOrder(() => events.sendStatus(receipts));
      };

      // Votes on polls, decrypted here: rc14's own decryption is commented out (Utils/process-message.js:
      // 576-624), so they arrive as upserted pollUpdateMessages (decision 0018, polls).
      const votes = createVoteReader({
        ...(poll ? { lookUp: poll } : {}),
        me: () => sock.user,
        pnForLid: (lid) => sock.signalRepository.lidMapping.getPNForLID(lid),
        warn: (object, message) => logger.warn(object, message),
      });
      const tellVotes = (read: Awaited<ReturnType<typeof votes.read>>) => {
        if (read.length > 0) events.votes(read);
      };

      const groups = createGroupRefresher({
        delayMs: groupRefreshDelayMs,
        fetch: fetchGroup,
        found: (group) => inOrder(() => reportGroups([group])),
        failed: (jid, error) => logger.warn({ err: error, groupJid: jid }, 'group metadata fetch failed'),
      });

      /** One group's metadata from WhatsApp, kept unless the group changed while the query was under way. */
      async function fetchGroup(jid: string): Promise<GroupMetadata> {
        const mark = metadata.mark();
        const group = await sock.groupMetadata(jid);
        metadata.store([group], mark);
        return group;
      }

      /** Groups go stale: their entry is dropped (Baileys queries them itself) and they are fetched again. */
      function forget(jids: string[]): void {
        for (const jid of jids) metadata.drop(jid);
        groups.refresh(jids);
      }

      // Modes a received message showed that contradicted a group's metadata (each is acted on once).
      const addressingSeen = new Set<string>();

      /**
       * Groups whose metadata the received messages show stale (decision 0015 §8): a disappearing-messages
       * toggle, which arrives only as an EPHEMERAL_SETTING protocol message (Socket/messages-recv.js:616-623,
       * Utils/process-message.js:309-314); a stanza addressed otherwise than the metadata says (its
       * addressing_mode is on the key, Utils/decode-wa-message.js:73, 189), as after a group's move to LID
       * addressing, of which WhatsApp sends no notification.
       */
      function staleGroups(messages: WAMessage[]): string[] {
        const stale = new Set<string>();
        for (const { key, message } of messages) {
          const jid = key?.remoteJid;
          if (!jid || !isJidGroup(jid)) continue;
          if (normalizeMessageContent(message)?.protocolMessage?.type === EPHEMERAL_SETTING) stale.add(jid);
          const mode = key.addressingMode;
          const held = metadata.last(jid)?.addressingMode;
          if (!mode || !held || held === mode || addressingSeen.has(`${jid} ${mode}`)) continue;
          // A mode WhatsApp's answer still contradicts is not asked about again on this connection: the
          // metadata's five minutes bound it.
          addressingSeen.add(`${jid} ${mode}`);
          stale.add(jid);
        }
        return [...stale];
      }

      function reportGroups(list: GroupMetadata[]): void {
        const infos = list.map(toGroup);
        report(
          infos.flatMap((g) => (g.participants ?? []).flatMap(({ jid, altJid }) => pairOf(jid, altJid))),
        );
        events.groups(infos);
      }

      function askPairingCode(phone: string): void {
        pairingRequested = true;
        sock.requestPairingCode(phone).then(
          (code) => inOrder(() => events.pairingCode(code)),
          (error) => {
            logger.warn({ err: error }, 'pairing code request failed');
            const reason = `Could not get a pairing code: ${error instanceof Error ? error.message : String(error)}`;
            inOrder(() => closeWith({ kind: 'retry', statusCode: null, reason }));
            void sock.end(undefined);
          },
        );
      }

      function closeWith(close: ReturnType<typeof classifyClose>): void {
        if (closed || ended) return;
        closed = true;
        groups.stop();
        stopSweeps();
        events.close(close);
      }

      sock.ev.on('creds.update', () => {
        auth.saveCreds().catch((error) => logger.error({ err: error }, 'saving creds failed'));
      });
      sock.ev.on('connection.update', ({ connection, qr, lastDisconnect }) => {
        if (qr) {
          // Linking by phone number: the first QR says the socket is ready to ask for a code (decision 0015 §4).
          const byPhone = pairingPhone && !auth.state.creds.registered;
          if (!byPhone) inOrder(() => events.qr(qr));
          else if (!pairingRequested) askPairingCode(pairingPhone);
        }
        if (connection === 'open') inOrder(() => events.open(accountOf(sock.user)));
        if (connection === 'close') {
          const close = classifyClose(lastDisconnect?.error);
          inOrder(() => closeWith(close));
        }
      });
      sock.ws.on('frame', () => events.activity());
      // Baileys' own listener of these acks acts only on refusals (Socket/messages-recv.js:1494-1566, 1624).
      sock.ws.on('CB:ack,class:message', (node: BinaryNode) => {
        const ack = sent.ack(node);
        if (ack) tell([ack]);
      });
      sock.ev.on('messages.update', (updates) => tell(sent.updates(updates)));
      sock.ev.on('message-receipt.update', (updates) => tell(sent.receipts(updates)));
      sock.ev.on(
        'messaging-history.set',
        ({ messages, contacts, lidPnMappings, syncType, peerDataRequestSessionId }) => {
          // Group chats' messages only: the 1:1 chats were dropped as Baileys emitted them (group-history.ts).
          // lidPnMappings do not survive Baileys' event buffer (decision 0015 §6), but Baileys stored them:
          // the LIDs of 1:1 chats (each chat is also a contact, Utils/history.js:55-62) and of contacts
          // without a number are looked up instead.
          const lids = contacts.flatMap((c) => (isLidUser(c.id) && !c.phoneNumber ? [c.id] : []));
          inOrder(async () => {
            report([
              ...(lidPnMappings ?? []).flatMap(({ lid, pn }) => pairOf(lid, pn)),
              ...contacts.flatMap((c) => pairOf(c.id, isLidUser(c.id) ? c.phoneNumber : c.lid)),
              ...(await lookUpSenders(messages, lids)),
            ]);
            events.history({
              messages,
              contacts: contacts.map(toContact),
              onDemand: syncType === HistorySyncType.ON_DEMAND,
              requestId: peerDataRequestSessionId ?? null,
            });
            // After the polls they are on: the phone's own record of votes on history polls, and votes.
            tellVotes([
              ...(await votes.seen(messages)),
              ...votes.fromHistory(messages),
              ...(await votes.read(messages)),
            ]);
          });
        },
      );
      // 'notify' is a new message; 'append' one that arrived while we were offline: both are live traffic.
      sock.ev.on('messages.upsert', ({ messages }) => {
        forget(staleGroups(messages));
        const merged = sent.upserted(messages);
        inOrder(async () => {
          report(await lookUpSenders(messages));
          // A vote is never a message of its own: it is read, and counted on its poll.
          const shown = messages.filter((m) => !pollUpdateOf(m.message));
          if (shown.length > 0) events.live(shown);
          // Votes in 1:1 chats are never counted (groups only): they would spend the budget of votes waiting for
          // their poll (polls.ts).
          const inGroups = messages.filter((m) => isJidGroup(m.key?.remoteJid ?? undefined));
          tellVotes([...(await votes.seen(shown)), ...(await votes.read(inGroups))]);
        });
        tell(merged);
      });
      // Calls nobody answered (decision 0026), in order with the messages around them.
      sock.ev.on('call', (calls) => {
        const missed = missedCalls(calls);
        if (missed.length > 0) inOrder(() => events.calls(missed));
      });
      sock.ev.on('lid-mapping.update', ({ lid, pn }) => {
        inOrder(() => report(pairOf(lid, pn)));
        sweepSoon();
      });
      sock.ev.on('contacts.upsert', (contacts) => inOrder(() => events.contacts(contacts.map(toContact))));
      sock.ev.on('contacts.update', (updates) =>
        inOrder(() => events.contacts(updates.filter((c): c is Contact => Boolean(c.id)).map(toContact))),
      );
      sock.ev.on('groups.upsert', (list) => {
        metadata.store(list);
        inOrder(() => reportGroups(list));
      });
      sock.ev.on('groups.update', (updates) => {
        // groupFetchAllParticipating() emits groups.update with every group's full metadata (decision 0015
        // §8): those are stored as they are. A partial update (a new subject) names one group, which is
        // fetched alone, later and one at a time — never the whole list, which would echo again.
        const full = updates.filter(
          (u): u is GroupMetadata => Boolean(u.id) && Array.isArray(u.participants),
        );
        metadata.store(full);
        if (full.length > 0) inOrder(() => reportGroups(full));
        // A changed group is not sent to from stale metadata: Baileys asks WhatsApp until the refetch lands.
        const partial = updates
          .filter((u) => u.id && !Array.isArray(u.participants))
          .map((u) => u.id as string);
        forget(partial);
      });
      sock.ev.on('group-participants.update', (update) => {
        const { id } = update;
        sent.participants(update);
        forget([id]);
      });

      /**
       * Builds a message with Baileys' own generator as sendMessage does (Socket/messages-send.js:1068-1087),
       * records it, relays it, and echoes it. Recorded before it is relayed: the content carries a random
       * messageSecret (Utils/messages.js:542-547), so only this very message can answer getMessage later.
       */
      async function send(
        groupJid: string,
        content: AnyMessageContent,
        quoted: WAMessage | null,
        record: (message: WAMessage) => Promise<void>,
      ): Promise<WAMessage> {
        const me = sock.user?.id;
        if (!me) throw new Error('The session is not logged in.');
        // In a disappearing group the reply carries the group's timer (Utils/messages.js:587-600), as the
        // group's messages do; sendMessage leaves that to the caller. The metadata read here is what Baileys
        // is handed for the send, so the timer and the stanza's `expiration` agree (messages-send.js:521-526).
        const group = isJidGroup(groupJid)
          ? (metadata.fresh(groupJid) ?? (await fetchGroup(groupJid)))
          : null;
        const timer = group?.ephemeralDuration ?? 0;
        const message = await generateWAMessage(groupJid, content, {
          userJid: me,
          ...(quoted ? { quoted } : {}),
          messageId: generateMessageIDV2(me),
          logger,
          // Media (the composer's) is encrypted to a temporary file and uploaded to WhatsApp's media servers
          // before the message exists (Utils/messages.js:139-151), as sendMessage does (messages-send.js:1083).
          upload: sock.waUploadToServer,
          ...(timer > 0 ? { ephemeralExpiration: timer } : {}),
        });
        await record(message);
        await sock.relayMessage(groupJid, message.message ?? {}, { messageId: message.key.id ?? '' });
        // The send's device query may have taught Baileys pairs (messages-send.js:197-203).
        sweepSoon();
        // What sendMessage does next (messages-send.js:1135-1138): the sent message is upserted as
        // 'append', so it reaches the store through messages.upsert like any own message, once.
        sock
          .upsertMessage(message, 'append')
          .catch((error) => logger.warn({ err: error }, 'sent message not passed on'));
        return message;
      }

      const end = async () => {
        if (ended) return;
        ended = true;
        groups.stop();
        stopSweeps();
        await sock.end(undefined);
      };

      return {
        listGroups: async () => {
          const list = Object.values(await sock.groupFetchAllParticipating());
          metadata.store(list);
          return list.map(toGroup);
        },
        // Seconds, although the proto field is named oldestMsgTimestampMs (decision 0015 §4).
        requestHistory: (_groupJid, oldest, count) =>
          sock.fetchMessageHistory(Math.min(count, 50), oldest.key, Math.floor(oldest.timestamp)),
        downloadMedia: (message) =>
          downloadWaMedia(message, {
            logger,
            reuploadRequest: (expired) => reuploadWithin(sock, expired, reuploadTimeoutMs),
          }),
        sendText: ({ groupJid, text, quoted }, record) =>
          // No link preview: it would make the server fetch any address a member typed.
          send(groupJid, { text, linkPreview: null }, quoted, record),
        // Baileys builds the poll and its secret (Utils/messages.js:428-460): V3 for one choice, V1 for several.
        // A quoted poll carries the quote in its own contextInfo (Utils/messages.js generateWAMessageFromContent).
        sendPoll: ({ groupJid, question, options, selectableCount, quoted }, record) =>
          send(groupJid, { poll: { name: question, values: options, selectableCount } }, quoted, record),
        sendMedia: (outgoing, record) => send(outgoing.groupJid, mediaMessage(outgoing), null, record),
        // Utils/messages.js:234-258: an own message forwarded keeps a forwarding score of 0, so it is not
        // marked as forwarded; its media is referenced, not uploaded again.
        sendAgain: ({ groupJid, message }, record) => send(groupJid, { forward: message }, null, record),
        async logout() {
          try {
            ended = true;
            groups.stop();
            stopSweeps();
            await sock.logout();
          } finally {
            await sock.end(undefined).catch(() => {});
          }
        },
        end,
      };
    },
  };
}

/**
 * Baileys' updateMediaMessage waits without limit for the phone (decision 0015 §3); we don't. Its wait holds
 * a listener on `messages.media-update` and one on `connection.update` (messages-send.js:981, 1019;
 * Utils/generics.js:151-173) that go only when the wait ends: each re-upload the phone never answered
 * would leave both for the rest of the connection. So after the time-out the wait is ended the one way
 * Baileys offers: an update naming the message with an error, which its check takes as the phone's answer
 * (messages-send.js:1020-1024) and which rejects the call (1044-1046), removing both listeners. Any other
 * re-upload of the same message still waiting then ends with the same words.
 */
async function reuploadWithin(sock: DriverSocket, message: WAMessage, ms: number): Promise<WAMessage> {
  let timer: NodeJS.Timeout | undefined;
  const seconds = Number((ms / 1000).toFixed(1));
  const timedOut = new MediaUnavailableError(
    `The phone did not send the expired media again within ${seconds} s. Open WhatsApp on the phone and try again.`,
    'reupload_timeout',
  );
  const work = sock.updateMediaMessage(message);
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(timedOut);
      // The event's type names a Boom, but Baileys only rethrows whatever error the update carries.
      sock.ev.emit('messages.media-update', [{ key: message.key, error: timedOut as unknown as Boom }]);
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function accountOf(user: Contact | undefined): LinkedAccount {
  const jid = user?.id ? jidNormalizedUser(user.id) : null;
  return {
    jid,
    lid: user?.lid ? jidNormalizedUser(user.lid) : null,
    phone: jid ? (jidDecode(jid)?.user ?? null) : null,
  };
}

function toContact(contact: Contact): ContactInfo {
  const alt = isLidUser(contact.id) ? contact.phoneNumber : contact.lid;
  return {
    jid: jidNormalizedUser(contact.id),
    name: contact.name || contact.notify || contact.verifiedName || null,
    altJid: alt ? jidNormalizedUser(alt) : null,
  };
}

/** Both directions of a LID / phone-number pair (either argument order), normalised. */
function pairOf(a: string, b: string | null | undefined): ContactInfo[] {
  if (!b) return [];
  const [x, y] = [jidNormalizedUser(a), jidNormalizedUser(b)];
  if (!x || !y || x === y) return [];
  return [
    { jid: x, name: null, altJid: y },
    { jid: y, name: null, altJid: x },
  ];
}

function toParticipant(participant: GroupParticipant): GroupMember {
  const alt = isLidUser(participant.id) ? participant.phoneNumber : participant.lid;
  return {
    jid: jidNormalizedUser(participant.id),
    name: null,
    altJid: alt ? jidNormalizedUser(alt) : null,
    // 'admin' or 'superadmin' (the member node's `type`, Socket/groups.js:333-341): may delete others'
    // messages (decision 0015 §10).
    ...(participant.admin ? { admin: true } : {}),
  };
}

function toGroup(group: GroupMetadata): GroupInfo {
  return {
    jid: group.id,
    name: group.subject || group.id,
    addressingMode: group.addressingMode === 'lid' ? 'lid' : 'pn',
    size: group.size ?? group.participants?.length ?? 0,
    participants: Array.isArray(group.participants) ? group.participants.map(toParticipant) : null,
  };
}
