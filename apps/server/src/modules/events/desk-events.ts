import type { Notification, SessionStatus, SyncState, Ticket, TicketMode } from '@wadesk/contract';
import type { LiveMessage } from '../messages/group-message';
import type { MessageChange } from '../messages/message-changes';
import type { PollView } from '../messages/poll-state';
import type { StoredReplyState } from '../replies/reply-state';
import type { EventBus } from './event-bus';

/**
 * Everything the server's modules tell each other, by name. Each event names its organisation: the
 * event hub forwards it only to that organisation's streams, mapped to the contract's wire shape there.
 * An event that also names a `userId` goes only to that member's streams (decision 0022).
 */
export type DeskEventMap = {
  'session.status': {
    organisationId: number;
    sessionId: string;
    status: SessionStatus;
    reason: string | null;
    phone: string | null;
    isActive: boolean;
  };
  'session.qr': { organisationId: number; sessionId: string };
  'groups.updated': { organisationId: number; sessionId: string; groupsCount: number };
  /** An admin changed a group's ticket mode. */
  'group.mode': { organisationId: number; sessionId: string; groupId: string; mode: TicketMode };
  /** Older messages stored for a group, from the sync after linking or an on-demand fetch. */
  history: { organisationId: number; sessionId: string; groupId: string; stored: number; onDemand: boolean };
  'message.live': LiveMessage;
  /** A stored message's reactions, text (an edit) or delete changed (decision 0026). */
  'message.updated': MessageChange;
  'sync.progress': {
    organisationId: number;
    sessionId: string;
    groupId: string;
    state: SyncState;
    fetched: number;
    oldestTimestamp: number | null;
    message: string | null;
  };
  'ticket.changed': {
    organisationId: number;
    change:
      | 'created'
      | 'status'
      | 'reopened'
      | 'message'
      | 'assignee'
      | 'labels'
      | 'note'
      | 'merged'
      | 'split'
      | 'reply_failed'
      | 'satisfaction';
    ticket: Ticket;
  };
  /** What WhatsApp said about a desk reply changed its state (decision 0018, reply states). */
  'reply.status': { organisationId: number; sessionId: string; state: StoredReplyState };
  /** Someone voted on a poll, or changed their vote: its counts now (decision 0018, polls). */
  'poll.updated': {
    organisationId: number;
    sessionId: string;
    groupJid: string;
    waId: string;
    poll: PollView;
  };
  'agents.changed': { organisationId: number; agentsCount: number };
  'members.changed': { organisationId: number };
  /**
   * A notification for one member (decision 0022): only that member's streams receive it. Carries the
   * contract's shape, like `ticket.changed`, since browsers receive it as it is.
   */
  'notification.created': { organisationId: number; userId: number; notification: Notification };
  /** The member read notifications (null: all) in some tab: their other tabs follow. */
  'notifications.read': { organisationId: number; userId: number; ids: number[] | null; unread: number };
  /** Clocks of these tickets (null: any) were computed again or told a warning (decision 0028). */
  'sla.changed': { organisationId: number; ticketIds: number[] | null };
  /**
   * Demo mode's clock moved (decision 0028): every instance takes the new offset. Names no organisation,
   * so no stream receives it; the organisation whose owner moved it gets an `sla.changed`.
   */
  'sim.clock': { organisationId?: undefined; offsetMs: number };
};

export type DeskEventName = keyof DeskEventMap;
export type DeskEventBus = EventBus<DeskEventMap>;
