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
export function unstorablePath(value: unknown): string | null {
  // An explicit stack, not recursion: a request body nested 100 000 arrays deep would overflow the call
  // stack (a 500) before validation could refuse it. Paths are built only for the value found.
  interface Step {
    value: unknown;
    parent: Step | null;
    segment: string | number;
  }
  const pathOf = (step: Step): string => {
    const segments: (string | number)[] = [];
    for (let at: Step | null = step; at?.parent; at = at.parent) segments.push(at.segment);
    return segments
      .reverse()
      .reduce<string>(
        (path, segment) =>
          typeof segment === 'number' ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
        '',
      );
  };
  const stack: Step[] = [{ value, parent: null, segment: '' }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const current = step.value;
    if (typeof current === 'string') {
      if (!isStorable(current)) return pathOf(step);
      continue;
    }
    const children: Step[] = [];
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) children.push({ value: current[i], parent: step, segment: i });
    } else if (current !== null && typeof current === 'object' && isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        const child = { value: item, parent: step, segment: key };
        if (!isStorable(key)) return pathOf(child);
        children.push(child);
      }
    }
    // Pushed last first, so the first unstorable string in document order is the one reported.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Step);
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
