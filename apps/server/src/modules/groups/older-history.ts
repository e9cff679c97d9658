import type { ChatStore, GroupRow } from '../messages/chat-store.service';
import type { WhatsAppGateway } from '../sessions/gateway';

/** The phone answers at most 50 messages per history request (Baileys README). */
export const PHONE_BATCH = 50;

/**
 * What one request for the messages before the oldest stored one came to:
 * - `pending`: no answer within the wait; it may still come and be stored later;
 * - `start`: the phone answered with nothing for the group, often enough to prove the chat's start
 *   (decision 0015): its history is complete;
 * - `empty`: the phone answered with nothing for the group this time, which alone proves nothing;
 * - `stored`: how many new messages the answer added. 0 means the answer only held messages already
 *   stored (for example a late answer to an earlier request for the same group), which is NOT the start.
 */
export type OlderAnswer =
  | { kind: 'pending' }
  | { kind: 'start' }
  | { kind: 'empty' }
  | { kind: 'stored'; stored: number };

/** On the session's owner: asks the phone once for the messages before the group's oldest stored one. */
export async function askPhoneForOlder(
  store: Pick<ChatStore, 'oldestMessage'>,
  gateway: WhatsAppGateway,
  group: GroupRow,
  timeoutMs: number,
): Promise<OlderAnswer | null> {
  const oldest = await store.oldestMessage(group.sessionId, group.jid);
  if (!oldest) return null;
  const key = { remoteJid: group.jid, id: oldest.waId, fromMe: oldest.fromMe, participant: oldest.author };
  const { answer } = await gateway.requestOlder(
    group.sessionId,
    group.jid,
    { key, timestamp: oldest.timestamp },
    PHONE_BATCH,
    timeoutMs,
  );
  const reply = await answer;
  if (reply === null) return { kind: 'pending' };
  await gateway.settled(group.sessionId);
  // The gateway recorded the empty answer, and the history's completion with it.
  if (reply.received === 0) return reply.startOfChat ? { kind: 'start' } : { kind: 'empty' };
  return { kind: 'stored', stored: reply.stored };
}
