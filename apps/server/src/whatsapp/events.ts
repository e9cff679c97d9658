import { EventEmitter } from 'node:events';
import type { GroupMessage, SessionStatus, SyncState } from '@wadesk/contract';

/**
 * A message stored for the first time from LIVE traffic (never from history sync). The ticket engine
 * subscribes with `gateway.onLiveMessage(listener)`; the event stream forwards it to browsers.
 */
export interface LiveMessageEvent {
  /** Always 'live': history sync and on-demand fetches never raise this event. */
  origin: 'live';
  organisationId: number;
  sessionId: string;
  groupId: string;
  groupName: string | null;
  /** The API's group-message shape; `from_me` marks a message of the linked account itself. */
  message: GroupMessage;
}

export interface WhatsAppEventMap {
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
  /** Older messages stored for a group, from the sync after linking or an on-demand fetch. */
  history: { organisationId: number; sessionId: string; groupId: string; stored: number; onDemand: boolean };
  'message.live': LiveMessageEvent;
  'sync.progress': {
    organisationId: number;
    sessionId: string;
    groupId: string;
    state: SyncState;
    fetched: number;
    oldestTimestamp: number | null;
    message: string | null;
  };
}

export type WhatsAppEventName = keyof WhatsAppEventMap;

/** The in-process bus between the gateway, the services and the event stream. */
export interface WhatsAppEvents {
  emit<K extends WhatsAppEventName>(name: K, event: WhatsAppEventMap[K]): void;
  /** Returns the unsubscribe function. */
  on<K extends WhatsAppEventName>(name: K, listener: (event: WhatsAppEventMap[K]) => void): () => void;
}

export function createWhatsAppEvents(onListenerError: (error: unknown) => void): WhatsAppEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per open event stream
  return {
    emit(name, event) {
      // A failing listener (say, the ticket engine) must not break ingestion or the other listeners.
      for (const listener of emitter.listeners(name)) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    on(name, listener) {
      emitter.on(name, listener);
      return () => emitter.off(name, listener);
    },
  };
}
