import {
  groupMessages,
  type SetGroupModeRequest,
  type SetGroupModeResponse,
  type SetGroupSatisfactionPollRequest,
  type SetGroupSatisfactionPollResponse,
} from '@wadesk/contract';
import { AppError } from '../../errors';
import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { ChatStore } from '../messages/chat-store.service';
import { ownedGroup } from './group-access';

export type GroupModeService = ReturnType<typeof createGroupModeService>;

/**
 * A group's ticket mode (docs/decisions/0017-group-modes.md). The ticket engine reads it with each message
 * it claims, so a change applies to the next message on every instance; tickets already open stay as they
 * are until someone closes them.
 */
export function createGroupModeService(deps: {
  store: Pick<ChatStore, 'findGroup' | 'setTicketMode' | 'setSatisfactionPoll'>;
  audit: Pick<AuditRecorder, 'record'>;
  bus: Pick<DeskEventBus, 'publish'>;
}) {
  return {
    async setMode(
      actor: { organisationId: number; userId: number },
      request: SetGroupModeRequest,
    ): Promise<SetGroupModeResponse> {
      const { organisationId } = actor;
      const group = await ownedGroup(deps.store, organisationId, request.session_id, request.group_id);
      const previous = group.ticketMode;
      if (previous !== request.mode) {
        const changed = await deps.store.setTicketMode(
          organisationId,
          group.sessionId,
          group.jid,
          request.mode,
        );
        // Gone between the read and the write (the session was terminated): as if it had never been.
        if (!changed) throw new AppError(404, groupMessages.groupNotFound);
        deps.bus.publish('group.mode', {
          organisationId,
          sessionId: group.sessionId,
          groupId: group.jid,
          mode: request.mode,
        });
        await deps.audit.record({
          organisationId,
          actorId: actor.userId,
          action: 'group.mode_changed',
          target: group.name,
          details: { session_id: group.sessionId, group_id: group.jid, from: previous, to: request.mode },
        });
      }
      return { success: true, ticket_mode: request.mode };
    },

    /**
     * Whether closing a ticket of the group sends the satisfaction poll (decision 0030): as the organisation's
     * setting, or on or off for this group. Read when a ticket is closed, so it applies to the next close.
     */
    async setSatisfactionPoll(
      actor: { organisationId: number; userId: number },
      request: SetGroupSatisfactionPollRequest,
    ): Promise<SetGroupSatisfactionPollResponse> {
      const { organisationId } = actor;
      const group = await ownedGroup(deps.store, organisationId, request.session_id, request.group_id);
      const previous = group.satisfactionPoll;
      const next = request.satisfaction_poll;
      if (previous !== next) {
        if (!(await deps.store.setSatisfactionPoll(organisationId, group.sessionId, group.jid, next)))
          throw new AppError(404, groupMessages.groupNotFound);
        await deps.audit.record({
          organisationId,
          actorId: actor.userId,
          action: 'group.satisfaction_poll_changed',
          target: group.name,
          details: { session_id: group.sessionId, group_id: group.jid, from: previous, to: next },
        });
      }
      return { success: true, satisfaction_poll: next };
    },
  };
}
