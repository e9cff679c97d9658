import type { MediaKind, SystemEventKind } from '@wadesk/chat-export';

/** Media kinds as people call them (`media`: a "media omitted" placeholder that names no kind). */
export const MEDIA_LABELS: Record<MediaKind, string> = {
  image: 'Images',
  video: 'Videos',
  audio: 'Audio',
  document: 'Documents',
  sticker: 'Stickers',
  gif: 'GIFs',
  other: 'Other files',
  contact: 'Contact cards',
  view_once: 'View-once media',
  media: 'Omitted media',
};

export const SYSTEM_EVENT_LABELS: Record<SystemEventKind, string> = {
  created: 'Group created',
  added: 'Members added',
  joined: 'Joined',
  left: 'Left',
  removed: 'Removed',
  subject: 'Subject changed',
  description: 'Description changed',
  icon: 'Icon changed',
  number: 'Number changed',
  security: 'Security code changed',
  encryption: 'Encryption notice',
  admin: 'Admin changes',
  other: 'Other',
};
