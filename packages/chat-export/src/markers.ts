import { removeMarks } from './chars';
import type { OmittedMedia } from './types';

// Marker texts WhatsApp writes instead of, or after, a message, in the common export languages.
// Each list becomes one anchored, case-insensitive regex, so a plain message costs a failed match
// on its first characters and no allocation.

const EDITED = [
  'this message was edited',
  'diese nachricht wurde bearbeitet',
  'se editó este mensaje.',
  'se editó este mensaje',
  'ce message a été modifié',
  'questo messaggio è stato modificato',
  'essa mensagem foi editada',
  'mensagem editada',
  'dit bericht is bewerkt',
  'сообщение изменено',
  'bu mesaj düzenlendi',
  'pesan ini telah diedit',
];

const DELETED = [
  'this message was deleted',
  'you deleted this message',
  'diese nachricht wurde gelöscht',
  'du hast diese nachricht gelöscht',
  'se eliminó este mensaje',
  'eliminaste este mensaje',
  'ce message a été supprimé',
  'vous avez supprimé ce message',
  'questo messaggio è stato eliminato',
  'hai eliminato questo messaggio',
  'mensagem apagada',
  'esta mensagem foi apagada',
  'você apagou esta mensagem',
  'dit bericht is verwijderd',
  'je hebt dit bericht verwijderd',
  'данное сообщение удалено',
  'сообщение удалено',
  'вы удалили это сообщение',
];

// iOS names the kind: `image omitted`, `Bild weggelassen`, `imagen omitida`, …
const IOS_OMITTED: [OmittedMedia, string[]][] = [
  [
    'image',
    [
      'image omitted',
      'bild weggelassen',
      'imagen omitida',
      'image omise',
      'immagine omessa',
      'imagem ocultada',
    ],
  ],
  [
    'video',
    ['video omitted', 'video weggelassen', 'video omitido', 'vidéo omise', 'video omesso', 'vídeo oculto'],
  ],
  [
    'audio',
    ['audio omitted', 'audio weggelassen', 'audio omitido', 'audio omis', 'audio omesso', 'áudio ocultado'],
  ],
  [
    'sticker',
    [
      'sticker omitted',
      'sticker weggelassen',
      'sticker omitido',
      'sticker omis',
      'sticker omesso',
      'figurinha omitida',
    ],
  ],
  ['gif', ['gif omitted', 'gif weggelassen', 'gif omitido', 'gif omis', 'gif omessa', 'gif oculto']],
  [
    'document',
    [
      'document omitted',
      'dokument weggelassen',
      'documento omitido',
      'document omis',
      'documento omesso',
      'documento oculto',
    ],
  ],
];

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const oneOf = (list: string[]) => list.map(escapeRegex).join('|');
const LEAD = '^[\\s\\u200e\\u200f]*';
const TRAIL = '[\\s\\u200e\\u200f]*$';

const EDITED_RE = new RegExp(`^<(?:${oneOf(EDITED)})>${TRAIL}`, 'i');
const DELETED_RE = new RegExp(`${LEAD}(?:${oneOf(DELETED)})\\.?${TRAIL}`, 'i');
const IOS_OMITTED_RE = new RegExp(
  `${LEAD}(?:${oneOf(IOS_OMITTED.flatMap(([, texts]) => texts))})${TRAIL}`,
  'i',
);
const IOS_KIND = new Map(
  IOS_OMITTED.flatMap(([kind, texts]) => texts.map((text): [string, OmittedMedia] => [text, kind])),
);
// A document placeholder may follow the document's title: `Report.pdf • ‎3 pages ‎document omitted`.
const DOCUMENT_OMITTED_RE = /[\s\u200e\u200f](?:document omitted|dokument weggelassen|documento omitido)$/i;
// Android writes one placeholder for every kind: `<Media omitted>`, `<Medien ausgeschlossen>`,
// `<Média elhagyva>`, `<تم استبعاد الوسائط>`, `<メディアなし>`, … Only a whole line in angle brackets
// holding one of these words counts, so a plain message can hardly be mistaken for one.
const MEDIA_WORDS = [
  'media',
  'medien',
  'médias',
  'média',
  'médiá',
  'mídia',
  'multimedia',
  'multimèdia',
  'multivide',
  'mediefil',
  'medier',
  'medij',
  'meedia',
  'medya',
  'медиа',
  'медіа',
  'медиј',
  'πολυμέσ',
  'מדיה',
  'الوسائط',
  'رسانه',
  'میڈیا',
  'मीडिया',
  'মিডিয়া',
  'メディア',
  '多媒体',
  '多媒體',
  '影音',
  '미디어',
  'สื่อ',
  'phương tiện',
];
const ANDROID_MEDIA_RE = new RegExp(`${LEAD}<[^<>]{0,40}(?:${oneOf(MEDIA_WORDS)})[^<>]{0,40}>${TRAIL}`, 'i');

/** The content without a trailing "edited" marker, or null when there is none. */
export function stripEdited(content: string): string | null {
  let end = content.length;
  while (end > 0 && content.charCodeAt(end - 1) <= 32) end--;
  if (content.charCodeAt(end - 1) !== 62) return null; // >
  const open = content.lastIndexOf('<', end);
  if (open < 0 || !EDITED_RE.test(content.slice(open))) return null;
  return content.slice(0, open).replace(/[\s\u200e\u200f]+$/, '');
}

export function isDeletedText(content: string): boolean {
  return content.length >= 16 && content.length <= 60 && DELETED_RE.test(content);
}

export function detectOmitted(content: string): OmittedMedia | null {
  if (content.length > 100) return null;
  const text = content.trimEnd();
  if (text.length <= 40 && IOS_OMITTED_RE.test(text))
    return IOS_KIND.get(removeMarks(text).trim().toLowerCase()) ?? 'media';
  const last = text.charCodeAt(text.length - 1) | 0x20;
  if (last === 62) return ANDROID_MEDIA_RE.test(text) ? 'media' : null; // >
  // `…document omitted`, `…weggelassen`, `…omitido`
  return (last === 100 || last === 110 || last === 111) && DOCUMENT_OMITTED_RE.test(text) ? 'document' : null;
}

const IOS_USER_PREFIX =
  /^(?:location|standort|ubicación|position|posizione|localização|locatie|poll|umfrage|encuesta|sondage|sondaggio|enquete):/i;
const IOS_REFERENCE = /^[^<>]{0,200}<[^<>:]{1,30}: ?[^<>]+\.\w{1,5}>/;

/** iOS media and deletion texts carry U+200E like system lines do, but they have an author. */
export function isUserMediaText(text: string): boolean {
  if (IOS_USER_PREFIX.test(text) || IOS_REFERENCE.test(text)) return true;
  if (detectOmitted(text) || isDeletedText(text)) return true;
  return /^[^\n]{0,60} omitted\s*$/i.test(text);
}
