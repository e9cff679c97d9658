// What the group list says about a group's newest message: one line, like WhatsApp's chat list.

const MAX_PREVIEW = 120;

/** Kinds that carry no text of their own worth showing first: a label says what they are. */
const LABELS: Record<string, string> = {
  image: '📷 Photo',
  video: '🎥 Video',
  ptv: '🎥 Video note',
  audio: '🎵 Audio',
  ptt: '🎤 Voice message',
  sticker: '💟 Sticker',
  document: '📄 Document',
  location: '📍 Location',
  vcard: '👤 Contact',
  multi_vcard: '👥 Contacts',
  poll_creation: '📊 Poll',
  event: '📅 Event',
  album: '🖼️ Album',
  view_once: '🔒 View once',
  groups_v4_invite: '👥 Group invitation',
};

export interface PreviewSource {
  messageType: string;
  body: string;
  filename: string | null;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "📷 Photo", "📷 Photo: the caption", "📄 invoice.pdf", the text itself, or what kind it was. */
export function lastMessagePreview({ messageType, body, filename }: PreviewSource): string {
  const text = oneLine(body);
  if (messageType === 'revoked') return '🚫 This message was deleted';
  // "Missed voice call" / "Missed video call" says it all (decision 0026).
  if (messageType === 'call_missed') return `📞 ${text || 'Missed call'}`;
  const label = messageType === 'document' && filename ? `📄 ${oneLine(filename)}` : LABELS[messageType];
  const preview = label ? (text ? `${label}: ${text}` : label) : text || 'Message';
  return Array.from(preview).length > MAX_PREVIEW
    ? `${Array.from(preview)
        .slice(0, MAX_PREVIEW - 1)
        .join('')}…`
    : preview;
}
