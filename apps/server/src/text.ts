// PostgreSQL cannot store U+0000 in text or jsonb: a bound parameter holding one fails with "invalid byte
// sequence", and a JSON document holding "\u0000" fails with "unsupported Unicode escape sequence" as soon
// as json_to_recordset or a jsonb cast reads it, which fails the whole statement (a whole batch of
// messages). WhatsApp texts can carry the character, so everything written from what a phone sent passes
// through these helpers first.

/** The string without U+0000 characters. */
export function stripNul(text: string): string;
export function stripNul(text: string | null): string | null;
export function stripNul(text: string | null | undefined): string | null | undefined;
export function stripNul(text: string | null | undefined): string | null | undefined {
  return typeof text === 'string' && text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/**
 * A JSON-shaped value (e.g. the raw proto JSON column) with U+0000 removed from every string and object
 * key, however deep. Values that hold none come back as they are; the others are copied, never changed
 * in place.
 */
export function stripNulDeep<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (typeof value === 'string') return stripNul(value);
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
    const cleanKey = stripNul(key);
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
