import type { Db } from '../../db/client';
import type { DeskEventBus } from '../events/desk-events';
import { createMessageStore, type MessageStore } from './message-store.service';

export interface RegisterMessagesOptions {
  db: Db;
  bus: DeskEventBus;
}

/**
 * The messages module: the WhatsApp message store, with no routes of its own. The sessions' gateway
 * pushes into it (its MessageSink), the Chat page and the desk's replies use `store.chat`, the ticket
 * engine consumes its live-message queue.
 */
export function registerMessages({ db, bus }: RegisterMessagesOptions): MessageStore {
  return createMessageStore({ db, bus });
}
