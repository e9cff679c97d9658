import { randomBytes } from 'node:crypto';

/** `u<user id>/<128 random bits, base64url>/<sanitised file name>`: unguessable, and whose it is shows. */
const OBJECT_NAME = /^u\d{1,10}\/[A-Za-z0-9_-]{22}\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;
const MAX_BASE = 100;

/**
 * A file name reduced to letters, digits, `.`, `_` and `-` (at most 100 characters, extension kept).
 * An object name is the first word of a message's content, so it may hold no spaces; and nothing that
 * reaches a file system or an S3 key may carry `/`, `..` or control characters.
 */
export function sanitiseFileName(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  // The extension survives on its own: served files get their type from it.
  const extension =
    dot > 0
      ? base
          .slice(dot + 1)
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 10)
      : '';
  const stem =
    (dot > 0 ? base.slice(0, dot) : base)
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, MAX_BASE - 1 - extension.length) || 'file';
  return extension ? `${stem}.${extension}` : stem;
}

export function newObjectName(userId: number, fileName: string): string {
  return `u${userId}/${randomBytes(16).toString('base64url')}/${sanitiseFileName(fileName)}`;
}

export function isObjectName(text: string): boolean {
  return OBJECT_NAME.test(text);
}

/** The object name an attachment message's content starts with, or null when it names none. */
export function referencedObjectName(message: { has_attachment: boolean; content: string }): string | null {
  if (!message.has_attachment) return null;
  const space = message.content.search(/\s/);
  const first = space < 0 ? message.content : message.content.slice(0, space);
  return isObjectName(first) ? first : null;
}
