import { describe, expect, it } from 'vitest';
import { reportRow } from '@/features/reports/testing/report-fixtures';
import { FIGURES, figureChange, formatFigure } from './report-figures';

describe('report figures', () => {
  it('reads durations, shares and ratings for people, and a dash when there is none', () => {
    const row = reportRow();
    expect(formatFigure('duration', FIGURES.firstMedian.read(row))).toBe('12 min');
    expect(formatFigure('duration', FIGURES.firstP90.read(row))).toBe('3 h 5 min');
    expect(formatFigure('share', FIGURES.slaFirst.read(row))).toBe('90%');
    expect(FIGURES.slaFirst.detail(row)).toBe('27 of 30 in time');
    expect(formatFigure('share', FIGURES.slaResolution.read(row))).toBe('—');
    expect(FIGURES.slaResolution.detail(row)).toBe('No SLA targets');
    expect(formatFigure('rating', FIGURES.satisfaction.read(row))).toBe('4.3 / 5');
    expect(FIGURES.satisfaction.detail(row)).toBe('12 of 20 answered (60%)');
    expect(formatFigure('share', FIGURES.satisfactionAnswered.read(row))).toBe('60%');
    const none = reportRow({
      first_response: { count: 0, p50_seconds: null, p90_seconds: null },
      csat: { asked: 3, responses: 0, average: null },
    });
    expect(formatFigure('duration', FIGURES.firstMedian.read(none))).toBe('—');
    expect(FIGURES.firstMedian.detail(none)).toBe('No first responses yet');
    expect(FIGURES.satisfaction.read(none)).toBeNull();
    // Asked but never answered: no average, and none of the polls answered.
    expect(FIGURES.satisfactionAnswered.read(none)).toBe(0);
    expect(
      FIGURES.satisfactionAnswered.read(reportRow({ csat: { asked: 0, responses: 0, average: null } })),
    ).toBeNull();
  });

  it('compares with the period before: a share for counts, the time for durations, points for SLA', () => {
    const now = reportRow();
    const before = reportRow({
      tickets_opened: 50,
      tickets_closed: 20,
      first_response: { count: 30, p50_seconds: 900, p90_seconds: 11_100 },
      sla: { ...now.sla, first_response: { met: 20, total: 25 } },
    });
    expect(figureChange(FIGURES.opened, now, before)).toEqual({
      direction: 'down',
      amount: '20%',
      tone: 'neutral',
      spoken: 'Down 20% on the period before.',
    });
    expect(figureChange(FIGURES.closed, now, before)).toMatchObject({
      direction: 'up',
      amount: '50%',
      tone: 'good',
    });
    // Faster first answers are better: down 3 minutes reads as good.
    expect(figureChange(FIGURES.firstMedian, now, before)).toEqual({
      direction: 'down',
      amount: '3 min',
      tone: 'good',
      spoken: 'Down 3 min on the period before, better.',
    });
    expect(figureChange(FIGURES.firstP90, now, before)?.direction).toBe('same');
    expect(figureChange(FIGURES.slaFirst, now, before)).toMatchObject({ direction: 'up', amount: '10 pts' });
    expect(figureChange(FIGURES.slaResolution, now, before)).toBeNull();
    expect(figureChange(FIGURES.opened, now, null)).toBeNull();
    // From none, the number itself.
    expect(figureChange(FIGURES.reopened, now, reportRow({ tickets_reopened: 0 }))).toMatchObject({
      direction: 'up',
      amount: '4',
      tone: 'bad',
    });
  });
});
