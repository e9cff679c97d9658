// A scripted stand-in for Baileys' socket (rc14), for the driver's tests and the linking bench: the real
// driver runs against it through BaileysOptions.makeSocket. Its `ev` is Baileys' own event buffer and its
// LID store Baileys' own LIDMappingStore over the session's keys, so buffering, flushing, dropping of
// already-seen history keys and mapping lookups behave as in production. Each scripted step names the
// lines of node_modules/baileys/lib it reproduces.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { stat } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import { Boom } from '@hapi/boom';
import {
  addTransactionCapability,
  areJidsSameUser,
  type BaileysEventEmitter,
  type BaileysEventMap,
  type BinaryNode,
  bindWaitForEvent,
  cleanMessage,
  downloadAndProcessHistorySyncNotification,
  type GroupMetadata,
  getCompanionPlatformId,
  getStatusFromReceiptType,
  isJidGroup,
  jidNormalizedUser,
  makeEventBuffer,
  proto,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from 'baileys';
import { LIDMappingStore } from 'baileys/lib/Signal/lid-mapping.js';
import pino from 'pino';
import type { DriverSocket } from '../../src/whatsapp/baileys/baileys-driver';
import { encryptPollVote } from '../../src/whatsapp/polls';

const { HistorySyncType } = proto.HistorySync;
const silent = pino({ level: 'silent' });

export interface HistoryChunk {
  messages: WAMessage[];
  contacts?: { id: string; name?: string; notify?: string; lid?: string; phoneNumber?: string }[];
  lidPnMappings?: { lid: string; pn: string }[];
  syncType?: proto.HistorySync.HistorySyncType;
  peerDataRequestSessionId?: string;
}

/** What the scripted phone answers to the socket's queries, shared by every socket of one phone. */
export interface PhoneScript {
  groups: GroupMetadata[];
  /** The code requestPairingCode returns (Baileys makes a random one). */
  pairingCode?: string;
  /** Answers updateMediaMessage; undefined = the phone never answers (Baileys then waits for ever). */
  reupload?: (message: WAMessage) => Promise<WAMessage> | undefined;
  /** How long groupMetadata takes, to see whether queries overlap. */
  metadataDelayMs?: number;
  /**
   * LID/PN pairs WhatsApp's device query answers while a message is sent: Baileys stores them in its LID
   * store without telling the app (messages-send.js:193-203). Simplified: the real query asks only for
   * recipients whose devices are not cached, and which pairs it answers is WhatsApp's choice.
   */
  usync?: { lid: string; pn: string }[];
}

/** A member's vote on a poll, as their WhatsApp client builds it. */
export interface ScriptedVote {
  group: string;
  /** The poll message's id, and its creator as the voter's client names it in the poll's key. */
  pollId: string;
  pollAuthor: string;
  /** The secret of the poll (its messageContextInfo.messageSecret). */
  secret: Uint8Array;
  /** The voter as the stanza addresses them (a LID in a LID group), and their other address. */
  voter: string;
  voterAlt?: string;
  /** The JIDs the client encrypts with (decryptPollVote's pollCreatorJid and voterJid). */
  creatorJid: string;
  voterJid: string;
  /** Names of the chosen options (none: the vote taken back). */
  options: string[];
  /** When the voter cast it (ms); the default is now. */
  timestampMs?: number;
  /** One bit of the encrypted vote flipped on the way. */
  tamper?: boolean;
  id?: string;
}

export interface ScriptedSocket {
  sock: DriverSocket;
  config: UserFacingSocketConfig;
  calls: {
    groupFetchAllParticipating: number;
    groupMetadata: string[];
    /** Most groupMetadata queries in flight at once. */
    metadataInFlight: number;
    fetchMessageHistory: { count: number; key: WAMessageKey; timestamp: number }[];
    requestPairingCode: string[];
    /** What each pairing-code request told WhatsApp the companion is (socket.js:635-642). */
    companionPlatform: { id: string; display: string }[];
    updateMediaMessage: number;
    /**
     * Messages relayed (sent), first sends and retry resends; `participant` set on a resend to one device. A
     * group's first send also names the metadata it was encrypted for (the app's cachedGroupMetadata answer,
     * else a groupMetadata query) and the stanza attributes Baileys takes from it.
     */
    relayed: {
      jid: string;
      id: string;
      message: proto.IMessage;
      participant: string | null;
      group: { from: 'cache' | 'query'; metadata: GroupMetadata } | null;
      attrs: { expiration?: string; addressing_mode?: string };
    }[];
    /** Keys Baileys asked the app's getMessage for. */
    getMessage: WAMessageKey[];
    /** Media uploaded to WhatsApp's media servers: the kind and the encrypted file's size. */
    uploaded: { mediaType: string; bytes: number }[];
    /**
     * The chats whose messages each history set handed to Baileys' event buffer carried (what the buffer
     * keeps until it flushes, event-buffer.js:215-250), after whatever the app wrapped the socket's emit in.
     */
    historyBuffered: string[][];
  };
  /**
   * How many listeners the socket's `ev` holds for an event now: the app's and Baileys' own waits
   * (bindWaitForEvent). Counted as `on`, `off` and `removeAllListeners` are called on it: Baileys' event
   * buffer does not expose its emitter.
   */
  listeners(event: keyof BaileysEventMap): number;
  /** A frame from the server (feeds the watchdog). */
  frame(): void;
  /** The server's pair-device: the first QR code (socket.js:690-725). */
  qr(ref?: string): void;
  /** The phone scanned: pair-success, then the server asks for a restart (socket.js:727-741, 515). */
  scan(account: { pn: string; lid: string }): void;
  /**
   * The phone's owner types the pairing code: link_code_companion_reg (messages-recv.js:881-940), then as
   * `scan`. Resolves false, and nothing reaches the socket, when the code was requested as a platform the
   * phone refuses to pair with. Simplified: WhatsApp's rule is not in any source we can read; the reports
   * (Baileys #1167, #2764, and PR #2409's and #2559's descriptions) say only browser platforms (companion
   * platform ids 1-6) pair by code, and a desktop (7) is refused or never prompts on the phone.
   */
  enterCode(account: { pn: string; lid: string }): Promise<boolean>;
  /** Login succeeded (socket.js:745-766), then offline notifications are done (socket.js:832-841). */
  open(): void;
  /**
   * A history sync notification, processed as chats.js:917-1018 does. Two of them inside `buffered` reach
   * the app as one merged event with the later one's syncType and request id (event-buffer.js:221-287).
   */
  history(chunk: HistoryChunk): Promise<void>;
  /**
   * A history sync notification as WhatsApp sends it (historySyncNotification below), decoded by Baileys
   * itself: downloadAndProcessHistorySyncNotification inflates and decodes the HistorySync and turns its
   * conversations into chats, contacts, messages and pairs (Utils/history.js:37-126), then as `history`
   * (process-message.js:262-275). Simplified: the payload is always inline; WhatsApp inlines only the initial
   * bootstrap and has the device download other chunks from its CDN (history.js:26-36, 117-126).
   */
  historySync(notification: proto.Message.IHistorySyncNotification): Promise<void>;
  /** New messages, as upsertMessage emits them with their push names (chats.js:917-925). */
  live(messages: WAMessage[], type?: 'notify' | 'append'): Promise<void>;
  /** A group notification such as a subject change (process-message.js:484-493, 547-551). */
  groupNotification(update: Partial<GroupMetadata> & { id: string }): Promise<void>;
  /** A LID/PN pair from a sync action or notification (chat-utils.js:806, messages-recv.js:260). */
  lidMapping(lid: string, pn: string): Promise<void>;
  /**
   * A recipient device could not decrypt a message we sent and asks for it again (messages-recv.js:1161-1215,
   * 1040-1160). Resolves true when the message was relayed again.
   */
  retryReceipt(key: { remoteJid: string; id: string; participant: string }): Promise<boolean>;
  /** The server ends the stream: failure reason or stream error code (socket.js:792-801). */
  fail(statusCode: number, message?: string): Promise<void>;
  /**
   * The server refuses the login with a `failure` stanza (socket.js:798-801): Baileys ends the socket with
   * `Boom('Connection Failure', { statusCode: +reason, data: <the stanza's attributes> })`. The attributes
   * besides `reason` follow whatsmeow's reading of them (types/events: 402 carries `code` and `expire`).
   */
  failure(attrs: { reason: string } & Record<string, string>): Promise<void>;
  /**
   * The server's ack of a sent message (`<ack class="message">`): taken, or refused with `error` (a NACK:
   * an announce-only group, the account removed from the group, 479 smax-invalid …).
   */
  serverAck(jid: string, id: string, error?: string): void;
  /**
   * A receipt for a message we sent: a group member's phone got it (no `type`), read it (`read`, `played`),
   * or one of our own devices did (`sender`, `read-self`, with `participant` our own JID).
   */
  receipt(receipt: {
    jid: string;
    id: string;
    participant?: string;
    type?: 'read' | 'played' | 'sender' | 'read-self';
    t?: number;
  }): Promise<void>;
  /** Runs `work` inside a buffered function, so every event it causes is flushed together after it. */
  buffered(work: () => Promise<void>): Promise<void>;
  /**
   * A member turns disappearing messages on (`expiration` in seconds) or off (0) for a group: WhatsApp changes
   * the group (its metadata answers carry the timer from now on, groups.js:303, 343) and notifies with an
   * `ephemeral` / `not_ephemeral` child, which Baileys upserts as an EPHEMERAL_SETTING protocol message, never
   * as groups.update (messages-recv.js:616-623, 1235-1257).
   */
  ephemeralSetting(id: string, expiration: number, author: string): Promise<string>;
  /**
   * A member votes on a poll: a pollUpdateMessage, its vote encrypted with the poll's secret (whatsapp/polls.ts
   * encryptPollVote, built on Baileys' own hmacSign/aesEncryptGCM/sha256 as the inverse of decryptPollVote,
   * Utils/process-message.js:146-158; rc14 has no encryptPollVote of its own), cleaned and upserted as
   * 'notify' (messages-recv.js:1431-1432). Simplified: no Signal layer around it.
   */
  pollVote(vote: ScriptedVote): Promise<WAMessage>;
  /**
   * A stage of a call to the account, as Baileys' handleCall reports it (messages-recv.js:1442-1493): the
   * `call` event with the stanza's call id, caller (`from`, `caller_pn`) and time; an `offer` fills Baileys'
   * offer cache (isVideo, isGroup) and later stages of the same call take them from it. Simplified: the
   * cache is this socket's own map, and Baileys' own missed-call stub for the 1:1 chat is not upserted.
   */
  call(stage: {
    id: string;
    from: string;
    callerPn?: string;
    status: 'offer' | 'timeout' | 'accept' | 'reject' | 'terminate';
    isVideo?: boolean;
    isGroup?: boolean;
    date?: Date;
  }): Promise<void>;
  /** Members added to or removed from a group (one of them may be the account itself). */
  participantsChange(
    id: string,
    action: 'add' | 'remove',
    participants: { id: string; phoneNumber?: string; lid?: string }[],
  ): Promise<void>;
  /** The end of this socket (socket.js:472-508). */
  readonly closed: boolean;
}

export interface ScriptedWhatsApp {
  makeSocket(config: UserFacingSocketConfig): DriverSocket;
  sockets: ScriptedSocket[];
  /** The newest socket. */
  last(): ScriptedSocket;
  /** Resolves when the n-th socket (1-based) exists. */
  socket(n: number): Promise<ScriptedSocket>;
}

export function createScriptedWhatsApp(script: PhoneScript): ScriptedWhatsApp {
  const sockets: ScriptedSocket[] = [];
  const created = new EventEmitter();
  return {
    sockets,
    last: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket yet');
      return socket;
    },
    socket: (n) =>
      sockets.length >= n
        ? Promise.resolve(sockets[n - 1] as ScriptedSocket)
        : new Promise((resolve) => {
            const check = () => {
              if (sockets.length < n) return;
              created.off('socket', check);
              resolve(sockets[n - 1] as ScriptedSocket);
            };
            created.on('socket', check);
          }),
    makeSocket(config) {
      const socket = scriptedSocket(config, script);
      sockets.push(socket);
      created.emit('socket');
      return socket.sock;
    },
  };
}

function scriptedSocket(config: UserFacingSocketConfig, script: PhoneScript): ScriptedSocket {
  const { creds } = config.auth;
  // socket.js:320-326: creds with `me` log in instead of registering, decided as the socket starts;
  // WhatsApp refuses a login for a device the phone never confirmed (an abandoned pairing code).
  const refusedLogin = Boolean(creds.me?.id && creds.pairingCode && !creds.registered);
  const { ev, listeners } = countingListeners(makeEventBuffer(silent)); // socket.js:268
  const ws = new EventEmitter();
  // socket.js:269-271: the socket's keys gain transactions; its LID store reads and writes through them.
  const keys = addTransactionCapability(config.auth.keys, silent, {
    maxCommitRetries: 1,
    delayBetweenTriesMs: 1,
  });
  const lidMapping = new LIDMappingStore(keys, silent, async () => []);
  let closed = false;
  let inFlight = 0;
  const calls: ScriptedSocket['calls'] = {
    groupFetchAllParticipating: 0,
    groupMetadata: [],
    metadataInFlight: 0,
    fetchMessageHistory: [],
    requestPairingCode: [],
    companionPlatform: [],
    updateMediaMessage: 0,
    relayed: [],
    getMessage: [],
    historyBuffered: [],
    uploaded: [],
  };
  const bufferEmit = ev.emit.bind(ev);
  ev.emit = ((event: keyof BaileysEventMap, data: never) => {
    if (event === 'messaging-history.set') {
      const { messages } = data as BaileysEventMap['messaging-history.set'];
      calls.historyBuffered.push([...new Set(messages.map((m) => m.key?.remoteJid ?? ''))]);
    }
    return bufferEmit(event, data);
  }) as typeof ev.emit;
  // messages-send.js:32 + Utils/message-retry-manager.js: this socket's cache of what it sent (it starts
  // empty on every socket, so after a reconnect only getMessage can answer a retry).
  const recentlySent = new Map<string, proto.IMessage>();
  // Baileys' callOfferCache (messages-recv.js:1468-1484): what an offer said, for the later stages of its call.
  const callOffers = new Map<string, { isVideo: boolean | undefined; isGroup: boolean | undefined }>();
  let requests = 0;

  // socket.js:826-830: a logged-in socket buffers events from the start; every socket says 'connecting'.
  let didStartBuffer = false;
  process.nextTick(() => {
    if (refusedLogin) {
      void end(new Boom('Connection Failure', { statusCode: 401 }));
      return;
    }
    if (creds.me?.id) {
      ev.buffer();
      didStartBuffer = true;
    }
    ev.emit('connection.update', {
      connection: 'connecting',
      receivedPendingNotifications: false,
      qr: undefined,
    });
  });
  // messages-recv.js:1494-1566, 1624-1626 (handleBadAck): Baileys' own listener, registered before the app's;
  // only an ack with `error` does anything: messages.update with status ERROR and the code as the first stub
  // parameter, emitted straight away (into the buffer when one is open). The 463 token recovery and the
  // reachout-timelock query it starts first are not scripted (the harness has no IQs).
  ws.on('CB:ack,class:message', ({ attrs }: BinaryNode) => {
    if (!attrs.error) return;
    ev.emit('messages.update', [
      {
        key: { remoteJid: attrs.from, fromMe: true, id: attrs.id },
        update: { status: proto.WebMessageInfo.Status.ERROR, messageStubParameters: [attrs.error] },
      },
    ]);
  });
  // socket.js:920-931 (creds.update handler): the socket applies every creds update to its creds.
  ev.on('creds.update', (update) => Object.assign(creds, update));
  // chats.js:1129-1136: every LID/PN pair the socket hears is stored.
  ev.on(
    'lid-mapping.update',
    ({ lid, pn }) => void lidMapping.storeLIDPNMappings([{ lid, pn }]).catch(() => {}),
  );

  // socket.js:472-508
  async function end(error: Error | undefined): Promise<void> {
    if (closed) return;
    closed = true;
    lidMapping.close();
    ev.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
    ev.removeAllListeners('connection.update');
    ev.destroy();
  }

  // socket.js:729-741: pair-success, then the server asks for a restart (515).
  function pairSuccess({ pn, lid }: { pn: string; lid: string }): void {
    ws.emit('frame', {});
    // validate-connection.js:189-193 (configureSuccessfulPairing) gives account and me.
    ev.emit('creds.update', {
      me: { id: pn.replace('@', ':3@'), name: 'Phone', lid },
      account: proto.ADVSignedDeviceIdentity.fromObject({ details: Buffer.alloc(4) }),
      registered: Boolean(creds.pairingCode) || creds.registered,
    });
    ev.emit('connection.update', { isNewLogin: true, qr: undefined });
    void end(new Boom('Stream Errored (restart required)', { statusCode: 515 }));
  }

  const waitForMediaUpdate = bindWaitForEvent(ev, 'messages.media-update'); // messages-send.js:981

  // chats.js:917: every received message is handled inside a buffered function, flushed ~100 ms after it
  // ends unless an outer buffer (the initial sync) holds it (event-buffer.js:141-168).
  const upsertMessage = ev.createBufferedFunction(async (work: () => Promise<void>) => work());

  // The initial history sync state machine (chats.js:1064-1105, 977-1002).
  let syncState: 'connecting' | 'awaiting' | 'syncing' | 'online' = 'connecting';
  // chats.js:977-1002: the first history notification ends AwaitingInitialSync; the app state sync that
  // follows flushes the buffer and counts the account as synced.
  function initialSyncDone(): void {
    if (syncState !== 'awaiting') return;
    syncState = 'online';
    ev.flush();
    ev.emit('creds.update', { accountSyncCounter: (creds.accountSyncCounter ?? 0) + 1 });
  }

  const sock = {
    ev,
    ws,
    get user() {
      return creds.me;
    },
    signalRepository: { lidMapping },
    // groups.js:23-57: the list query itself emits groups.update with every group's full metadata.
    async groupFetchAllParticipating() {
      calls.groupFetchAllParticipating += 1;
      const data: Record<string, GroupMetadata> = {};
      for (const group of script.groups) data[group.id] = structuredClone(group);
      ev.emit('groups.update', Object.values(data));
      return data;
    },
    // groups.js:19-22: one group's metadata, no event. WhatsApp answers with the group as it is when the
    // query arrives; the answer takes `metadataDelayMs` to come back, so a change made meanwhile is not in it.
    async groupMetadata(jid: string) {
      calls.groupMetadata.push(jid);
      inFlight += 1;
      calls.metadataInFlight = Math.max(calls.metadataInFlight, inFlight);
      try {
        const group = script.groups.find((g) => g.id === jid);
        const answer = group ? structuredClone(group) : undefined;
        await new Promise((resolve) => setTimeout(resolve, script.metadataDelayMs ?? 0));
        if (!answer) throw new Boom('item-not-found', { statusCode: 404 });
        return answer;
      } finally {
        inFlight -= 1;
      }
    },
    // messages-recv.js:40-55: the timestamp goes into oldestMsgTimestampMs as given; the answer is the
    // peer data operation message's id (messages-send.js sendPeerDataOperationMessage).
    async fetchMessageHistory(count: number, key: WAMessageKey, timestamp: number) {
      if (!creds.me?.id) throw new Boom('Not authenticated');
      calls.fetchMessageHistory.push({ count, key, timestamp });
      requests += 1;
      return `PDO-${requests}`;
    },
    // messages-send.js:981, 1011-1052: sends the retry request, then waits with no time limit for the
    // phone's messages.media-update naming the message (emitted at once, messages-recv.js:812-815); the wait's
    // listeners, on that event and on connection.update, go only when it ends (Utils/generics.js:151-173,
    // the real function here). An update carrying an error rejects the call (1020-1024, 1044-1046).
    // Simplified: the phone's answer is the script's renewed message, not the encrypted retry notification
    // Baileys decrypts into a new directPath (1025-1036).
    async updateMediaMessage(message: WAMessage) {
      calls.updateMediaMessage += 1;
      let renewed: WAMessage | undefined;
      let error: unknown;
      script.reupload?.(message)?.then(
        (answer) => {
          renewed = answer;
          ev.emit('messages.media-update', [{ key: message.key }]);
        },
        (failure) => ev.emit('messages.media-update', [{ key: message.key, error: failure }]),
      );
      await waitForMediaUpdate(async (update) => {
        const result = update.find((c) => c.key.id === message.key.id);
        if (!result) return false;
        if (result.error) error = result.error;
        return true;
      });
      if (error) throw error;
      return renewed ?? message;
    },
    // messages-send.js:428-530, 879-881: a group send takes the group's members from cachedGroupMetadata
    // when it answers with participants, else queries groupMetadata (499-509); the stanza's `expiration`
    // comes from the metadata's ephemeralDuration (521-526) and its `addressing_mode` from its addressingMode,
    // 'lid' when absent (531-536). A first send is cached for retries. Simplified: no device lists and no
    // encryption; the sender identity Baileys picks from the addressing mode (543-545) is not modelled.
    async relayMessage(
      jid: string,
      message: proto.IMessage,
      options: { messageId: string; participant?: { jid: string; count: number } },
    ) {
      if (closed) throw new Boom('Connection Closed', { statusCode: 428 });
      const participant = options.participant?.jid ?? null;
      let group: ScriptedSocket['calls']['relayed'][number]['group'] = null;
      const attrs: ScriptedSocket['calls']['relayed'][number]['attrs'] = {};
      if (jid.endsWith('@g.us') && !participant) {
        const cached = await config.cachedGroupMetadata?.(jid);
        group = Array.isArray(cached?.participants)
          ? { from: 'cache', metadata: structuredClone(cached) }
          : { from: 'query', metadata: await sock.groupMetadata(jid) };
        const { ephemeralDuration, addressingMode } = group.metadata;
        if (ephemeralDuration && ephemeralDuration > 0) attrs.expiration = ephemeralDuration.toString();
        attrs.addressing_mode = addressingMode || 'lid';
      }
      // messages-send.js:197-203: the device query's LID answers are stored, and no event says so.
      if (script.usync?.length) await lidMapping.storeLIDPNMappings(script.usync);
      if (!participant) recentlySent.set(`${jid}/${options.messageId}`, message);
      calls.relayed.push({ jid, id: options.messageId, message, participant, group, attrs });
      return options.messageId;
    },
    // Utils/messages-media.js:643-700: the encrypted file is POSTed to a media host, which answers its URL
    // and direct path. Simplified: no media connection query, one host, always accepted.
    async waUploadToServer(filePath: string, { mediaType }: { mediaType: string }) {
      const bytes = (await stat(filePath)).size;
      calls.uploaded.push({ mediaType, bytes });
      const name = `${calls.uploaded.length}-${mediaType}`;
      return { mediaUrl: `https://mmg.whatsapp.net/scripted/${name}`, directPath: `/scripted/${name}` };
    },
    // chats.js:917-925: what sendMessage's own echo goes through (messages-send.js:1135-1138).
    upsertMessage: (message: WAMessage, type: 'notify' | 'append') =>
      upsertMessage(async () => {
        ev.emit('messages.upsert', { messages: [message], type });
      }),
    // socket.js:596-605: creds.me is set to the phone number before the phone confirms; 635-642: the
    // companion's platform id and display name go with the request.
    async requestPairingCode(phone: string) {
      calls.requestPairingCode.push(phone);
      const { browser } = config;
      if (!browser) throw new Error('the driver always names a browser');
      calls.companionPlatform.push({
        id: getCompanionPlatformId(browser),
        display: `${browser[1]} (${browser[0]})`,
      });
      const code = script.pairingCode ?? 'ABCD1234';
      creds.pairingCode = code;
      creds.me = { id: `${phone}@s.whatsapp.net`, name: '~' };
      ev.emit('creds.update', creds);
      return code;
    },
    // socket.js:572-595
    async logout() {
      await end(new Boom('Intentional Logout', { statusCode: 401 }));
    },
    end,
  };

  return {
    sock: sock as unknown as DriverSocket,
    config,
    calls,
    listeners,
    get closed() {
      return closed;
    },
    frame: () => ws.emit('frame', {}),
    qr(ref = 'ref-1') {
      ws.emit('frame', {});
      ev.emit('connection.update', { qr: `${ref},noise,identity,adv` });
    },
    scan: pairSuccess,
    async enterCode(account) {
      const asked = calls.companionPlatform.at(-1);
      const id = Number(asked?.id);
      if (!asked || closed || !(id >= 1 && id <= 6)) return false;
      ws.emit('frame', {});
      // messages-recv.js:937-938: the phone confirmed the code.
      creds.registered = true;
      ev.emit('creds.update', creds);
      pairSuccess(account);
      return true;
    },
    open() {
      ws.emit('frame', {});
      ev.emit('creds.update', { me: { ...creds.me, id: creds.me?.id ?? '' } });
      ev.emit('connection.update', { connection: 'open' });
      // socket.js:832-841, offline notifications handled
      if (didStartBuffer) ev.flush();
      ev.emit('connection.update', { receivedPendingNotifications: true });
      // chats.js:1064-1105: buffer until the initial sync is done, or flush at once on a reconnection.
      syncState = 'awaiting';
      ev.buffer();
      if ((creds.accountSyncCounter ?? 0) > 0) {
        syncState = 'online';
        setTimeout(() => ev.flush(), 0);
      }
    },
    async history(chunk) {
      ws.emit('frame', {});
      const syncType = chunk.syncType ?? HistorySyncType.RECENT;
      await upsertMessage(async () => {
        // process-message.js:245-275: the decoded chunk, its pairs stored, then messaging-history.set.
        if (chunk.lidPnMappings?.length) await lidMapping.storeLIDPNMappings(chunk.lidPnMappings);
        const event: BaileysEventMap['messaging-history.set'] = {
          chats: [],
          contacts: chunk.contacts ?? [],
          messages: chunk.messages,
          lidPnMappings: chunk.lidPnMappings ?? [],
          syncType,
          isLatest: syncType !== HistorySyncType.ON_DEMAND ? true : undefined,
          peerDataRequestSessionId: chunk.peerDataRequestSessionId,
        };
        ev.emit('messaging-history.set', event);
        initialSyncDone();
      });
    },
    async historySync(notification) {
      ws.emit('frame', {});
      await upsertMessage(async () => {
        // process-message.js:262-275
        const data = await downloadAndProcessHistorySyncNotification(notification, {}, silent);
        if (data.lidPnMappings?.length) await lidMapping.storeLIDPNMappings(data.lidPnMappings);
        ev.emit('messaging-history.set', {
          ...data,
          isLatest: notification.syncType !== HistorySyncType.ON_DEMAND ? true : undefined,
          chunkOrder: notification.chunkOrder,
          peerDataRequestSessionId: notification.peerDataRequestSessionId,
        } as BaileysEventMap['messaging-history.set']);
        initialSyncDone();
      });
    },
    async live(messages, type = 'notify') {
      ws.emit('frame', {});
      for (const message of messages) {
        await upsertMessage(async () => {
          ev.emit('messages.upsert', { messages: [message], type });
          if (message.pushName && !message.key.fromMe) {
            const id = message.key.participant ?? message.key.remoteJid ?? '';
            ev.emit('contacts.update', [{ id, notify: message.pushName }]);
          }
        });
      }
    },
    async groupNotification(update) {
      ws.emit('frame', {});
      await upsertMessage(async () => {
        ev.emit('groups.update', [{ ...update, author: undefined }]);
      });
    },
    async lidMapping(lid, pn) {
      ws.emit('frame', {});
      ev.emit('lid-mapping.update', { lid, pn });
    },
    async retryReceipt({ remoteJid, id, participant }) {
      ws.emit('frame', {});
      // messages-recv.js:1045-1070: the socket's recent-message cache first, then the app's getMessage.
      const key: WAMessageKey = { remoteJid, fromMe: true, id, participant };
      let message = recentlySent.get(`${remoteJid}/${id}`);
      if (!message) {
        calls.getMessage.push(key);
        message = await config.getMessage?.(key);
      }
      if (!message) return false; // messages-recv.js:1156-1158: "message not available"
      // messages-recv.js:1140-1154: sent again to the device that asked.
      await sock.relayMessage(remoteJid, message, {
        messageId: id,
        participant: { jid: participant, count: 1 },
      });
      return true;
    },
    async fail(statusCode, message = 'Connection Failure') {
      await end(new Boom(message, { statusCode }));
    },
    async failure(attrs) {
      ws.emit('frame', {});
      await end(new Boom('Connection Failure', { statusCode: +(attrs.reason || 500), data: attrs }));
    },
    serverAck(jid, id, error) {
      // socket.js:441-466: every frame reaches 'frame' and then its `CB:` listeners, Baileys' own first.
      const node: BinaryNode = {
        tag: 'ack',
        attrs: {
          class: 'message',
          from: jid,
          id,
          t: String(Math.floor(Date.now() / 1000)),
          ...(error ? { error } : {}),
        },
      };
      ws.emit('frame', node);
      ws.emit('CB:ack,class:message', node);
    },
    async receipt({ jid, id, participant, type, t = Math.floor(Date.now() / 1000) }) {
      ws.emit('frame', {});
      // messages-recv.js:1568-1575, 1619: a receipt is handled inside a buffered function.
      await upsertMessage(async () => {
        // messages-recv.js:1161-1201 (handleReceipt), for a receipt without `recipient` (ours, in a group or
        // not): the status its type means; a group's per member, a 1:1 chat's as the message's status.
        const isNodeFromMe = areJidsSameUser(
          participant ?? jid,
          jid.includes('lid') ? creds.me?.lid : creds.me?.id,
        );
        const status = getStatusFromReceiptType(type);
        if (status === undefined || !(status >= proto.WebMessageInfo.Status.SERVER_ACK || !isNodeFromMe))
          return;
        const key = { remoteJid: jid, id, fromMe: true, participant };
        if (isJidGroup(jid)) {
          if (!participant) return;
          const field =
            status === proto.WebMessageInfo.Status.DELIVERY_ACK ? 'receiptTimestamp' : 'readTimestamp';
          ev.emit('message-receipt.update', [
            { key, receipt: { userJid: jidNormalizedUser(participant), [field]: t } },
          ]);
        } else {
          ev.emit('messages.update', [{ key, update: { status, messageTimestamp: t } }]);
        }
      });
    },
    buffered: (work) => upsertMessage(work),
    async ephemeralSetting(id, expiration, author) {
      ws.emit('frame', {});
      const group = script.groups.find((g) => g.id === id);
      if (group) group.ephemeralDuration = expiration > 0 ? expiration : undefined;
      counter += 1;
      const messageId = `EPH${String(counter).padStart(17, '0')}`;
      // messages-recv.js:1240-1257: the notification's message, its key built from the stanza and passed
      // through proto.WebMessageInfo.fromObject (which keeps only the four proto key fields), upserted as
      // 'append'; process-message.js:309-314, 625-626: processing it emits the chat's new timer.
      const message = proto.WebMessageInfo.fromObject({
        key: { remoteJid: id, fromMe: false, participant: author, id: messageId },
        participant: author,
        messageTimestamp: Math.floor(Date.now() / 1000),
        message: {
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING,
            ephemeralExpiration: expiration,
          },
        },
      }) as WAMessage;
      await upsertMessage(async () => {
        ev.emit('messages.upsert', { messages: [message], type: 'append' });
        ev.emit('chats.update', [
          {
            id,
            ephemeralSettingTimestamp: Number(message.messageTimestamp),
            ephemeralExpiration: expiration || null,
          },
        ]);
      });
      return messageId;
    },
    async pollVote(v) {
      ws.emit('frame', {});
      counter += 1;
      const vote = encryptPollVote(v.options, {
        secret: v.secret,
        pollId: v.pollId,
        creatorJid: v.creatorJid,
        voterJid: v.voterJid,
        iv: randomBytes(12),
      });
      if (v.tamper && vote.encPayload) vote.encPayload[0] = (vote.encPayload[0] ?? 0) ^ 1;
      const at = v.timestampMs ?? Date.now();
      const message = proto.WebMessageInfo.fromObject({
        key: {
          remoteJid: v.group,
          fromMe: false,
          id: v.id ?? `3EB5${String(counter).padStart(16, '0')}`,
          participant: v.voter,
        },
        messageTimestamp: Math.floor(at / 1000),
        pushName: 'Voter',
        message: {
          pollUpdateMessage: {
            // The voter's client names the poll by its key from its own view: not theirs, by its creator.
            pollCreationMessageKey: {
              remoteJid: v.group,
              fromMe: false,
              id: v.pollId,
              participant: v.pollAuthor,
            },
            vote,
            senderTimestampMs: at,
          },
        },
      }) as WAMessage;
      // decode-wa-message.js: a received key carries participantAlt when the stanza names it (fromObject drops it).
      if (v.voterAlt) message.key.participantAlt = v.voterAlt;
      // messages-recv.js:1431: process-message.js:64-105 turns the poll's key to this account's view (fromMe
      // when the poll is the account's own, and the chat as remoteJid).
      cleanMessage(message, creds.me?.id ?? '', creds.me?.lid ?? '');
      await upsertMessage(async () => {
        ev.emit('messages.upsert', { messages: [message], type: 'notify' });
      });
      return message;
    },
    async call(stage) {
      ws.emit('frame', {});
      const offered = callOffers.get(stage.id);
      const event = {
        chatId: stage.from,
        from: stage.from,
        ...(stage.callerPn ? { callerPn: stage.callerPn } : {}),
        id: stage.id,
        date: stage.date ?? new Date(),
        offline: false,
        status: stage.status,
        ...(stage.status === 'offer'
          ? { isVideo: Boolean(stage.isVideo), isGroup: Boolean(stage.isGroup) }
          : offered
            ? { isVideo: offered.isVideo, isGroup: offered.isGroup }
            : {}),
      };
      if (stage.status === 'offer')
        callOffers.set(stage.id, { isVideo: event.isVideo, isGroup: event.isGroup });
      if (stage.status !== 'offer') callOffers.delete(stage.id);
      ev.emit('call', [event]);
    },
    async participantsChange(id, action, participants) {
      ws.emit('frame', {});
      // process-message.js:509-523: a member stub becomes group-participants.update with the members as
      // objects. Simplified: the stub message itself (a notification upserted too) is not scripted.
      await upsertMessage(async () => {
        ev.emit('group-participants.update', { id, author: '', participants, action });
      });
    },
  };
}

let counter = 0;

/** A group message in WhatsApp's wire schema (decision 0015 §5). */
export function groupMessage(
  group: string,
  sender: string,
  text: string,
  extra: {
    participantAlt?: string;
    id?: string;
    timestamp?: number;
    pushName?: string;
    /** The stanza's addressing mode, which Baileys puts on a received message's key (below). */
    addressingMode?: 'lid' | 'pn';
    /** Content other than the text (a photo, a location …); `text` is then unused. */
    content?: proto.IMessage;
  } = {},
): WAMessage {
  counter += 1;
  const message = proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: group,
      fromMe: false,
      id: extra.id ?? `3EB0${String(counter).padStart(16, '0')}`,
      participant: sender,
      ...(extra.participantAlt ? { participantAlt: extra.participantAlt } : {}),
    },
    messageTimestamp: extra.timestamp ?? 1_700_000_000 + counter,
    pushName: extra.pushName ?? 'Sender',
    message: extra.content ?? { conversation: text },
  }) as WAMessage;
  // decode-wa-message.js:69-73, 189: a received message's key carries the stanza's addressing_mode (else
  // 'lid' or 'pn' from the sender's server); fromObject drops it (not a field of proto.MessageKey).
  if (extra.addressingMode) message.key.addressingMode = extra.addressingMode;
  return message;
}

/**
 * A poll as a member's phone sends it (Utils/messages.js:428-460 builds the same for Baileys): V3 for one
 * choice, V1 for several, with the 32-byte secret its votes are encrypted with in messageContextInfo.
 */
export function pollMessage(
  group: string,
  sender: string,
  question: string,
  options: string[],
  extra: {
    secret?: Uint8Array | null;
    multiple?: boolean;
    participantAlt?: string;
    id?: string;
    timestamp?: number;
    fromMe?: boolean;
  } = {},
): WAMessage {
  counter += 1;
  const poll = {
    name: question,
    options: options.map((optionName) => ({ optionName })),
    selectableOptionsCount: extra.multiple ? 0 : 1,
  };
  const secret = extra.secret === undefined ? randomBytes(32) : extra.secret;
  const message = proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: group,
      fromMe: Boolean(extra.fromMe),
      id: extra.id ?? `3EB6${String(counter).padStart(16, '0')}`,
      ...(extra.fromMe ? {} : { participant: sender }),
    },
    messageTimestamp: extra.timestamp ?? 1_700_000_000 + counter,
    pushName: 'Sender',
    message: {
      ...(extra.multiple ? { pollCreationMessage: poll } : { pollCreationMessageV3: poll }),
      ...(secret ? { messageContextInfo: { messageSecret: secret } } : {}),
    },
  }) as WAMessage;
  if (extra.participantAlt) message.key.participantAlt = extra.participantAlt;
  return message;
}

/**
 * A group notice as a history chunk carries it (Utils/history.js:78-99 passes every WebMessageInfo of a
 * conversation on): a stub with no content, e.g. someone joined (GROUP_PARTICIPANT_ADD) or changed the
 * subject. The mapping stores no row for it.
 */
export function groupNotice(
  group: string,
  actor: string,
  timestamp: number,
  stub: proto.WebMessageInfo.StubType = proto.WebMessageInfo.StubType.GROUP_PARTICIPANT_ADD,
): WAMessage {
  counter += 1;
  return proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: group,
      fromMe: false,
      id: `3EB2${String(counter).padStart(16, '0')}`,
      participant: actor,
    },
    messageTimestamp: timestamp,
    messageStubType: stub,
    messageStubParameters: [actor],
  }) as WAMessage;
}

/**
 * A history sync notification with its HistorySync inline, as WhatsApp builds it: conversations with their
 * messages (newest first), deflated (history.js:117-122 inflates and decodes it). For `historySync`.
 */
export function historySyncNotification(
  syncType: proto.HistorySync.HistorySyncType,
  conversations: { id: string; name?: string; pnJid?: string; lidJid?: string; messages: WAMessage[] }[],
): proto.Message.IHistorySyncNotification {
  const sync = proto.HistorySync.encode({
    syncType,
    conversations: conversations.map(({ messages, ...chat }) => ({
      ...chat,
      messages: messages.map((message, i) => ({ message, msgOrderId: i + 1 })),
    })),
  }).finish();
  return { syncType, initialHistBootstrapInlinePayload: deflateSync(sync) };
}

/** A 1:1 chat message. */
export function directMessage(from: string, text: string): WAMessage {
  counter += 1;
  return proto.WebMessageInfo.fromObject({
    key: { remoteJid: from, fromMe: false, id: `3EB1${String(counter).padStart(16, '0')}` },
    messageTimestamp: 1_700_000_000 + counter,
    message: { conversation: text },
  }) as WAMessage;
}

/** Group metadata as extractGroupMetadata builds it (groups.js:284-343). */
export function groupMetadata(
  id: string,
  subject: string,
  participants: { id: string; phoneNumber?: string; lid?: string; admin?: 'admin' | 'superadmin' }[],
  addressingMode: 'lid' | 'pn' = 'lid',
): GroupMetadata {
  return {
    id,
    subject,
    addressingMode: addressingMode as GroupMetadata['addressingMode'],
    size: participants.length,
    creation: 1_690_000_000,
    owner: undefined,
    participants: participants.map((p) => ({ ...p, admin: p.admin ?? null })),
  };
}

/** Baileys' event buffer with its listeners counted per event (ScriptedSocket.listeners). */
function countingListeners(buffer: BaileysEventEmitter & ReturnType<typeof makeEventBuffer>) {
  const held = new Map<string, Set<unknown>>();
  const of = (event: string) => held.get(event) ?? held.set(event, new Set()).get(event) ?? new Set();
  const ev: typeof buffer = {
    ...buffer,
    on: (event, listener) => {
      of(event).add(listener);
      return buffer.on(event, listener);
    },
    off: (event, listener) => {
      of(event).delete(listener);
      return buffer.off(event, listener);
    },
    removeAllListeners: (event) => {
      if (event === undefined) held.clear();
      else held.delete(event);
      return buffer.removeAllListeners(event);
    },
    destroy: () => {
      held.clear();
      buffer.destroy();
    },
  };
  return { ev, listeners: (event: keyof BaileysEventMap) => held.get(event)?.size ?? 0 };
}
