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
  // A walk with a stack of its own, not recursion: a 1 MB request body can nest arrays 100,000 deep, which
  // overflowed the call stack (a 500 instead of an answer). Paths are built only for the string found, from
  // parent links: building each level's path on the way down costs the square of the depth.
  interface Step {
    item: unknown;
    parent: Step | null;
    segment: string;
    /** An object key to check before `item` (its value). */
    key?: string;
  }
  const pathOf = (step: Step): string => {
    const segments: string[] = [];
    for (let at: Step | null = step; at; at = at.parent) segments.push(at.segment);
    return path + segments.reverse().join('');
  };
  const stack: Step[] = [{ item: value, parent: null, segment: '' }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { item } = step;
    if (step.key !== undefined && !isStorable(step.key)) return pathOf(step);
    if (typeof item === 'string') {
      if (!isStorable(item)) return pathOf(step);
      continue;
    }
    // Pushed last to first, so the first unstorable string in document order is found first.
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--)
        stack.push({ item: item[i], parent: step, segment: `[${i}]` });
      continue;
    }
    if (item === null || typeof item !== 'object' || !isPlainObject(item)) continue;
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string, unknown];
      const segment = step.parent === null && path === '' ? key : `.${key}`;
      stack.push({ item: child, parent: step, segment, key });
    }
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

/** An array or plain object being copied on write by `strip`: `copy` stays null until a child changes. */
interface StripFrame {
  source: unknown[] | Record<string, unknown>;
  /** The object's keys; null for an array. */
  keys: string[] | null;
  index: number;
  copy: unknown[] | Record<string, unknown> | null;
}

// A walk with a stack of its own, not recursion, for the same reason as unstorablePath: a chat save's raw
// body is cleaned before it is validated, and arrays nested 100,000 deep overflowed the call stack (a 500).
function strip(value: unknown): unknown {
  const frameOf = (item: unknown): StripFrame | null => {
    if (Array.isArray(item)) return { source: item, keys: null, index: 0, copy: null };
    if (item !== null && typeof item === 'object' && isPlainObject(item))
      return { source: item, keys: Object.keys(item), index: 0, copy: null };
    return null;
  };
  const root = frameOf(value);
  if (!root) return typeof value === 'string' ? storableText(value) : value;
  const stack: StripFrame[] = [root];
  for (;;) {
    const frame = stack[stack.length - 1] as StripFrame;
    const length = frame.keys ? frame.keys.length : (frame.source as unknown[]).length;
    if (frame.index < length) {
      const key = frame.keys ? (frame.keys[frame.index] as string) : frame.index;
      const item = (frame.source as Record<string | number, unknown>)[key];
      const child = frameOf(item);
      if (child)
        stack.push(child); // its result is placed when it is done
      else place(frame, typeof item === 'string' ? storableText(item) : item);
      continue;
    }
    stack.pop();
    const result = frame.copy ?? frame.source;
    const parent = stack[stack.length - 1];
    if (!parent) return result;
    place(parent, result);
  }
}

/** Puts the cleaned value of `frame`'s current child in place (copying the container once) and moves on. */
function place(frame: StripFrame, clean: unknown): void {
  const { source, keys, index } = frame;
  frame.index++;
  if (!keys) {
    const list = source as unknown[];
    if (clean === list[index]) return;
    frame.copy ??= [...list];
    (frame.copy as unknown[])[index] = clean;
    return;
  }
  const object = source as Record<string, unknown>;
  const key = keys[index] as string;
  const cleanKey = storableText(key);
  if (clean === object[key] && cleanKey === key) return;
  frame.copy ??= { ...object };
  const copy = frame.copy as Record<string, unknown>;
  if (cleanKey !== key) delete copy[key];
  copy[cleanKey] = clean;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
