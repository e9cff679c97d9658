// AM/PM markers of the locales WhatsApp exports in. Keys are lower-cased with spaces, dots and
// direction marks removed, so `a. m.`, `A.M.`, `AM` and `am` are one key.

export const AM = 1;
export const PM = 2;
/** English `at night`: evening hours (6–11) are PM, 12 and the small hours (1–5) AM. */
export const NIGHT = 3;

const AFTER_TIME = new Map<string, number>(
  Object.entries({
    am: AM,
    pm: PM,
    vorm: AM, // German
    nachm: PM,
    πμ: AM, // Greek π.μ.
    μμ: PM,
    ص: AM, // Arabic
    م: PM,
    قظ: AM, // Persian ق.ظ.
    بظ: PM,
    fm: AM, // Swedish, Norwegian
    em: PM,
    vm: AM, // Afrikaans
    nm: PM,
    de: AM, // Hungarian de./du.
    du: PM,
    öö: AM, // Turkish ÖÖ/ÖS
    ös: PM,
    sa: AM, // Vietnamese SA/CH
    ch: PM,
    pg: AM, // Malay PG/PTG
    ptg: PM,
    오전: AM,
    오후: PM,
    午前: AM,
    午後: PM,
    上午: AM,
    下午: PM,
    // English time words in place of AM/PM (`9:15 in the morning`).
    inthemorning: AM,
    intheafternoon: PM,
    intheevening: PM,
    atnight: NIGHT,
  }),
);

// Korean, Japanese and Chinese write the marker before the time.
const BEFORE_TIME = new Map<string, number>(
  Object.entries({ 오전: AM, 오후: PM, 午前: AM, 午後: PM, 上午: AM, 下午: PM }),
);

function key(raw: string): string {
  return raw.replace(/[\s.\u200e\u200f\u061c]/g, '').toLowerCase();
}

/** AM, PM, or 0 for text that is no marker. */
export function meridiemAfter(raw: string): number {
  return AFTER_TIME.get(key(raw)) ?? 0;
}

export function meridiemBefore(raw: string): number {
  return BEFORE_TIME.get(raw) ?? 0;
}

/** Hour on a 24-hour clock, or -1 when the hour cannot be written with that marker. */
export function to24h(hour: number, meridiem: number): number {
  if (meridiem === 0) return hour <= 23 ? hour : -1;
  if (hour > 12) return -1;
  if (meridiem === NIGHT) return hour === 12 ? 0 : hour <= 5 ? hour : hour + 12;
  if (meridiem === AM) return hour === 12 ? 0 : hour;
  return hour === 12 ? 12 : hour + 12;
}
