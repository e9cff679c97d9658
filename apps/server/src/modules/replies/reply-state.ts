import { type ReplyState, replyFailureText, replyRefusal } from '@wadesk/contract';
import { phoneOf } from '../messages/group-message';
import type { DeskReplyStatus } from './replies.schema';

/** What the desk shows of a reply's state (the contract's replyState is built from it). */
export interface StoredReplyState {
  waId: string;
  groupJid: string;
  ticketId: number | null;
  status: DeskReplyStatus;
  failureCode: string | null;
  refusal: string | null;
  recipients: number | null;
  retried: boolean;
  deliveredTo: number;
  /** Members who read it, the first reader first: the member's JID, name and other JID when known. */
  readBy: { jid: string; name: string | null; altJid: string | null; at: string }[];
}

/** The contract's replyState of a stored desk reply: the words of a refusal, the readers' numbers. */
export function toReplyState(stored: StoredReplyState): ReplyState {
  const refusal = replyRefusal.safeParse(stored.refusal);
  const failed = stored.status === 'failed';
  return {
    status: stored.status,
    ticket_id: stored.ticketId,
    failure: failed ? replyFailureText(stored.failureCode, refusal.success ? refusal.data : null) : null,
    failure_code: failed ? stored.failureCode : null,
    read_by: stored.readBy.map((reader) => ({
      name: reader.name,
      number: phoneOf(reader.jid) ?? phoneOf(reader.altJid),
      at: reader.at,
    })),
    delivered_to: stored.deliveredTo,
    recipients: stored.recipients,
    retried: stored.retried,
  };
}
