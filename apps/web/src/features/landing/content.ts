/** Landing-page copy, kept apart from the components so it can be edited (or later served) alone. */
export type ContentIcon = 'phone' | 'archive' | 'upload' | 'chart' | 'search' | 'shield' | 'chat';

export interface ContentItem {
  title: string;
  description: string;
  icon?: ContentIcon;
  /** An optional link shown after the description. */
  link?: { href: string; label: string };
}

export const WHATSAPP_EXPORT_HELP_URL = 'https://faq.whatsapp.com/1180414079177245/';

export const HOW_IT_WORKS_STEPS: readonly ContentItem[] = [
  {
    title: 'Export your chat',
    description: 'Open the chat in WhatsApp on your phone and export it, with or without media.',
    icon: 'phone',
  },
  {
    title: 'Zip the files',
    description: 'Put the exported text file and its media files together in a single .zip archive.',
    icon: 'archive',
  },
  {
    title: 'Upload the zip',
    description: 'Drop the .zip (or just the .txt file) into wadesk. Files up to 4 MB are supported.',
    icon: 'upload',
  },
  {
    title: 'Analyse it',
    description: 'Read the conversation, search it, filter it by author and see what your chat is about.',
    icon: 'chart',
  },
];

export const FAQ_ITEMS: readonly ContentItem[] = [
  {
    title: 'What kind of analysis is supported?',
    description:
      'Both text and media analysis are supported: read the whole conversation, search it, filter it by author, and see photos, videos, audio and documents right where they were sent.',
  },
  {
    title: 'Is my data safe?',
    description:
      'Yes. Your uploaded data is kept secure and private. A chat you import without signing in is read in your browser and never leaves it.',
  },
  {
    title: 'How many messages can an export hold?',
    description:
      'WhatsApp limits what an export contains: an export with media holds at most the 10,000 latest messages, and an export without media holds up to 40,000 messages.',
  },
  {
    title: 'How do I export a chat on Android?',
    description:
      'Open the chat, tap ⋮ (More options), then More → Export chat, and choose With media or Without media. Share the export to yourself, zip it if it has media, and upload it here.',
    link: { href: WHATSAPP_EXPORT_HELP_URL, label: "WhatsApp's help page on exporting chats" },
  },
  {
    title: 'Which files can I upload?',
    description:
      'A WhatsApp export as a .txt file, or a .zip holding the text file together with its media files, up to 4 MB.',
  },
];
