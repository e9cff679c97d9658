// PostgreSQL cannot store U+0000 in text or jsonb: a bound parameter holding one fails with "invalid byte
// sequence", and a JSON document holding "\u0000" fails with "unsupported Unicode escape sequence" as soon
// as json_to_recordset or a jsonb cast reads it, which fails the whole statement (a whole batch of
// messages). An unpaired UTF-16 surrogate fails a jsonb cast the same way. WhatsApp texts and chat
// exports can carry both, so everything written from what a phone or an export sent passes through these
// helpers first; text a user types is refused instead (http/unstorable-text.ts).

/** The string without U+0000 characters and with every unpaired surrogate replaced by U+FFFD. */
export function storableText(text: string): string;
export function storableText(text: string | null): string | null;
export function storableText(text: string | null | undefined): string | null | undefined;
export function storableText(text: string | null | undefined): string | null | undefined {
  if (typeof text !== 'string' || isStorable(text)) return text;
  return text.replaceAll('\u0000', '').toWellFormed();
}

/** Whether PostgreSQL can store the string as it is. */
export function isStorable(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/**
 * Where the first string PostgreSQL cannot store sits in a JSON-shaped value (`messages[3].author`,
 * `''` for the value itself), or null when there is none. Object keys count too.
 */
export function unstorablePath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorable(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorablePath(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || !isPlainObject(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isStorable(key)) return at;
    const found = unstorablePath(item, at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * A JSON-shaped value (e.g. the raw proto JSON column) with every string and object key made storable
 * (storableText), however deep. Values that need nothing come back as they are; the others are copied,
 * never changed in place.
 */
export function storableDeep<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, index) => {
      const clean = strip(item);
      if (clean !== item) {
        copy ??= [...value];
        copy[index] = clean;
      }
    });
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object' || !isPlainObject(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const cleanKey = storableText(key);
    const clean = strip(item);
    if (clean !== item || cleanKey !== key) {
      copy ??= { ...value };
      if (cleanKey !== key) delete copy[key];
      copy[cleanKey] = clean;
    }
  }
  return copy ?? value;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
