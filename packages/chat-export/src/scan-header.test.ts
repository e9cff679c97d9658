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
    ['12/03/2015 10:15: Anna: hello', { p1: 12, p2: 3, p3: 2015, hour: 10, minute: 15, rest: 18 }],
    // Time before the date (Vietnamese iOS).
    [
      '[14:56:01, 3/18/22] A: x',
      { p1: 3, p2: 18, p3: 22, hour: 14, minute: 56, second: 1, bracket: true, rest: 20 },
    ],
    ['[2:56:01 PM, 3/18/22] A: x', { p1: 3, p2: 18, hour: 14, usHint: true }],
    ['14:56, 18/3/2022 - A: x', { p1: 18, p2: 3, p3: 2022, hour: 14, bracket: false }],
    // Japanese era years, stored as Gregorian years.
    ['[3/18/R4, 14:56:01] A: x', { p1: 3, p2: 18, p3: 2022, yearFirst: false, rest: 20 }],
    ['[3/18/R1, 14:56:01] A: x', { p3: 2019 }],
    ['[3/18/H31, 14:56:01] A: x', { p3: 2019, rest: 21 }],
    ['[3/18/H1, 14:56:01] A: x', { p3: 1989 }],
    ['[R4/3/18 14:56:01] A: x', { p1: 2022, p2: 3, p3: 18, yearFirst: true }],
    // Buddhist era years, stored as Gregorian years.
    ['[3/18/2565 BE, 14:56:01] A: x', { p1: 3, p2: 18, p3: 2022, rest: 25 }],
    ['[18/3/2565, 14:56:01] A: x', { p1: 18, p2: 3, p3: 2022 }],
    ['18/3/2565 B.E. 14:56 - A: x', { p3: 2022 }],
    ['18/3/65 BE, 14:56 - A: x', { p3: 2022 }],
    ['2565-03-18 14:56 - A: x', { p1: 2022, yearFirst: true }],
    // Spaced dotted date with a trailing dot, no separator before the author.
    ['13. 6. 2018. 21:25:15 a: m', { p1: 13, p2: 6, p3: 2018, hour: 21, second: 15, rest: 22 }],
    ['13. 6. 2018. 21:25:15 de: m', { hour: 21, rest: 22 }],
    ['13. 6. 2018. 21:25 - a: m', { hour: 21, rest: 21 }],
    // Year in the middle: day and month around it.
    ['[06/2018/13, 21:25:15] a: m', { p1: 6, p2: 13, p3: 2018, yearFirst: false }],
    // English month names, stored as year-first dates; year -1 when none is written.
    ['19:23, 28 Aug 2013 - A: x', { p1: 2013, p2: 8, p3: 28, yearFirst: true, hour: 19, rest: 21 }],
    ['10:46, 15 feb - A: x', { p1: -1, p2: 2, p3: 15, hour: 10, minute: 46 }],
    ['Mar 5, 8:11 PM - A: x', { p1: -1, p2: 3, p3: 5, yearFirst: true, hour: 20, usHint: false, rest: 17 }],
    ['SEPTEMBER 30, 2015, 12:01 AM - A: x', { p1: 2015, p2: 9, p3: 30, hour: 0 }],
    ['Sept 3 2015 9:05 - A: x', { p1: 2015, p2: 9, p3: 3, hour: 9 }],
    ['18 Mar 12:14 - A: x', { p1: -1, p2: 3, p3: 18, hour: 12, minute: 14 }],
    ['7 August 2014 23:12 - A: x', { p1: 2014, p2: 8, p3: 7, hour: 23 }],
    ['[28 Aug 2013, 19:23:05] A: x', { p1: 2013, p2: 8, p3: 28, second: 5, bracket: true }],
    // English time words in place of AM/PM.
    ['03/01/2021, 9:15 in the morning - A: x', { hour: 9, rest: 34 }],
    ['03/01/2021, 12:05 in the afternoon - A: x', { hour: 12 }],
    ['03/01/2021, 3:07 in the afternoon - A: x', { hour: 15 }],
    ['03/01/2021, 7:45 in the evening - A: x', { hour: 19 }],
    ['03/01/2021, 11:30 at night - A: x', { hour: 23 }],
    ['03/01/2021, 12:30 at night - A: x', { hour: 0 }],
    ['03/01/2021, 2:10 at night - A: x', { hour: 2 }],
  ])('reads %j', (line, expected) => {
    expect(scan(line)).toMatchObject(expected);
  });

  it.each([
    'hello',
    '',
    'May I ask?',
    '14 Jan - Acme (10 am to 2 pm)',
    '8 Sep 2020: last day',
    'Mar 5 is my birthday',
    'Marc 5, 8:11 PM - A: x',
    'Mar5, 8:11 PM - A: x',
    '45 Marks, 8:11 PM - A: x',
    '03/01/2021, 9:15 in the night - A: x',
    '03/01/2021, 13:15 in the evening - A: x',
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
    '[14:56:01, 3/18/22 A: x',
    '14:56:01 is the time',
    '[14.56.01, 3/18/22] A: x',
    '[3/18/R0, 14:56:01] A: x',
    '[3/18/H32, 14:56:01] A: x',
    '[3/18/X4, 14:56:01] A: x',
    '[3/18/R, 14:56:01] A: x',
    '[3/18/2022 BE, 14:56:01] A: x',
    '[3/18/2565 BEE, 14:56:01] A: x',
    '13.6.2018 21:25:15 a: m',
    '[13. 6. 2018. 21:25:15 a: m',
    '13. 6. 2018. 21:25:15  a: m',
    '13. 6. 2018. 21:25:15 ',
    '06/201/13, 21:25 - a: m',
    '2018/2018/13, 21:25 - a: m',
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
      'R4',
      'H31',
      '2565',
      ' BE',
      '13. 6. 2018. ',
      '14:56:01, ',
      '06/2018/13',
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
          '3/18/R4',
          'R4/3/18',
          '18/3/2565',
          '18/3/2565 BE',
          '2565-03-18',
          '13. 6. 2018.',
          '06/2018/13',
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

describe('scanHeader on time-first headers', () => {
  it('reads the same header as the date-first form', () => {
    const parts = fc.record({
      bracket: fc.boolean(),
      date: fc.constantFrom('3/18/22', '18/3/2022', '3/18/R4', '18.03.2565', '2022-03-18'),
      time: fc.constantFrom('14:56:01', '9:05', '0:00:00', '23:59'),
      close: fc.constantFrom(' - ', ': '),
    });
    fc.assert(
      fc.property(parts, (h) => {
        const end = h.bracket ? '] ' : h.close;
        const open = h.bracket ? '[' : '';
        const timeFirst = scan(`${open}${h.time}, ${h.date}${end}A: x`);
        const dateFirst = scan(`${open}${h.date}, ${h.time}${end}A: x`);
        expect(timeFirst).not.toBeNull();
        expect(dateFirst).not.toBeNull();
        expect({ ...timeFirst, rest: 0 }).toEqual({ ...dateFirst, rest: 0 });
      }),
      { numRuns: 500 },
    );
  });
});
