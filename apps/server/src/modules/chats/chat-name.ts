import { chatMessages, chatName } from '@wadesk/contract';

/** A saved chat's name as the contract cleans it, or the message that refuses it (save and rename). */
export function checkChatName(raw: string): { name: string } | { message: string } {
  const parsed = chatName.safeParse(raw);
  return parsed.success
    ? { name: parsed.data }
    : { message: parsed.error.issues[0]?.message ?? chatMessages.invalidName };
}
