import { describe, expect, it } from 'vitest';
import { countryOptions, searchCountries } from './countries';
import {
  caretAfterDigits,
  DEFAULT_PHONE_COUNTRY,
  formatNational,
  isValidPhone,
  MAX_PHONE_DIGITS,
  maxNationalDigits,
  parseTyped,
  toE164,
} from './phone-number';

describe('phone numbers', () => {
  it('defaults to India and sends + followed by the digits', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('IN');
    expect(toE164({ country: 'IN', national: '9876543210' })).toBe('+919876543210');
    expect(toE164({ country: 'GB', national: '2079460958' })).toBe('+442079460958');
  });

  it("lays the digits out by the country's mask", () => {
    expect(formatNational('IN', '9876543210')).toBe('98765 43210');
    expect(formatNational('IN', '98765')).toBe('98765');
    expect(formatNational('GB', '2079460958')).toBe('20 7946 0958');
    expect(formatNational('US', '2015550123')).toBe('201 555 0123');
    expect(formatNational('IN', '')).toBe('');
  });

  it('caps the number at 15 digits with the country code', () => {
    expect(MAX_PHONE_DIGITS).toBe(15);
    expect(maxNationalDigits('IN')).toBe(13);
    expect(maxNationalDigits('US')).toBe(14);
    expect(parseTyped('1234567890123456789', 'IN').national).toBe('1234567890123');
    expect(toE164(parseTyped('9'.repeat(30), 'AE')).length).toBe(16); // "+" and 15 digits
  });

  it('keeps only digits of what is typed', () => {
    expect(parseTyped('98765 43210', 'IN')).toEqual({ country: 'IN', national: '9876543210' });
    expect(parseTyped('(201) 555-0123', 'US')).toEqual({ country: 'US', national: '2015550123' });
    expect(parseTyped('abc', 'IN')).toEqual({ country: 'IN', national: '' });
  });

  it('switches country when a full international number is pasted', () => {
    expect(parseTyped('+44 20 7946 0958', 'IN')).toEqual({ country: 'GB', national: '2079460958' });
    expect(parseTyped('0049 30 1234567', 'IN')).toEqual({ country: 'DE', national: '301234567' });
    expect(parseTyped('+91 98765 43210', 'IN')).toEqual({ country: 'IN', national: '9876543210' });
  });

  it('validates with libphonenumber-js', () => {
    expect(isValidPhone({ country: 'IN', national: '9876543210' })).toBe(true);
    expect(isValidPhone({ country: 'IN', national: '98765' })).toBe(false);
    expect(isValidPhone({ country: 'IN', national: '' })).toBe(false);
    expect(isValidPhone({ country: 'GB', national: '2079460958' })).toBe(true);
    expect(isValidPhone({ country: 'US', national: '2015550123' })).toBe(true);
    expect(isValidPhone({ country: 'US', national: '20155501234' })).toBe(false);
  });

  it('finds where the caret goes after reformatting', () => {
    expect(caretAfterDigits('98765 43210', 5)).toBe(5);
    expect(caretAfterDigits('98765 43210', 6)).toBe(7);
    expect(caretAfterDigits('98765 43210', 0)).toBe(0);
    expect(caretAfterDigits('98765', 9)).toBe(5);
  });
});

describe('countries', () => {
  it('has an English name and the calling code of every country', () => {
    const india = countryOptions().find((option) => option.code === 'IN');
    expect(india).toEqual({ code: 'IN', name: 'India', callingCode: '91' });
    expect(countryOptions().length).toBeGreaterThan(200);
  });

  it('searches by name, code or calling code', () => {
    const all = countryOptions();
    const names = (query: string) => searchCountries(all, query).map((option) => option.code);
    expect(names('united k')).toEqual(['GB']);
    expect(names('INDIA')).toEqual(['IN', 'IO']);
    expect(names('+44')).toEqual(expect.arrayContaining(['GB', 'GG', 'IM', 'JE']));
    expect(names('91')).toEqual(['IN']);
    expect(names('de')).toContain('DE');
    expect(names('curacao')).toEqual(['CW']); // accents ignored
    expect(names('zzzz')).toEqual([]);
    expect(names('  ')).toHaveLength(all.length);
  });
});
