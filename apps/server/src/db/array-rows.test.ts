import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/helpers/describe-each-database';
import { arrayRowsStatement, cachedUtcTextToIso, utcTextToIso } from './array-rows';

describe('utcTextToIso', () => {
  it('writes what Date#toISOString writes, or six digits for a cursor, truncating like to_char', () => {
    expect(utcTextToIso('2026-11-27 20:06:04', 3)).toBe('2026-11-27T20:06:04.000Z');
    expect(utcTextToIso('2026-11-27 20:06:04.5', 3)).toBe('2026-11-27T20:06:04.500Z');
    expect(utcTextToIso('2026-11-27 20:06:04.123987', 3)).toBe('2026-11-27T20:06:04.123Z');
    expect(utcTextToIso('2026-11-27 20:06:04.123987', 6)).toBe('2026-11-27T20:06:04.123987Z');
    expect(utcTextToIso('2026-11-27 20:06:04.1', 6)).toBe('2026-11-27T20:06:04.100000Z');
  });

  it('remembers conversions per precision without mixing them up', () => {
    for (let round = 0; round < 2; round++) {
      expect(cachedUtcTextToIso('2026-11-27 20:06:04.123987', 6)).toBe('2026-11-27T20:06:04.123987Z');
      expect(cachedUtcTextToIso('2026-11-27 20:06:04.123987', 3)).toBe('2026-11-27T20:06:04.123Z');
    }
    expect(() => cachedUtcTextToIso('27.11.2026 20:06:04', 3)).toThrow(/Not a PostgreSQL ISO timestamp/);
  });

  it('keeps a year past 9999 and infinity instead of failing the page that shows them', () => {
    expect(utcTextToIso('10000-01-01 00:00:00', 3)).toBe('10000-01-01T00:00:00.000Z');
    expect(utcTextToIso('12345-06-07 08:09:10.5', 6)).toBe('12345-06-07T08:09:10.500000Z');
    expect(utcTextToIso('infinity', 3)).toBe('infinity');
    expect(utcTextToIso('-infinity', 6)).toBe('-infinity');
  });

  it('refuses text in any other date style instead of writing a wrong time', () => {
    for (const text of [
      '11/27/2026 20:06:04',
      'Fri Nov 27 20:06:04 2026',
      '2026-11-27T20:06:04',
      '2026-11-27 20:06:04,5',
      '',
    ])
      expect(() => utcTextToIso(text, 3)).toThrow(/Not a PostgreSQL ISO timestamp/);
  });
});

describeEachDatabase('arrayRowsStatement', (ctx) => {
  it('answers rows as arrays in select order, placeholders filled, json parsed, named or not', async () => {
    const query = sql`select ${sql.placeholder('n')}::int + 1, 'a' || ${sql.placeholder('s')}::text,
      '[{"id":1}]'::json, null::int, (${sql.placeholder('at')}::timestamptz at time zone 'UTC')::text`;
    const at = new Date('2026-03-29T01:30:00.123Z');
    for (const name of [undefined, 'array_rows_test']) {
      const run = arrayRowsStatement(ctx.db, query, name);
      for (const n of [1, 41]) {
        const [row] = await run({ n, s: 'b', at: at.toISOString() });
        expect(row).toEqual([n + 1, 'ab', [{ id: 1 }], null, expect.any(String)]);
        // Whatever the session's TimeZone, `at time zone 'UTC'` gives the instant's UTC wall clock.
        expect(utcTextToIso(row?.[4] as string, 3)).toBe(at.toISOString());
      }
    }
  });
});
