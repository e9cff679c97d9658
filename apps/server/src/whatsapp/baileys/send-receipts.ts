import {
  type BaileysEventMap,
  type BinaryNode,
  type Contact,
  type GroupMetadata,
  jidNormalizedUser,
  proto,
  toNumber,
  type WAMessage,
} from 'baileys';
import type { SendReceipt } from '../driver';

const { Status } = proto.WebMessageInfo;

type Timestamp = Parameters<typeof toNumber>[0];

export interface SendReceiptsOptions {
  /** The linked account (`sock.user`): receipts its own devices send are not a member's. */
  account(): Contact | undefined;
  /** The full metadata the connection holds for a group, if any. */
  group(jid: string): GroupMetadata | undefined;
}

/**
 * What WhatsApp says about the messages a connection sent, read off Baileys rc14's events
 * (docs/decisions/0018, reply states; decision 0015 §12). Baileys reports:
 *
 * - a refusal (NACK) only as `messages.update` with status ERROR and the error code as the first stub
 *   parameter (Socket/messages-recv.js:1494-1566, handleBadAck, from `CB:ack,class:message` at 1624-1626);
 * - nothing for the server's plain ack, which is WhatsApp Web's single grey tick: handleBadAck ignores an ack
 *   without `error` (1511), so the ack itself is read from the socket's frames, as Baileys reads it;
 * - a group member's delivery or read only as `message-receipt.update` with `receiptTimestamp` or
 *   `readTimestamp` (1161-1196); receipts of our own devices (`sender`, `read-self`) come the same way,
 *   under our own user, and are not a member's;
 * - a 1:1 chat's delivery and read as `messages.update` statuses (1197-1201);
 * - any of these merged into the message itself when it arrives while the sent message's own upsert still
 *   waits in the event buffer (Utils/event-buffer.js:406-412, 426-431, 478-486).
 */
export function createSendReceipts({ account, group }: SendReceiptsOptions) {
  /** Groups the account was removed from (or left) on this connection: their metadata is fetched again, and fails. */
  const left = new Set<string>();

  const mine = () => {
    const me = account();
    return new Set([me?.id, me?.lid].flatMap((jid) => (jid ? [jidNormalizedUser(jid)] : [])));
  };
  const isMe = (me: Set<string>, jid: string | null | undefined) =>
    Boolean(jid) && me.has(jidNormalizedUser(jid ?? ''));

  /**
   * What the connection knew of the group when WhatsApp refused a send to it. WhatsApp's codes for "only
   * admins may send" and "not a member" are not documented; the group's metadata says it instead.
   */
  function refusalOf(jid: string): SendReceipt['refusal'] {
    if (left.has(jid)) return 'not_member';
    const metadata = group(jid);
    if (!metadata) return null;
    const me = mine();
    const self = metadata.participants.find(
      (p) => isMe(me, p.id) || isMe(me, p.lid) || isMe(me, p.phoneNumber),
    );
    if (!self) return 'not_member';
    return metadata.announce && !self.admin ? 'announce_only' : null;
  }

  function statusReceipt(
    chatJid: string,
    waId: string,
    status: number,
    at: Timestamp,
    stub: readonly string[] | null | undefined,
  ): SendReceipt | null {
    const base = { chatJid, waId, member: null, at: seconds(at), errorCode: null, refusal: null };
    if (status === Status.ERROR)
      return { ...base, status: 'failed', errorCode: stub?.[0] ?? null, refusal: refusalOf(chatJid) };
    if (status === Status.SERVER_ACK) return { ...base, status: 'sent' };
    if (status === Status.DELIVERY_ACK) return { ...base, status: 'delivered' };
    if (status === Status.READ || status === Status.PLAYED) return { ...base, status: 'read' };
    return null; // PENDING: what every sent message starts as (Utils/messages.js:614)
  }

  function memberReceipt(
    me: Set<string>,
    chatJid: string,
    waId: string,
    receipt: proto.IUserReceipt,
  ): SendReceipt | null {
    if (!receipt.userJid || isMe(me, receipt.userJid)) return null;
    const base = {
      chatJid,
      waId,
      member: jidNormalizedUser(receipt.userJid),
      errorCode: null,
      refusal: null,
    };
    const read = receipt.readTimestamp ?? receipt.playedTimestamp;
    if (read) return { ...base, status: 'read', at: seconds(read) };
    if (receipt.receiptTimestamp)
      return { ...base, status: 'delivered', at: seconds(receipt.receiptTimestamp) };
    return null;
  }

  return {
    /** The server's ack of a sent message (`CB:ack,class:message`): taken, unless it carries an error. */
    ack(node: BinaryNode): SendReceipt | null {
      const { id, from, error, t } = node.attrs;
      if (error || !id || !from) return null; // a refusal arrives as messages.update ERROR
      return {
        chatJid: from,
        waId: id,
        member: null,
        status: 'sent',
        at: seconds(t ? Number(t) : null),
        errorCode: null,
        refusal: null,
      };
    },

    updates(updates: BaileysEventMap['messages.update']): SendReceipt[] {
      return updates.flatMap(({ key, update }) => {
        if (!key.fromMe || !key.id || !key.remoteJid || typeof update.status !== 'number') return [];
        // Status 0 is ERROR: a truthiness test would miss exactly the refusals.
        const receipt = statusReceipt(
          key.remoteJid,
          key.id,
          update.status,
          update.messageTimestamp,
          update.messageStubParameters,
        );
        return receipt ? [receipt] : [];
      });
    },

    receipts(updates: BaileysEventMap['message-receipt.update']): SendReceipt[] {
      const me = mine();
      return updates.flatMap(({ key, receipt }) => {
        if (!key.fromMe || !key.id || !key.remoteJid) return [];
        const found = memberReceipt(me, key.remoteJid, key.id, receipt);
        return found ? [found] : [];
      });
    },

    /** Own messages upserted with an update or receipts merged in while they waited in the buffer. */
    upserted(messages: readonly WAMessage[]): SendReceipt[] {
      const me = mine();
      return messages.flatMap(({ key, status, messageStubParameters, userReceipt }) => {
        if (!key?.fromMe || !key.id || !key.remoteJid) return [];
        const found: SendReceipt[] = [];
        // SERVER_ACK is what every own message decoded from another of our devices says (Utils/decode-wa-message.js:200).
        if (typeof status === 'number' && (status === Status.ERROR || status >= Status.DELIVERY_ACK)) {
          const receipt = statusReceipt(key.remoteJid, key.id, status, null, messageStubParameters);
          if (receipt) found.push(receipt);
        }
        for (const user of userReceipt ?? []) {
          const receipt = memberReceipt(me, key.remoteJid, key.id, user);
          if (receipt) found.push(receipt);
        }
        return found;
      });
    },

    /** A member change (Utils/process-message.js:509-523): the account leaving or rejoining a group. */
    participants({ id, action, participants }: BaileysEventMap['group-participants.update']): void {
      const me = mine();
      const self = participants.some((p) => isMe(me, p.id) || isMe(me, p.phoneNumber) || isMe(me, p.lid));
      if (!self) return;
      if (action === 'remove') left.add(id);
      else if (action === 'add') left.delete(id);
    },
  };
}

function seconds(value: Timestamp): number | null {
  if (value === null || value === undefined) return null;
  const n = toNumber(value);
  return n > 0 ? n : null;
}
