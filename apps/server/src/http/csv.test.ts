import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';

describe('csvLine', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and ends with CRLF', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 12])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,12\r\n',
    );
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])).toBe(
      `"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1),'\tx,"'\rx"\r\n`,
    );
  });

  it('leaves numbers alone, negative ones too', () => {
    expect(csvLine([-5, 0])).toBe('-5,0\r\n');
  });
});
