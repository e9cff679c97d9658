import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyHeader, scanHeader, scanHeaderGeneral } from './scan-header';

function scan(line: string) {
  const out = emptyHeader();
  return scanHeader(line, 0, line.length, out) ? out : null;
}

describe('scanHeader', () => {
  it.each([
    [
      '12/01/2024, 21:05 - A: x',
      { p1: 12, p2: 1, p3: 2024, hour: 21, minute: 5, second: 0, bracket: false, rest: 20 },
    ],
    ['[12/01/2024, 21:05:09] A: x', { p1: 12, p2: 1, p3: 2024, second: 9, bracket: true, rest: 23 }],
    ['2024. 01. 12. 21:05 - A: x', { p1: 2024, p2: 1, p3: 12, yearFirst: true }],
    ['12.1.2024 klo 21.05 - A: x', { p1: 12, p2: 1, p3: 2024, hour: 21, minute: 5 }],
    ['12/01/2024 à 21:05 - A: x', { hour: 21, minute: 5 }],
    ['1/5/24, 9:03\u202fPM - A: x', { p1: 1, p2: 5, p3: 24, hour: 21, usHint: true }],
    ['1/5/24, 9:03 p.\u00a0m. - A: x', { hour: 21, usHint: false }],
    ['2024. 1. 12. 오후 9:05 - A: x', { hour: 21 }],
    ['[2024/01/13 午前0:15:00] A: x', { hour: 0, minute: 15 }],
    ['\u200f١٢\u200f/١\u200f/٢٠٢٤، ٩:٠٥ م - A: x', { p1: 12, p2: 1, p3: 2024, hour: 21 }],
    ['12.01.24, 3:15 nachm. - A: x', { hour: 15 }],
    ['12/1/24, 9:05 μ.μ. - A: x', { hour: 21 }],
    ['12/01/2024, 21:05 – A: x', { hour: 21 }],
    ['12/01/2024, 21:05:09: A: x', { second: 9 }],
  ])('reads %j', (line, expected) => {
    expect(scan(line)).toMatchObject(expected);
  });

  it.each([
    'hello',
    '',
    '12/01/2024 is a date',
    '12/01/2024, 21:05',
    '12/01/2024, 25:05 - A: x',
    '12/01/2024, 21:65 - A: x',
    '12/01/2024, 1:05 XM - A: x',
    '12/01/2024, 21:05 Uhr - A: x',
    '123/01/2024, 21:05 - A: x',
    '12/01/202, 21:05 - A: x',
    '12/01-2024, 21:05 - A: x',
    '[12/01/2024, 21:05 - A: x',
    '12/01/2024, 21:05 -A: x',
    '2024/01/2024, 21:05 - A: x',
  ])('rejects %j', (line) => {
    expect(scan(line)).toBeNull();
  });

  it('fast path and general scanner agree on every line', () => {
    const part = fc.constantFrom(
      '1',
      '12',
      '2024',
      '24',
      '123',
      '/',
      '.',
      '-',
      ':',
      ' ',
      ',',
      '[',
      ']',
      ' - ',
      'PM',
      '\u202f',
      '\u200e',
      '٣',
      'klo ',
      'A: x',
      '12/01/2024',
      '2024. 01. 12.',
      '2024-1-12',
      '12.1.24',
      '21:05',
      '9.05.33',
      '23:59:59',
      '] ',
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const line = parts.join('');
        const fast = emptyHeader();
        const general = emptyHeader();
        const a = scanHeader(line, 0, line.length, fast);
        const b = scanHeaderGeneral(line, 0, line.length, general);
        expect(a).toBe(b);
        if (a) expect(fast).toEqual(general);
      }),
      { numRuns: 20000 },
    );
  });
});

describe('scanHeader on well-formed headers', () => {
  it('fast path and general scanner agree', () => {
    const header = fc
      .record({
        bracket: fc.boolean(),
        date: fc.constantFrom(
          '12/01/2024',
          '1/5/24',
          '2024. 01. 12.',
          '2024-01-12',
          '12.01.24',
          '31.12.2023',
        ),
        comma: fc.constantFrom(', ', ' ', ',  '),
        time: fc.constantFrom('21:05', '9:05', '21.05', '00:00:00', '23:59:59', '24:00', '12:05:01'),
        meridiem: fc.constantFrom(
          '',
          ' AM',
          '\u202fPM',
          '\u00a0am',
          ' pm',
          ' Pm',
          ' P',
          ' PMX',
          '  AM',
          ' a.m.',
        ),
        mark: fc.constantFrom('', '', '\u200e', '\u200f'),
        close: fc.constantFrom(' - ', '] ', ' -', ': ', ' – '),
      })
      .map((h) => `${h.mark}${h.bracket ? '[' : ''}${h.date}${h.comma}${h.time}${h.meridiem}${h.close}A: x`);
    let accepted = 0;
    fc.assert(
      fc.property(header, (line) => {
        const fast = emptyHeader();
        const general = emptyHeader();
        const a = scanHeader(line, 0, line.length, fast);
        expect(a).toBe(scanHeaderGeneral(line, 0, line.length, general));
        if (a) {
          accepted++;
          expect(fast).toEqual(general);
        }
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(300);
  });
});
