import { afterEach, describe, expect, it } from 'vitest';
import { csvDateTime } from '@/shared/csv/to-csv';
import { formatDateTime } from './format';
import { displayTimeZone, setDisplayTimeZone } from './time-zone';

const AT = '2024-03-05T22:00:00Z';
/** What the browser's own zone shows for `AT`, whatever zone the tests run in. */
const inBrowser = () =>
  new Intl.DateTimeFormat('en-IN', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(AT));

describe('times in the member’s time zone', () => {
  afterEach(() => setDisplayTimeZone(null));

  it('formats screens’ times and exported times in the chosen zone', () => {
    setDisplayTimeZone('Asia/Kolkata');
    expect(formatDateTime(AT)).toBe('6 Mar 2024, 03:30 am');
    expect(csvDateTime(AT)).toBe('2024-03-06 03:30');
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatDateTime(AT)).toBe('5 Mar 2024, 02:00 pm');
    expect(csvDateTime(AT)).toBe('2024-03-05 14:00');
    expect(csvDateTime('2024-03-05T08:00:00Z')).toBe('2024-03-05 00:00');
  });

  it('goes back to the browser’s zone when none is chosen or the browser does not know the one saved', () => {
    setDisplayTimeZone('Asia/Kolkata');
    setDisplayTimeZone(null);
    expect(displayTimeZone()).toBeUndefined();
    expect(formatDateTime(AT)).toBe(inBrowser());
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(displayTimeZone()).toBeUndefined();
    expect(formatDateTime(AT)).toBe(inBrowser());
  });
});
