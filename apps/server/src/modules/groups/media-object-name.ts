import { createHash } from 'node:crypto';

const GROUP_MEDIA = /^whatsapp-media\/[0-9a-f-]{36}\/[0-9a-f]{64}$/;

/** Where a group message's media is kept: named by a hash, since JIDs hold characters names may not. */
export function groupMediaObjectName(sessionId: string, groupJid: string, waId: string): string {
  return `whatsapp-media/${sessionId}/${createHash('sha256').update(`${groupJid}/${waId}`).digest('hex')}`;
}

export function isGroupMediaObjectName(name: string): boolean {
  return GROUP_MEDIA.test(name);
}
