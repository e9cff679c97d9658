import type { ServerEvent } from '@wadesk/contract';
import { toGroupMessage } from '../messages/group-message';
import { toPollState } from '../messages/poll-state';
import { toReactions } from '../messages/reaction-view';
import { toReplyState } from '../replies/reply-state';
import type { DeskEventBus, DeskEventMap, DeskEventName } from './desk-events';

export type EventHub = ReturnType<typeof createEventHub>;

const WIRE: { [K in DeskEventName]: (event: DeskEventMap[K]) => ServerEvent } = {
  'session.status': (s) => ({
    type: 'session.status',
    session_id: s.sessionId,
    status: s.status,
    reason: s.reason,
    phone: s.phone,
    isActive: s.isActive,
  }),
  'session.qr': (q) => ({ type: 'session.qr', session_id: q.sessionId }),
  'groups.updated': (g) => ({ type: 'groups.updated', session_id: g.sessionId, groups_count: g.groupsCount }),
  'group.mode': (g) => ({
    type: 'group.mode',
    session_id: g.sessionId,
    group_id: g.groupId,
    ticket_mode: g.mode,
  }),
  history: (h) => ({ type: 'history', session_id: h.sessionId, group_id: h.groupId, stored: h.stored }),
  'message.live': (m) => ({
    type: 'messages.new',
    session_id: m.sessionId,
    group_id: m.groupJid,
    messages: [{ ...toGroupMessage(m.message), ...(m.poll ? { poll: toPollState(m.poll) } : {}) }],
  }),
  'message.updated': (m) => ({
    type: 'message.updated',
    session_id: m.sessionId,
    group_id: m.groupJid,
    id: m.waId,
    ...(m.reactions ? { reactions: toReactions(m.reactions) } : {}),
    ...(m.edit ? { edit: { body: m.edit.body, edited_at: m.edit.editedAt, edits: m.edit.edits } } : {}),
    ...(m.deleted ? { deleted: { revoked_by: m.deleted.revokedBy, deleted_at: m.deleted.at } } : {}),
  }),
  'sync.progress': (p) => ({
    type: 'sync.progress',
    session_id: p.sessionId,
    group_id: p.groupId,
    state: p.state,
    fetched: p.fetched,
    oldest_timestamp: p.oldestTimestamp,
    message: p.message,
  }),
  'ticket.changed': (t) =>
    t.change === 'created'
      ? { type: 'ticket.created', ticket: t.ticket }
      : { type: 'ticket.updated', change: t.change, ticket: t.ticket },
  'reply.status': (r) => ({
    type: 'reply.status',
    session_id: r.sessionId,
    group_id: r.state.groupJid,
    wa_id: r.state.waId,
    reply: toReplyState(r.state),
  }),
  'poll.updated': (p) => ({
    type: 'poll.updated',
    session_id: p.sessionId,
    group_id: p.groupJid,
    wa_id: p.waId,
    poll: toPollState(p.poll),
  }),
  'agents.changed': (a) => ({ type: 'agents.updated', agents_count: a.agentsCount }),
  'members.changed': () => ({ type: 'members.updated' }),
  'notification.created': (n) => ({ type: 'notification.created', notification: n.notification }),
  'notifications.read': (r) => ({ type: 'notifications.read', ids: r.ids, unread: r.unread }),
  'sla.changed': (s) => ({ type: 'sla.changed', ticket_ids: s.ticketIds }),
  'sim.clock': () => ({ type: 'sla.changed', ticket_ids: null }),
};

/** The contract's wire shape of a bus event: the edge where internal camel-case becomes the API's names. */
export function toServerEvent<K extends DeskEventName>(name: K, event: DeskEventMap[K]): ServerEvent {
  return WIRE[name](event);
}

interface Stream {
  userId: number;
  send(event: ServerEvent): void;
}

/**
 * Fans the bus out to open event streams: every instance's events (so a browser may be connected to any
 * server), each stream only ever receiving its own organisation's events, and of the events for one
 * member (a `userId`: notifications, decision 0022) only its own member's.
 */
export function createEventHub(bus: DeskEventBus) {
  const clients = new Map<number, Set<Stream>>();
  const unsubscribe = bus.onCluster((name, event) => {
    const { organisationId, userId } = event as { organisationId?: number; userId?: number };
    if (organisationId === undefined) return;
    const streams = clients.get(organisationId);
    if (!streams) return;
    let wire: ServerEvent | null = null;
    for (const client of streams) {
      if (userId !== undefined && client.userId !== userId) continue;
      wire ??= toServerEvent(name, event);
      client.send(wire);
    }
  });

  return {
    /** Returns the function that removes the client again. */
    subscribe(organisationId: number, userId: number, send: (event: ServerEvent) => void): () => void {
      const set = clients.get(organisationId) ?? new Set();
      const client = { userId, send };
      set.add(client);
      clients.set(organisationId, set);
      return () => {
        set.delete(client);
        if (set.size === 0) clients.delete(organisationId);
      };
    },
    clientCount: () => [...clients.values()].reduce((sum, set) => sum + set.size, 0),
    close: unsubscribe,
  };
}
