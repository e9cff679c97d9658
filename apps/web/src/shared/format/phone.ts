import { parsePhoneNumberFromString } from 'libphonenumber-js';

const PHONE_LIKE = /^\+?[\d\s\-().]{6,}$/;

/**
 * The one way the app shows a phone number: international format with spaces ("+91 98765 43210").
 * Takes E.164 ("+919876543210") or WhatsApp's bare digits ("919876543210"); a number libphonenumber-js
 * cannot lay out shows as "+" and its digits. Text without digits comes back as it is.
 */
export function formatPhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (!digits) return number;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isPossible() ? parsed.formatInternational() : `+${digits}`;
}

/** A contact's label that may be a name or, when WhatsApp gave none, a number: numbers are formatted. */
export function formatNameOrPhone(text: string): string {
  return PHONE_LIKE.test(text.trim()) ? formatPhone(text) : text;
}
