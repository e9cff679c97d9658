import { chatName } from '@wadesk/contract';

/** How much of a saved chat's name the Previous Chats list shows. */
export const PREVIOUS_CHAT_NAME_MAX = 45;

/** A name over 45 characters is cut to 45 followed by "..."; whole characters, never half an emoji. */
export function cutChatName(name: string, max = PREVIOUS_CHAT_NAME_MAX): string {
  const characters = Array.from(name);
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : name;
}

/** The trimmed name, or the catalogue's words for why it cannot be used. */
export function checkChatName(name: string): { ok: true; name: string } | { ok: false; message: string } {
  const parsed = chatName.safeParse(name);
  if (parsed.success) return { ok: true, name: parsed.data };
  return {
    ok: false,
    message: parsed.error.issues[0]?.message ?? 'Please enter a valid name for your chat!',
  };
}
