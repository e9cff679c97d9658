import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChatStrict } from './parse-chat';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

// Fragments of real headers, so random strings reach deep into the scanner, not just its first check.
const fragment = fc.constantFrom(
  '12/01/2024, ',
  '1/13/24',
  '2024. 1. 12. ',
  '10:00',
  '9.05.33',
  ' - ',
  '[',
  ']',
  ': ',
  '\u200e',
  '\u202f',
  '\u00a0',
  'PM',
  'p. m.',
  '오후 ',
  '٣',
  '۹',
  '\n',
  '\r\n',
  '<attached: ',
  '.jpg>',
  ' (file attached)',
  '<Media omitted>',
  '<This message was edited>',
  '~ ',
  '"',
  'klo ',
  '\ufeff',
  'Alice',
  '[14:56:01, ',
  '3/18/R4',
  'H31',
  '2565 BE',
  '13. 6. 2018. ',
  '06/2018/13',
  '\u2039\u200eaudio omitted>',
  '19:23, ',
  '28 Aug 2013',
  '18 Mar ',
  'Mar 5, ',
  'SEPTEMBER ',
  'may',
  ' in the morning',
  ' in the afternoon',
  ' in the evening',
  ' at night',
);
const headerish = fc
  .array(fc.oneof(fragment, fc.string({ maxLength: 3 })), { maxLength: 60 })
  .map((p) => p.join(''));

describe('parseChat never throws', () => {
  // 3,000 runs take ~2 s alone, longer on a busy machine: a generous limit, not a speed check.
  it('on arbitrary strings (without its safety net)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), headerish),
        fc.option(fc.boolean()),
        (text, dayFirst) => {
          const parsed = parseChatStrict(text, dayFirst === null ? {} : { dayFirst });
          expect(parsed.total_msgs).toBe(parsed.messages.length);
          for (const m of parsed.messages) {
            expect(m.date).toMatch(ISO);
          }
          expect(parsed.unique_authors).not.toContain('system');
        },
      ),
      { numRuns: 3000 },
    );
  }, 60_000);
});

describe('parseChat stays linear on adversarial input', () => {
  const mb = 1 << 20;
  const cases: [string, () => string][] = [
    [
      'digits and colons',
      () => {
        let seed = 7;
        let s = '';
        while (s.length < mb) {
          seed = (seed * 1103515245 + 12345) >>> 0;
          s += seed % 4 === 0 ? ':' : String(seed % 10);
        }
        return s;
      },
    ],
    ['near-headers without newlines', () => '1/1/1, 1:1 - '.repeat(mb / 13)],
    ['near-headers on lines', () => '12/12/2024, 12:12 -\n'.repeat(mb / 20)],
    ['brackets', () => '['.repeat(mb)],
    ['marks', () => '\u200e'.repeat(mb)],
    ['month names without a break', () => 'Sept'.repeat(mb / 4)],
    ['month-name near-headers on lines', () => 'September 12, 2024, 12:12 in the -\n'.repeat(mb / 36)],
    ['one message of parentheses', () => `12/01/2024, 10:00 - A: ${'x ('.repeat(mb / 3)}`],
    ['one message of angle brackets', () => `12/01/2024, 10:00 - A: ${'<a: b.jpg '.repeat(mb / 10)}`],
    ['a long author segment', () => `12/01/2024, 10:00 - ${'A'.repeat(mb)}: hi`],
    ['many continuation lines', () => `12/01/2024, 10:00 - A: x\n${'1:\n'.repeat(mb / 3)}`],
    // iOS marked lines that no table knows: each is held for the evidence rule and tried against
    // every system template.
    [
      'long marked lines in no known wording',
      () => `[1/1/24, 10:00:00] G: \u200e${'zorp quil '.repeat(99)}\n`.repeat(Math.floor(mb / 1020)),
    ],
    ['short marked lines', () => '[1/1/24, 10:00:00] A: \u200ezorp quil\n'.repeat(Math.floor(mb / 36))],
    [
      'quotes in marked lines',
      () => `[1/1/24, 10:00:00] G: \u200e${'"a" “b” '.repeat(120)}\n`.repeat(Math.floor(mb / 1000)),
    ],
  ];

  it.each(cases)('%s (1 MB) in well under a second', (_name, make) => {
    const text = make();
    const started = performance.now();
    parseChatStrict(text);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

// Generated chats rendered the way Android and iOS export them must parse back to the same messages.
const word = fc.constantFrom(
  'hello',
  'Ünïcödé',
  'привет',
  '你好',
  '😀',
  'https://example.com/a?b=c',
  '12:30',
  '3/4',
  'a:',
  'b',
  '(x)',
  '"quoted"',
  'end.',
  '–',
);
const line = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
const content = fc
  .array(fc.oneof({ weight: 5, arbitrary: line }, { weight: 1, arbitrary: fc.constant('') }), {
    minLength: 1,
    maxLength: 4,
  })
  .filter((lines) => lines[0] !== '' && lines[lines.length - 1] !== '')
  .map((lines) => lines.join('\n'));
const name = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('Alice', 'Bob', 'Émilie', 'Jörg', '李娜', 'Νίκος', 'أحمد'),
      fc.constantFrom('', ' Stone', ' Ng'),
    )
    .map(([a, b]) => a + b),
  fc.integer({ min: 1000000, max: 9999999 }).map((n) => `+49 151 ${n}`),
);
const stamp = fc.record({
  y: fc.integer({ min: 2009, max: 2035 }),
  m: fc.integer({ min: 1, max: 12 }),
  d: fc.integer({ min: 1, max: 28 }),
  h: fc.integer({ min: 0, max: 23 }),
  min: fc.integer({ min: 0, max: 59 }),
  s: fc.integer({ min: 0, max: 59 }),
});
const chat = fc.array(fc.record({ author: name, content, stamp }), { minLength: 1, maxLength: 30 });

const p2 = (n: number) => String(n).padStart(2, '0');
type Stamp = { y: number; m: number; d: number; h: number; min: number; s: number };
const iso = (t: Stamp, seconds: boolean) =>
  `${t.y}-${p2(t.m)}-${p2(t.d)}T${p2(t.h)}:${p2(t.min)}:${seconds ? p2(t.s) : '00'}`;
const wrapPhone = (author: string) => (author.startsWith('+') ? `\u202a${author}\u202c` : author);

function renderAndroid(t: Stamp, author: string, text: string): string {
  return `${p2(t.d)}/${p2(t.m)}/${t.y}, ${p2(t.h)}:${p2(t.min)} - ${wrapPhone(author)}: ${text}`;
}

function renderIos(t: Stamp, author: string, text: string): string {
  const h12 = t.h % 12 === 0 ? 12 : t.h % 12;
  const ampm = t.h < 12 ? 'AM' : 'PM';
  return `[${t.m}/${t.d}/${String(t.y).slice(2)}, ${h12}:${p2(t.min)}:${p2(t.s)}\u202f${ampm}] ${wrapPhone(author)}: ${text}`;
}

const clock = (t: Stamp) => `${p2(t.h)}:${p2(t.min)}:${p2(t.s)}`;

// Vietnamese iOS: the time before the date.
function renderTimeFirst(t: Stamp, author: string, text: string): string {
  return `[${clock(t)}, ${t.d}/${t.m}/${String(t.y).slice(2)}] ${wrapPhone(author)}: ${text}`;
}

// Japanese imperial era years: Reiwa from 2019, Heisei before.
function renderJapaneseEra(t: Stamp, author: string, text: string): string {
  const era = t.y >= 2019 ? `R${t.y - 2018}` : `H${t.y - 1988}`;
  return `[${t.m}/${t.d}/${era}, ${clock(t)}] ${wrapPhone(author)}: ${text}`;
}

// Thai: Buddhist era years, with or without `BE`.
function renderBuddhist(t: Stamp, author: string, text: string): string {
  const be = t.d % 2 === 0 ? ' BE' : '';
  return `[${t.d}/${t.m}/${t.y + 543}${be}, ${clock(t)}] ${wrapPhone(author)}: ${text}`;
}

// Spaced dotted date with a trailing dot and no separator before the author.
function renderDottedTrailing(t: Stamp, author: string, text: string): string {
  return `${t.d}. ${t.m}. ${t.y}. ${clock(t)} ${wrapPhone(author)}: ${text}`;
}

// Old iOS: a colon after the time.
function renderColonAfterTime(t: Stamp, author: string, text: string): string {
  return `${p2(t.d)}/${p2(t.m)}/${t.y} ${clock(t)}: ${wrapPhone(author)}: ${text}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
// Abbreviated, full, upper or lower case, chosen by the day so a chat mixes them.
function monthName(t: Stamp): string {
  const name = (t.d % 2 === 0 ? MONTHS : MONTHS_LONG)[t.m - 1] as string;
  return t.d % 3 === 0 ? name.toUpperCase() : t.d % 3 === 1 ? name : name.toLowerCase();
}
const clock12 = (t: Stamp) => `${t.h % 12 === 0 ? 12 : t.h % 12}:${p2(t.min)}`;

// Old Android: the time before a month-name date.
function renderMonthTimeFirst(t: Stamp, author: string, text: string): string {
  return `${p2(t.h)}:${p2(t.min)}, ${t.d} ${monthName(t)} ${t.y} - ${wrapPhone(author)}: ${text}`;
}

// Old Android, no year: day, month name, 24-hour time.
function renderMonthDayFirstYearless(t: Stamp, author: string, text: string): string {
  return `${t.d} ${monthName(t)} ${p2(t.h)}:${p2(t.min)} - ${wrapPhone(author)}: ${text}`;
}

// Old Android en-US: month name first, 12-hour clock, with the year.
function renderMonthFirst(t: Stamp, author: string, text: string): string {
  return `${monthName(t)} ${t.d}, ${t.y}, ${clock12(t)} ${t.h < 12 ? 'AM' : 'PM'} - ${wrapPhone(author)}: ${text}`;
}

// Old Android en-US, no year: `Mar 5, 8:11 PM`.
function renderMonthFirstYearless(t: Stamp, author: string, text: string): string {
  return `${monthName(t)} ${t.d}, ${clock12(t)} ${t.h < 12 ? 'am' : 'pm'} - ${wrapPhone(author)}: ${text}`;
}

// English time words instead of AM/PM.
function timeWords(h: number): string {
  if (h < 6 || h >= 21) return 'at night';
  if (h < 12) return 'in the morning';
  return h < 18 ? 'in the afternoon' : 'in the evening';
}
function renderTimeWords(t: Stamp, author: string, text: string): string {
  return `${p2(t.d)}/${p2(t.m)}/${t.y}, ${clock12(t)} ${timeWords(t.h)} - ${wrapPhone(author)}: ${text}`;
}

describe('generated chats round-trip', () => {
  it.each([
    ['Android', renderAndroid, true, false],
    ['iOS', renderIos, false, true],
    ['time before date', renderTimeFirst, true, true],
    ['Japanese era', renderJapaneseEra, false, true],
    ['Buddhist era', renderBuddhist, true, true],
    ['dotted with trailing dot', renderDottedTrailing, true, true],
    ['colon after time', renderColonAfterTime, true, true],
    ['month name, time first', renderMonthTimeFirst, true, false],
    ['month name, day first, no year', renderMonthDayFirstYearless, true, false, true],
    ['month name first', renderMonthFirst, false, false],
    ['month name first, no year', renderMonthFirstYearless, false, false, true],
    ['time words', renderTimeWords, true, false],
  ] as const)('%s', (_name, render, dayFirst, seconds, yearless: boolean = false) => {
    fc.assert(
      fc.property(chat, (messages) => {
        const text = messages.map((m) => render(m.stamp, m.author, m.content)).join('\n');
        // Without a year in the text, every date is in the reference year.
        const referenceYear = yearless ? (messages[0] as (typeof messages)[number]).stamp.y : undefined;
        const parsed = parseChatStrict(text, yearless ? { dayFirst, referenceYear } : { dayFirst });
        const stamp = (t: Stamp) => (referenceYear === undefined ? t : { ...t, y: referenceYear });
        expect(parsed.messages.map((m) => [m.author, m.content, m.date])).toEqual(
          messages.map((m) => [m.author, m.content, iso(stamp(m.stamp), seconds)]),
        );
        expect(parsed.unique_authors).toEqual([...new Set(messages.map((m) => m.author))]);
      }),
      { numRuns: 300 },
    );
  });
});
