// 22 colours dark enough for white initials on them and for an author name on a white bubble.
export const AVATAR_COLOURS = [
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#4d7c0f',
  '#15803d',
  '#047857',
  '#0f766e',
  '#0e7490',
  '#0369a1',
  '#1d4ed8',
  '#4338ca',
  '#6d28d9',
  '#7e22ce',
  '#a21caf',
  '#be185d',
  '#be123c',
  '#9a3412',
  '#3f6212',
  '#115e59',
  '#1e40af',
  '#5b21b6',
  '#86198f',
] as const;

/** FNV-1a: the same name always gets the same colour, on every device, with no outside service. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function avatarColour(name: string): string {
  return AVATAR_COLOURS[hash(name.trim().toLowerCase()) % AVATAR_COLOURS.length] as string;
}

const FIRST_LETTER = /\p{L}/u;

/** Up to two capital letters from the first and last word; '' for names without letters (phone numbers). */
export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.match(FIRST_LETTER)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : '';
  return `${first}${last}`.toLocaleUpperCase();
}
