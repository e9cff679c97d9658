import { removeMarks } from './chars';
import { isAttachedLabel } from './marker-index';

/** A file reference found at the start of a message: the file name and where the reference ends. */
export interface FileReference {
  fileName: string;
  end: number;
}

// Android: `IMG-20210428-WA0001.jpg (file attached)`, the label in the export's language
// (marker-table.json, kind `attached`).
// Unknown languages still match WhatsApp's own media names.
const WHATSAPP_NAME = /^(IMG|VID|PTT|AUD|DOC|STK)-\d{8}-WA\d+/;
const HAS_EXTENSION = /\.[A-Za-z0-9]{1,5}$/;
// iOS: `<attached: 00000012-PHOTO-2021-04-28-10-11-12.jpg>`, localised label before the colon.
const IOS_LABEL = /^[\p{L}\p{M} ]{1,30}$/u;

function androidReference(line: string): FileReference | null {
  for (let open = line.indexOf(' ('); open > 0; open = line.indexOf(' (', open + 1)) {
    const close = line.indexOf(')', open);
    if (close < 0) return null;
    const label = line.slice(open + 2, close).trim();
    const fileName = removeMarks(line.slice(0, open)).trim();
    if (!HAS_EXTENSION.test(fileName)) continue;
    if (isAttachedLabel(label) || (WHATSAPP_NAME.test(fileName) && IOS_LABEL.test(label))) {
      return { fileName, end: close + 1 };
    }
  }
  return null;
}

function iosReference(line: string): FileReference | null {
  for (let open = line.indexOf('<'); open >= 0; open = line.indexOf('<', open + 1)) {
    const close = line.indexOf('>', open);
    if (close < 0) return null;
    const inner = line.slice(open + 1, close);
    const colon = inner.indexOf(':');
    if (colon < 0) continue;
    const fileName = removeMarks(inner.slice(colon + 1)).trim();
    if (IOS_LABEL.test(inner.slice(0, colon).trim()) && HAS_EXTENSION.test(fileName)) {
      return { fileName, end: close + 1 };
    }
  }
  return null;
}

// Older iOS (2015): `2015-08-04-PHOTO-00004762.jpg ‹‎attached>` (U+2039 opening).
const OLD_IOS_REFERENCE =
  /^([^<>\u2039]{1,200}\.[A-Za-z0-9]{1,5})\s*\u2039[\u200e\u200f]?([\p{L}\p{M} ]{1,30})>/u;

function oldIosReference(line: string): FileReference | null {
  const match = OLD_IOS_REFERENCE.exec(line);
  if (!match) return null;
  return { fileName: removeMarks(match[1] as string).trim(), end: match[0].length };
}

/** Finds the file reference on the first line of a message text. */
export function findFileReference(line: string): FileReference | null {
  if (line.length > 600) return null;
  if (line.includes('\u2039')) {
    const old = oldIosReference(line);
    if (old) return old;
  }
  if (line.includes('<')) {
    const ios = iosReference(line);
    if (ios) return ios;
  }
  return line.includes(' (') ? androidReference(line) : null;
}
