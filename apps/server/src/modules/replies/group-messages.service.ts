import {
  composerMessages,
  type RetryGroupMessageRequest,
  type SendGroupMessageResponse,
  sendGroupMessageFields,
} from '@wadesk/contract';
import { AppError } from '../../errors';
import { ownedGroup } from '../groups/group-access';
import type { ChatStore } from '../messages/chat-store.service';
import type { AttachmentToSend, RepliesService } from './replies.service';

export interface GroupMessagesDeps {
  /** The desk replies' one send path (replies.service.ts `sendToGroup`). */
  replies: Pick<RepliesService, 'sendToGroup' | 'retryInGroup'>;
  store: Pick<ChatStore, 'findGroup'>;
  /** Removes an attachment once it was sent or refused (object storage). */
  discard(objectName: string): Promise<void>;
}

/** What a stored message's content (BufferJSON text) was: a photo, video, document, or text. */
function kindOf(content: string): SendGroupMessageResponse['kind'] {
  const parsed = JSON.parse(content) as Record<string, unknown>;
  if (parsed.imageMessage) return 'image';
  if (parsed.videoMessage) return 'video';
  if (parsed.documentMessage || parsed.documentWithCaptionMessage) return 'document';
  return 'text';
}

type Throttle = (sessionId: string) => Promise<() => Promise<void>>;

export type GroupMessagesService = ReturnType<typeof createGroupMessagesService>;

/**
 * The WhatsApp Chat page's composer (docs/decisions/0024-group-composer.md): a member writes into a group of
 * the organisation's sessions, with a photo, video or document or not. Sent like a desk reply — the same
 * limit, owner, record and states, no ticket and no quote — so its echo is the member's and joins tickets
 * as the linked account's own message would (decision 0017).
 */
export function createGroupMessagesService({ replies, store, discard }: GroupMessagesDeps) {
  return {
    async send(
      user: { id: number; organisationId: number },
      input: { fields: Record<string, unknown>; attachment: AttachmentToSend | null },
      throttle: Throttle,
    ): Promise<SendGroupMessageResponse> {
      const { attachment } = input;
      try {
        const parsed = sendGroupMessageFields.safeParse(input.fields);
        if (!parsed.success)
          throw new AppError(400, parsed.error.issues[0]?.message ?? composerMessages.malformed);
        const { session_id, group_id, text } = parsed.data;
        if (!text && !attachment) throw new AppError(400, composerMessages.empty);
        const group = await ownedGroup(store, user.organisationId, session_id, group_id);
        const sent = await replies.sendToGroup(
          {
            organisationId: user.organisationId,
            userId: user.id,
            sessionId: session_id,
            groupJid: group.jid,
            groupName: group.name,
            text,
            ...(attachment ? { attachment } : {}),
          },
          throttle,
        );
        return {
          session_id,
          group_id: group.jid,
          wa_id: sent.waId,
          kind: attachment?.kind ?? 'text',
          sent_at: new Date(sent.sentAt * 1000).toISOString(),
        };
      } finally {
        // Sent (WhatsApp's media servers have it now) or not: the stored copy has served its purpose.
        if (attachment) await discard(attachment.objectName).catch(() => {});
      }
    },

    /** Retry of a message WhatsApp refused: the same content again, as a new message. */
    async retry(
      user: { id: number; organisationId: number },
      request: RetryGroupMessageRequest,
      throttle: Throttle,
    ): Promise<SendGroupMessageResponse> {
      const sent = await replies.retryInGroup(user, request, throttle);
      return {
        session_id: sent.sessionId,
        group_id: sent.groupJid,
        wa_id: sent.waId,
        kind: kindOf(sent.content),
        sent_at: new Date(sent.sentAt * 1000).toISOString(),
      };
    },
  };
}
