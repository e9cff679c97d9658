import type { GroupMessageType } from '@wadesk/contract';

/**
 * What a message is, for every kind that is not plain text (the label above its text, or in a quote).
 * Media kinds name the file the download button fetches.
 */
const LABELS: Record<Exclude<GroupMessageType, 'chat'>, string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  ptt: 'Audio',
  ptv: 'Video note',
  document: 'Document',
  sticker: 'Sticker',
  album: 'Album',
  location: 'Location',
  vcard: 'Contact card',
  multi_vcard: 'Contact cards',
  poll_creation: 'Poll',
  event: 'Event',
  groups_v4_invite: 'Group invitation',
  interactive: 'Message with choices',
  list: 'Message with choices',
  buttons_response: 'Chosen reply',
  template_button_reply: 'Chosen reply',
  list_response: 'Chosen reply',
  interactive_response: 'Chosen reply',
  view_once: 'View once',
  revoked: 'Deleted message',
  gp2: 'Group update',
  call_missed: 'Missed call',
  unknown: 'Unsupported message',
};

export function kindLabel(type: GroupMessageType): string | null {
  return type === 'chat' ? null : LABELS[type];
}

/** Kinds whose text is a notice from the desk (what to do), not something a person wrote. */
export const NOTICE_KINDS: ReadonlySet<GroupMessageType> = new Set(['view_once', 'unknown']);
