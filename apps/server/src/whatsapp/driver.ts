import type { Readable } from 'node:stream';
import type { AuthenticationState, proto, WAMessage, WAMessageKey, WAVersion } from 'baileys';
import type { PollKey, PollVote } from './polls';

export type { PollKey, PollVote } from './polls';

/**
 * The seam between the gateway and a WhatsApp implementation. A driver opens one connection attempt at
 * a time; the session runner above it owns retries, backoff and the watchdog, so the simulator and the
 * real Baileys socket go through the same state machine. Messages travel as Baileys' own WAMessage
 * (proto.IWebMessageInfo) from both drivers, so the simulator exercises the real mapping code.
 */
export interface WhatsAppDriver {
  readonly name: 'baileys' | 'simulator';
  connect(options: ConnectOptions): Connection;
  /**
   * Downloads media that has not expired, from the CDN with the key the message carries: needs no
   * connection (a disconnected session's media still opens). Expired media needs `Connection.downloadMedia`.
   */
  downloadMedia(message: WAMessage): Promise<DownloadedMedia>;
}

export interface ConnectOptions {
  sessionId: string;
  auth: SessionAuth;
  events: ConnectionEvents;
  /**
   * Link by phone number instead of QR: digits of the phone to link. The driver asks WhatsApp for a
   * pairing code once the socket is ready and reports it through `events.pairingCode`.
   */
  pairingPhone?: string | null;
  /**
   * The content of a message this session sent (Baileys' `getMessage`): a recipient whose device could not
   * decrypt it asks for a retry, and the message is encrypted again from this (docs/decisions/0018).
   */
  sentMessage?(key: WAMessageKey): Promise<proto.IMessage | undefined>;
  /**
   * A stored poll of the session with its secret (docs/decisions/0018, polls): what reading a vote on it
   * needs. Null when the session has no such poll, or no secret for it.
   */
  poll?(groupJid: string, pollId: string): Promise<PollKey | null>;
  /** The WhatsApp Web version to announce (client-version.ts); absent: the driver's own default. */
  version?: WAVersion | null;
  /** Which client the socket says it is (decision 0015 §11); absent: `desktop`. */
  platform?: LinkPlatform;
}

/**
 * The client a socket announces (decision 0015 §11): Baileys' macOS Desktop for QR links (the whole history
 * is synced to desktops, §4), a Chrome browser for pairing-code links, which WhatsApp refuses to pair as a
 * desktop. A linked session keeps announcing the one it linked with.
 */
export type LinkPlatform = 'desktop' | 'chrome';

/** A text to send to a group: a quoted reply to one of its messages (the desk), or not (the composer). */
export interface OutgoingText {
  groupJid: string;
  text: string;
  /** The message replied to, as stored (Baileys' WAMessage); null: a message of its own. */
  quoted: WAMessage | null;
}

/**
 * A photo, video or document to send to a group (the composer, docs/decisions/0024-group-composer.md). The
 * bytes come as a stream, read once while Baileys encrypts them to a temporary file: never held whole.
 */
export interface OutgoingMedia {
  groupJid: string;
  kind: 'image' | 'video' | 'document';
  file: Readable;
  mimetype: string;
  /** The name a document is shown and saved under. */
  fileName: string;
  /** Shown under the media; empty: none. */
  caption: string;
}

/** A poll to send to a group (WhatsApp's limits: packages/contract/src/polls.ts). */
export interface OutgoingPoll {
  groupJid: string;
  question: string;
  options: string[];
  /** 0: voters may choose several options; 1: one each. */
  selectableCount: 0 | 1;
  /** The message the poll replies to (the satisfaction poll quotes the customer); null: none. */
  quoted: WAMessage | null;
}

/**
 * A message this account sent before, to send again as a new message (the composer's Retry): Baileys'
 * forward of its own message, which is not marked as forwarded, and whose media is not uploaded again.
 */
export interface OutgoingAgain {
  groupJid: string;
  message: WAMessage;
}

/**
 * The session's stored credentials and Signal keys; every change is written through at once. Loaded once
 * per session run and shared by its connection attempts (session-runner.ts).
 */
export interface SessionAuth {
  state: AuthenticationState;
  saveCreds(): Promise<void>;
  /** Forget creds and keys (after a logout), so the next start shows a QR code. */
  clear(): Promise<void>;
  /** The run is over: waits for queued writes and releases caches. */
  close(): Promise<void>;
}

export interface LinkedAccount {
  /** Phone-number JID, e.g. "4917012345678:3@s.whatsapp.net" normalised to "4917012345678@s.whatsapp.net". */
  jid: string | null;
  lid: string | null;
  /** Digits only. */
  phone: string | null;
}

/** How a connection ended; `kind` decides what the runner does next (see close-reason.ts). */
export interface ConnectionClose {
  kind: CloseKind;
  statusCode: number | null;
  /** Human-readable, e.g. "Cannot reach WhatsApp: getaddrinfo ENOTFOUND web.whatsapp.com". */
  reason: string;
  /** `temporarily_banned`: when the ban ends (ISO 8601), when WhatsApp said. */
  resumesAt?: string | null;
}

export type CloseKind =
  /** 515 after a scan: reconnect at once. */
  | 'restart'
  /** Network-level failure: retry with backoff. */
  | 'unreachable'
  /** 401, or 403 (the phone's own WhatsApp was logged out): creds are useless; a new link helps. */
  | 'logged_out'
  /** 406: WhatsApp banned the number; creds are useless, and a new link of that number would not help. */
  | 'banned'
  /** 402: WhatsApp banned the number for a while (until `resumesAt`); logging in again before then only meets the ban. */
  | 'temporarily_banned'
  /** Nobody scanned any of the QR codes. */
  | 'qr_expired'
  /** 440: another client took over this session; reconnecting would fight it. */
  | 'replaced'
  /** 405 (this version), 409 (this user agent): retrying the same client cannot help, a newer version may. */
  | 'version_refused'
  /** 411 (multi-device mismatch): final until the user acts. */
  | 'refused'
  /** Anything else (500 bad session, 503, closed by the server): retry with backoff. */
  | 'retry';

export interface GroupInfo {
  jid: string;
  name: string;
  addressingMode: 'pn' | 'lid';
  size: number;
  /**
   * The members as the group's metadata lists them (`jid` their address in the group, `altJid` the
   * other one: a LID member's phone-number JID); null when the update did not carry the member list.
   */
  participants: GroupMember[] | null;
}

/** A group's member as its metadata lists it. */
export interface GroupMember extends ContactInfo {
  /** An admin or the group's creator ('admin' / 'superadmin' in the metadata); absent: a member. */
  admin?: boolean;
}

export interface ContactInfo {
  jid: string;
  name: string | null;
  /** The contact's other address (phone-number JID for a LID and the reverse), when known. */
  altJid: string | null;
}

export interface HistoryBatch {
  messages: WAMessage[];
  contacts: ContactInfo[];
  /** true for an answer to requestHistory (ON_DEMAND), false for the sync after linking. */
  onDemand: boolean;
  /** Id of the on-demand request this answers, when the driver can tell. */
  requestId: string | null;
}

/**
 * What WhatsApp said about a message this connection sent (docs/decisions/0018, reply states): its server
 * took it (`sent`), refused it (`failed`), or a phone got or read it (`delivered`, `read`). `member` names
 * the group member whose phone it was (null: the message as a whole, as for `sent` and `failed`).
 */
export interface SendReceipt {
  chatJid: string;
  waId: string;
  member: string | null;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** Seconds since the epoch, when WhatsApp said. */
  at: number | null;
  /** `failed`: the error code WhatsApp's refusal carried (e.g. "479"), when it carried one. */
  errorCode: string | null;
  /**
   * `failed`: what the connection knew of the group then: only admins may send there, or the account is no
   * longer in it. WhatsApp's codes for these are not documented (decision 0015 §12).
   */
  refusal: 'announce_only' | 'not_member' | null;
}

/**
 * A call to the linked number that nobody answered (Baileys' `call` event with status `timeout`, decision
 * 0026): who called and when. Group calls are not among them.
 */
export interface MissedCall {
  /** WhatsApp's call id. */
  callId: string;
  /** The caller as the call names them (a LID or a phone-number JID, without device). */
  from: string;
  /** The caller's phone-number JID when the call carried it (`caller_pn`). */
  callerPn: string | null;
  /** A video call; false also when the offer was not seen by this connection. */
  video: boolean;
  /** Seconds since the epoch. */
  at: number;
}

export interface ConnectionEvents {
  qr(qr: string): void;
  /** The 8-character code to type on the phone, when linking by phone number (`pairingPhone`). */
  pairingCode(code: string): void;
  open(account: LinkedAccount): void;
  /** Emitted once per connection, also when the connect attempt itself fails. */
  close(close: ConnectionClose): void;
  /** Any frame from the server: feeds the watchdog. */
  activity(): void;
  history(batch: HistoryBatch): void;
  /** New messages as they happen (also those received while offline and delivered on reconnect). */
  live(messages: WAMessage[]): void;
  /**
   * Names and LID/phone-number pairs (`altJid`), from contacts, push names and every mapping source
   * the library offers. Reported before the messages that need them.
   */
  contacts(contacts: ContactInfo[]): void;
  groups(groups: GroupInfo[]): void;
  /** What WhatsApp said about messages this session sent: taken, refused, delivered, read. */
  sendStatus(receipts: SendReceipt[]): void;
  /**
   * Votes on polls, decrypted (whatsapp/polls.ts); never messages of their own. Reported after the poll
   * they are on was passed on, when it came through this connection.
   */
  votes(votes: PollVote[]): void;
  /** Calls to the linked number nobody answered. */
  calls(calls: MissedCall[]): void;
}

export interface OldestMessage {
  key: WAMessageKey;
  /** Seconds since the epoch. */
  timestamp: number;
}

/**
 * A media download under way: the decrypted bytes arrive on `stream` as WhatsApp's CDN sends them, never
 * held whole (the caller stores them, `modules/groups/phone-access.ts`). The stream fails when the bytes are
 * not the ones the message's hash names; destroying it ends the download.
 */
export interface DownloadedMedia {
  mimetype: string;
  stream: Readable;
  filename: string | null;
}

/**
 * Media that cannot be had right now, with words for the user: expired on WhatsApp's CDN while the
 * session is not connected (only the phone can upload it again), or the phone did not re-upload in time.
 */
export const MEDIA_EXPIRED =
  "This media has expired on WhatsApp's servers. Connect the session so the phone can send it again.";

export class MediaUnavailableError extends Error {
  constructor(
    message: string,
    readonly reason: 'expired' | 'reupload_timeout',
  ) {
    super(message);
    this.name = 'MediaUnavailableError';
  }
}

export interface Connection {
  listGroups(): Promise<GroupInfo[]>;
  /**
   * Asks the phone for up to `count` (≤ 50) messages older than `oldest`; they arrive later through
   * `events.history` with `onDemand: true`. Resolves with the request id.
   */
  requestHistory(groupJid: string, oldest: OldestMessage, count: number): Promise<string>;
  downloadMedia(message: WAMessage): Promise<DownloadedMedia>;
  /**
   * Sends a text as the linked account. The message is built first and handed to `record` before it is
   * sent (so a retry receipt or its own echo can be matched to it); a rejected `record` sends nothing.
   * The sent message then arrives through `events.live` like any message of the linked account.
   */
  sendText(outgoing: OutgoingText, record: (message: WAMessage) => Promise<void>): Promise<WAMessage>;
  /**
   * Sends a poll as the linked account, recorded first and echoed like `sendText`. The message carries the
   * secret its votes will be encrypted with (Utils/messages.js:439-442), so the echo stores it.
   */
  sendPoll(outgoing: OutgoingPoll, record: (message: WAMessage) => Promise<void>): Promise<WAMessage>;
  /**
   * Uploads a photo, video or document to WhatsApp's media servers and sends it as the linked account,
   * recorded first and echoed like `sendText` (the upload happens before `record`: the message names it).
   */
  sendMedia(outgoing: OutgoingMedia, record: (message: WAMessage) => Promise<void>): Promise<WAMessage>;
  /** Sends an earlier message of this account again as a new one, recorded first and echoed like `sendText`. */
  sendAgain(outgoing: OutgoingAgain, record: (message: WAMessage) => Promise<void>): Promise<WAMessage>;
  /** Unlinks the device from the phone, then closes. */
  logout(): Promise<void>;
  /** Closes and keeps the creds. No `close` event follows. */
  end(): Promise<void>;
}
