import { describe, expect, it } from 'vitest';
import { formatNameOrPhone, formatPhone } from './phone';

describe('formatPhone', () => {
  it('shows numbers in international format with spaces', () => {
    expect(formatPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671');
  });

  it("reads WhatsApp's bare digits and already formatted numbers alike", () => {
    expect(formatPhone('919876543210')).toBe('+91 98765 43210');
    expect(formatPhone('+91 98765-43210')).toBe('+91 98765 43210');
  });

  it('falls back to "+" and the digits when the number cannot be laid out', () => {
    expect(formatPhone('99912345')).toBe('+99912345');
    expect(formatPhone('+9112')).toBe('+9112');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('unknown')).toBe('unknown');
  });
});

describe('formatNameOrPhone', () => {
  it('formats a number standing for a name and leaves names alone', () => {
    expect(formatNameOrPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatNameOrPhone('919876543210')).toBe('+91 98765 43210');
    expect(formatNameOrPhone('Priya Raman')).toBe('Priya Raman');
    expect(formatNameOrPhone('Room 101')).toBe('Room 101');
  });
});
