import {
  AsYouType,
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';

/** E.164: a phone number has at most 15 digits, the country code included. */
export const MAX_PHONE_DIGITS = 15;
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'IN';

/** What the phone input holds: the chosen country and the digits typed after its (fixed) code. */
export interface PhoneValue {
  country: CountryCode;
  /** Digits only, without the country code. */
  national: string;
}

export const emptyPhone = (country: CountryCode = DEFAULT_PHONE_COUNTRY): PhoneValue => ({
  country,
  national: '',
});

export const onlyDigits = (text: string) => text.replace(/\D/g, '');

export const callingCodeOf = (country: CountryCode) => getCountryCallingCode(country);

/** How many digits may follow the country code before the 15-digit cap. */
export function maxNationalDigits(country: CountryCode): number {
  return MAX_PHONE_DIGITS - callingCodeOf(country).length;
}

/** The national digits laid out by the country's mask ("9876543210" in India → "98765 43210"). */
export function formatNational(country: CountryCode, digits: string): string {
  if (!digits) return '';
  const code = callingCodeOf(country);
  // International formatting needs no national prefix (a UK "20 7946 0958" formats without its 0).
  const formatted = new AsYouType(country).input(`+${code}${digits}`);
  return formatted.replace(new RegExp(`^\\+${code}\\s?`), '');
}

/** What the server gets: "+" then the digits, country code first (e.g. "+919876543210"). */
export function toE164(value: PhoneValue): string {
  return `+${callingCodeOf(value.country)}${value.national}`;
}

export function isValidPhone(value: PhoneValue): boolean {
  if (!value.national) return false;
  return parsePhoneNumberFromString(toE164(value))?.isValid() === true;
}

/**
 * What the user typed or pasted into the number box, as a value: a full international number
 * ("+44 20 7946 0958", "0044…") switches to its country; anything else is the national digits, cut at
 * the 15-digit cap.
 */
export function parseTyped(text: string, country: CountryCode): PhoneValue {
  return (
    internationalValue(text, country) ?? {
      country,
      national: onlyDigits(text).slice(0, maxNationalDigits(country)),
    }
  );
}

const INTERNATIONAL_PREFIX = /^\s*(\+|00)/;

/** A full international number's country and national digits, or null while no country is recognised. */
function internationalValue(text: string, country: CountryCode): PhoneValue | null {
  const international = INTERNATIONAL_PREFIX.exec(text);
  if (!international) return null;
  const digits = onlyDigits(text.slice(international[0].length));
  const typer = new AsYouType();
  typer.input(`+${digits}`);
  const found = typer.getCountry();
  const code = typer.getCallingCode();
  const next: CountryCode | undefined =
    found ?? (code && code === callingCodeOf(country) ? country : undefined);
  if (!next || !isSupportedCountry(next)) return null;
  const national = digits.slice(callingCodeOf(next).length);
  return { country: next, national: national.slice(0, maxNationalDigits(next)) };
}

/**
 * An international number being typed key by key ("+", "+4", "+44 2"…) before its country can be told:
 * the box shows it as typed instead of reading it as national digits.
 */
export function isUnfinishedInternational(text: string, country: CountryCode): boolean {
  return INTERNATIONAL_PREFIX.test(text) && internationalValue(text, country) === null;
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits stand before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted.charAt(index)) && ++seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}
