import { type BaileysEventEmitter, type BaileysEventMap, isJidGroup } from 'baileys';

type HistorySet = BaileysEventMap['messaging-history.set'];

/**
 * Only group chats' history is kept (decision 0015 §6), and the 1:1 chats of a history chunk are dropped as
 * Baileys emits it, before its event buffer takes them: Baileys decodes every conversation of a chunk
 * (Utils/history.js:37-116, no hook sees a chat before that) and emits them all (Utils/process-message.js:
 * 262-275); the buffer then keeps each message and its key until it flushes (Utils/event-buffer.js:215-250;
 * during the first sync until the app state is synced, Socket/chats.js:977-1002). Contacts and LID pairs of
 * every chat stay: each conversation is also a contact (history.js:55-62).
 */
export function keepGroupHistoryOnly(ev: BaileysEventEmitter): void {
  const emit = ev.emit.bind(ev);
  ev.emit = ((event: keyof BaileysEventMap, data: unknown) =>
    emit(
      event,
      event === 'messaging-history.set' ? groupsOnly(data as HistorySet) : (data as never),
    )) as typeof ev.emit;
}

function groupsOnly(set: HistorySet): HistorySet {
  return {
    ...set,
    chats: set.chats.filter((chat) => isJidGroup(chat.id ?? undefined)),
    messages: set.messages.filter((message) => isJidGroup(message.key?.remoteJid ?? undefined)),
  };
}
