import { describe, expect, it } from 'vitest';
import { csvFileName } from './download-file';
import { type CsvColumn, csvCell, toCsv, UTF8_BOM } from './to-csv';

interface Row {
  name: string;
  count: number;
  note?: string | null;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Count', value: (row) => row.count },
  { header: 'Note', value: (row) => row.note },
];

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('Asha Rao')).toBe('Asha Rao');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('true');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks (RFC 4180), doubling inner quotes', () => {
    expect(csvCell('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
    expect(csvCell('"')).toBe('""""');
  });

  it('writes numbers, and text that is a plain number, without an apostrophe', () => {
    expect(csvCell('-3')).toBe('-3');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('0042')).toBe('0042');
    expect(csvCell(-0.5)).toBe('-0.5');
  });

  it('quotes an international phone number the way spreadsheets expect, since it starts with "+"', () => {
    expect(csvCell('+919876543210')).toBe('"\'+919876543210"');
    expect(csvCell('+91 98765 43210')).toBe('"\'+91 98765 43210"');
    expect(csvCell('+1 (415) 555-2671')).toBe('"\'+1 (415) 555-2671"');
  });

  it('neutralises text a spreadsheet would run as a formula: an apostrophe inside a quoted cell', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe('"\'=SUM(A1:A2)"');
    expect(csvCell('+A1')).toBe('"\'+A1"');
    expect(csvCell('-2+3')).toBe('"\'-2+3"');
    expect(csvCell('@cmd')).toBe('"\'@cmd"');
    expect(csvCell('\tx')).toBe('"\'\tx"');
    expect(csvCell('\rx')).toBe('"\'\rx"');
    // Both at once: the quote prefix goes inside the RFC 4180 quotes.
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    // Only the first character matters.
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(' =b')).toBe(' =b');
  });
});

describe('toCsv', () => {
  it('writes a BOM, the header and one CRLF-ended line per row', () => {
    const csv = toCsv<Row>(
      [
        { name: 'Asha', count: 2, note: 'ok' },
        { name: 'Ravi, K', count: 0, note: null },
      ],
      columns,
    );
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('Name,Count,Note\r\nAsha,2,ok\r\n"Ravi, K",0,\r\n');
  });

  it('keeps non-ASCII text as it is', () => {
    expect(toCsv([{ name: 'प्रिया 😀', count: 1 }], columns)).toBe(
      `${UTF8_BOM}Name,Count,Note\r\nप्रिया 😀,1,\r\n`,
    );
  });

  it('has only the header when there are no rows', () => {
    expect(toCsv([], columns)).toBe(`${UTF8_BOM}Name,Count,Note\r\n`);
  });
});

describe('csvFileName', () => {
  it('names the file by prefix and local date', () => {
    expect(csvFileName('agents', new Date(2024, 2, 5, 14, 7))).toBe('agents-2024-03-05.csv');
  });
});
