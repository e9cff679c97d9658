// The zone the signed-in member reads times in: the one chosen on their profile, else the browser's.
// Held here rather than in React state because the format helpers are plain functions, called from
// components and utilities alike. AuthUserProvider (shared/account/auth-context.tsx) sets it from the
// signed-in user and remounts the screens below it when it changes, so every time shown is drawn again.

let chosen: string | undefined;

/**
 * Whether this browser can show times in `zone`. Asked here rather than of the contract, whose zod the
 * landing page must not load (docs/web-structure.md): a zone saved from a newer browser may be unknown
 * to an older one, and Intl would then throw on every time it formats.
 */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** null (or a zone this browser does not know): the browser's own. */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  chosen = zone && knownTimeZone(zone) ? zone : undefined;
}

/** The member's chosen zone; undefined when times show in the browser's. */
export function displayTimeZone(): string | undefined {
  return chosen;
}

export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A formatter in the display zone, made once per zone: `const f = zonedFormat('en-IN', {...})`, then
 * `f().format(date)` where the time is drawn.
 */
export function zonedFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return () => {
    const key = chosen ?? '';
    let format = byZone.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: chosen });
      byZone.set(key, format);
    }
    return format;
  };
}

const numeric = zonedFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The wall clock in the display zone at `date`: "2024-03-05" and "14:07". */
export function zonedClock(date: Date): { day: string; time: string } {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of numeric().formatToParts(date)) part[type] = value;
  return { day: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}
