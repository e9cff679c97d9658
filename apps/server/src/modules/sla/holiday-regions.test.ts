import { describe, expect, it } from 'vitest';
import { isHolidayRegion, publicHolidays } from './holiday-regions';

describe('public-holiday regions', () => {
  it('knows countries and their states, and nothing else', () => {
    for (const code of ['DE', 'DE-BY', 'IN', 'US-NY']) expect(isHolidayRegion(code), code).toBe(true);
    for (const code of ['XX', 'DE-XX', 'DE-BY-1', '', 'de']) expect(isHolidayRegion(code), code).toBe(false);
  });

  it("lists a year's public holidays as local dates, the state's own included", () => {
    const bavaria = publicHolidays('DE-BY', 2026);
    expect(bavaria).toContain('2026-12-25');
    expect(bavaria).toContain('2026-01-06'); // Epiphany: Bavaria's, not Berlin's
    expect(publicHolidays('DE-BE', 2026)).not.toContain('2026-01-06');
    expect(publicHolidays('XX', 2026)).toEqual([]);
  });
});
