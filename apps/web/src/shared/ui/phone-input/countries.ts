import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js';

export interface CountryOption {
  code: CountryCode;
  name: string;
  /** Digits only, e.g. "91". */
  callingCode: string;
}

function regionNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    return (code) => {
      try {
        return names.of(code) ?? code;
      } catch {
        return code;
      }
    };
  } catch {
    return (code) => code;
  }
}

const cache = new Map<string, CountryOption[]>();

/** Every country libphonenumber-js knows, named in `locale`, sorted by name. */
export function countryOptions(locale = 'en'): CountryOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const nameOf = regionNames(locale);
  const options = getCountries()
    .map((code) => ({
      code,
      name: nameOf(code),
      callingCode: getCountryCallingCode(code),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  cache.set(locale, options);
  return options;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The countries matching a search: by calling code when the query is digits ("+44", "44"), else by a
 * part of the name (accents and case ignored) or the exact two-letter code, names starting with it
 * first. An empty query keeps all.
 */
export function searchCountries(options: readonly CountryOption[], query: string): CountryOption[] {
  const trimmed = query.trim();
  if (!trimmed) return [...options];
  const digits = /^\+?\s*(\d+)$/.exec(trimmed)?.[1];
  if (digits) return options.filter((option) => option.callingCode.startsWith(digits));
  const wanted = fold(trimmed);
  const starts: CountryOption[] = [];
  const contains: CountryOption[] = [];
  for (const option of options) {
    const name = fold(option.name);
    if (name.startsWith(wanted) || option.code.toLowerCase() === wanted) starts.push(option);
    else if (name.includes(wanted)) contains.push(option);
  }
  // Names that start with the query come first ("ind" → India before British Indian Ocean Territory).
  return [...starts, ...contains];
}
