import {
  type CannedReply,
  MAX_CANNED_REPLIES,
  replyMessages,
  type SaveCannedReplyRequest,
} from '@wadesk/contract';
import { AppError } from '../../errors';
import type { AuditRecorder } from '../audit/audit.service';
import type { CannedRepliesRepository } from './canned-replies.repository';

export type CannedRepliesService = ReturnType<typeof createCannedRepliesService>;

/** An organisation's canned replies (at most MAX_CANNED_REPLIES): every member reads them, admins save and delete them. */
export function createCannedRepliesService({
  repo,
  audit,
}: {
  repo: CannedRepliesRepository;
  audit: AuditRecorder;
}) {
  return {
    list: (organisationId: number): Promise<CannedReply[]> => repo.list(organisationId),

    async save(
      user: { id: number; organisationId: number },
      request: SaveCannedReplyRequest,
    ): Promise<CannedReply> {
      const { organisationId } = user;
      const saved =
        request.id === undefined
          ? await repo.insert(organisationId, request.shortcut, request.body, MAX_CANNED_REPLIES)
          : await repo.update(organisationId, request.id, request.shortcut, request.body);
      if (saved === 'taken') throw new AppError(409, replyMessages.shortcutTaken);
      // 409 like the other counted limits (the active-session limit): the organisation's state refuses it.
      if (saved === 'full') throw new AppError(409, replyMessages.tooManyCanned);
      if (saved === 'missing') throw new AppError(404, replyMessages.cannedNotFound);
      await audit.record({
        organisationId,
        actorId: user.id,
        action: 'canned_reply.saved',
        target: `/${saved.shortcut}`,
        details: { id: saved.id, created: request.id === undefined },
      });
      return saved;
    },

    async remove(user: { id: number; organisationId: number }, id: number): Promise<void> {
      const { organisationId } = user;
      const shortcut = await repo.remove(organisationId, id);
      if (shortcut === null) throw new AppError(404, replyMessages.cannedNotFound);
      await audit.record({
        organisationId,
        actorId: user.id,
        action: 'canned_reply.deleted',
        target: `/${shortcut}`,
        details: { id },
      });
    },
  };
}
