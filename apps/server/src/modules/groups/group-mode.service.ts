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
  store: Pick<ChatStore, 'findGroup' | 'setGroupSettings'>;
  audit: Pick<AuditRecorder, 'record'>;
  bus: Pick<DeskEventBus, 'publish'>;
}) {
  type Setting = 'ticketMode' | 'satisfactionPoll';
  type Group = Awaited<ReturnType<typeof ownedGroup>>;

  /**
   * Sets one of the group's settings when it differs, tells `changed` (before the audit entry, so a failed
   * entry never holds the event back) and audits it.
   */
  async function change<K extends Setting>(
    actor: { organisationId: number; userId: number },
    request: { session_id: string; group_id: string },
    setting: K,
    next: Group[K],
    action: 'group.mode_changed' | 'group.satisfaction_poll_changed',
    changed: (group: Group) => void = () => {},
  ): Promise<void> {
    const { organisationId } = actor;
    const group = await ownedGroup(deps.store, organisationId, request.session_id, request.group_id);
    const previous = group[setting];
    if (previous === next) return;
    const stored = await deps.store.setGroupSettings(organisationId, group.sessionId, group.jid, {
      [setting]: next,
    });
    // Gone between the read and the write (the session was terminated): as if it had never been.
    if (!stored) throw new AppError(404, groupMessages.groupNotFound);
    changed(group);
    await deps.audit.record({
      organisationId,
      actorId: actor.userId,
      action,
      target: group.name,
      details: { session_id: group.sessionId, group_id: group.jid, from: previous, to: next },
    });
  }

  return {
    async setMode(
      actor: { organisationId: number; userId: number },
      request: SetGroupModeRequest,
    ): Promise<SetGroupModeResponse> {
      await change(actor, request, 'ticketMode', request.mode, 'group.mode_changed', (group) =>
        deps.bus.publish('group.mode', {
          organisationId: actor.organisationId,
          sessionId: group.sessionId,
          groupId: group.jid,
          mode: request.mode,
        }),
      );
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
      const next = request.satisfaction_poll;
      await change(actor, request, 'satisfactionPoll', next, 'group.satisfaction_poll_changed');
      return { success: true, satisfaction_poll: next };
    },
  };
}
