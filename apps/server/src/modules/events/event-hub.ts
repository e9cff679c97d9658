import type { ServerEvent } from '@wadesk/contract';
import type { WhatsAppEvents } from '../../whatsapp/events';

export type EventHub = ReturnType<typeof createEventHub>;

/**
 * Fans the WhatsApp bus (and what other modules publish) out to open event streams, each only ever
 * receiving its own organisation's events.
 */
export function createEventHub(events: WhatsAppEvents) {
  const clients = new Map<number, Set<(event: ServerEvent) => void>>();
  const send = (organisationId: number, event: ServerEvent) => {
    for (const client of clients.get(organisationId) ?? []) client(event);
  };

  const unsubscribers = [
    events.on('session.status', (e) =>
      send(e.organisationId, {
        type: 'session.status',
        session_id: e.sessionId,
        status: e.status,
        reason: e.reason,
        phone: e.phone,
        isActive: e.isActive,
      }),
    ),
    events.on('session.qr', (e) => send(e.organisationId, { type: 'session.qr', session_id: e.sessionId })),
    events.on('groups.updated', (e) =>
      send(e.organisationId, {
        type: 'groups.updated',
        session_id: e.sessionId,
        groups_count: e.groupsCount,
      }),
    ),
    events.on('history', (e) =>
      send(e.organisationId, {
        type: 'history',
        session_id: e.sessionId,
        group_id: e.groupId,
        stored: e.stored,
      }),
    ),
    events.on('message.live', (e) =>
      send(e.organisationId, {
        type: 'messages.new',
        session_id: e.sessionId,
        group_id: e.groupId,
        messages: [e.message],
      }),
    ),
    events.on('sync.progress', (e) =>
      send(e.organisationId, {
        type: 'sync.progress',
        session_id: e.sessionId,
        group_id: e.groupId,
        state: e.state,
        fetched: e.fetched,
        oldest_timestamp: e.oldestTimestamp,
        message: e.message,
      }),
    ),
  ];

  return {
    /** Sends an event of another module (tickets, agents) to the organisation's open streams. */
    publish: send,
    /** Returns the function that removes the client again. */
    subscribe(organisationId: number, client: (event: ServerEvent) => void): () => void {
      const set = clients.get(organisationId) ?? new Set();
      set.add(client);
      clients.set(organisationId, set);
      return () => {
        set.delete(client);
        if (set.size === 0) clients.delete(organisationId);
      };
    },
    clientCount: () => [...clients.values()].reduce((sum, set) => sum + set.size, 0),
    close(): void {
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}
