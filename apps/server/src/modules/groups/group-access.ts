import { groupMessages } from '@wadesk/contract';
import { AppError } from '../../errors';
import type { ChatStore, GroupRow } from '../messages/chat-store.service';
import { isSessionId } from '../sessions/session-status';

/** The caller's group of one of its sessions, or 404 (another organisation's group does not exist for them). */
export async function ownedGroup(
  store: Pick<ChatStore, 'findGroup'>,
  organisationId: number,
  sessionId: string,
  groupJid: string,
): Promise<GroupRow> {
  if (!isSessionId(sessionId)) throw new AppError(404, groupMessages.sessionNotFound);
  const group = await store.findGroup(organisationId, sessionId, groupJid);
  if (!group) throw new AppError(404, groupMessages.groupNotFound);
  return group;
}

/**
 * The WhatsApp id inside a msg_id (`${fromMe}_${group}_${id}[_${author}]`); a bare id is accepted too.
 * Group JIDs and WhatsApp ids hold no underscore, so the third field is the id.
 */
export function waIdOf(messageId: string): string {
  return messageId.includes('_') ? (messageId.split('_')[2] ?? '') : messageId;
}
