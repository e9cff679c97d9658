// Dates stay the wall-clock values written in the export: plain integers, never a Date in the
// machine's time zone (a local-time Date would shift 02:30 on a daylight-saving night).

const PAD = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

export function isValidDate(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function year4(y: number): string {
  return y >= 1000 ? `${y}` : `${y}`.padStart(4, '0');
}

const HOUR_MINUTE: string[] = [];

/** `HH:mm`, cached: a chat has at most 1,440 of them. */
export function hourMinute(h: number, min: number): string {
  const k = h * 60 + min;
  let text = HOUR_MINUTE[k];
  if (text === undefined) {
    text = `${PAD[h]}:${PAD[min]}`;
    HOUR_MINUTE[k] = text;
  }
  return text;
}

const CLOCK: (string | undefined)[] = new Array(24 * 3600);

/** `HH:mm:ss`, cached. */
export function clockTime(h: number, min: number, s: number): string {
  const k = (h * 60 + min) * 60 + s;
  let text = CLOCK[k];
  if (text === undefined) {
    text = `${PAD[h]}:${PAD[min]}:${PAD[s]}`;
    CLOCK[k] = text;
  }
  return text;
}

/** `YYYY-MM-DDT`, the date part of ChatMessage.date. */
export function isoDatePrefix(y: number, m: number, d: number): string {
  return `${year4(y)}-${PAD[m]}-${PAD[d]}T`;
}

/** `DD/MM/YYYY, `, the date part of ChatMessage.datetime. */
export function displayDatePrefix(y: number, m: number, d: number): string {
  return `${PAD[d]}/${PAD[m]}/${year4(y)}, `;
}
