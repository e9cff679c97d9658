import type { ResolvedMessage } from '../messages/group-message';

const MEDIA_LABELS: Partial<Record<string, string>> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  ptt: 'Voice message',
  ptv: 'Video note',
  document: 'Document',
  sticker: 'Sticker',
  location: 'Location',
  vcard: 'Contact',
  multi_vcard: 'Contacts',
  poll_creation: 'Poll',
};

/** What a ticket shows for a message: its text, or for media without a caption a label like "[Image]". */
export function messageText(
  message: Pick<ResolvedMessage, 'body' | 'messageType' | 'hasMedia' | 'filename'>,
): string {
  const body = message.body.trim();
  if (body) return body;
  const label = MEDIA_LABELS[message.messageType] ?? (message.hasMedia ? 'Media' : 'Message');
  const name = message.messageType === 'document' && message.filename ? `: ${message.filename}` : '';
  return `[${label}${name}]`;
}
