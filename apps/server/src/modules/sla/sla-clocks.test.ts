import type { BusinessCalendar } from '@wadesk/business-time';
import { describe, expect, it } from 'vitest';
import { type ClockPolicy, slaClocks, type TicketMoment } from './sla-clocks';

// Berlin office hours; 2026-01-09 is a Friday (CET, UTC+1).
const OFFICE: BusinessCalendar = {
  timeZone: 'Europe/Berlin',
  week: Object.fromEntries(
    (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => [day, [{ from: '09:00', to: '17:00' }]]),
  ),
};
const at = (local: string) => Date.parse(`${local}+01:00`);
const POLICY: ClockPolicy = {
  firstResponseMinutes: 60,
  nextResponseMinutes: 30,
  resolutionMinutes: 8 * 60,
  calendar: 'business',
  pauseWhilePending: true,
};
const NOW = at('2026-01-14T12:00:00');
const of = (clocks: ReturnType<typeof slaClocks>, kind: string) =>
  clocks.filter((clock) => clock.kind === kind);

describe('slaClocks', () => {
  it('counts the first response in business time, across the weekend, to the first human reply', () => {
    const moments: TicketMoment[] = [
      { at: at('2026-01-09T16:30:00'), kind: 'customer' },
      // The out-of-hours reply is automatic: it stops nothing.
      { at: at('2026-01-09T16:30:05'), kind: 'automatic' },
      { at: at('2026-01-12T09:20:00'), kind: 'staff', by: { userId: 7, name: 'Ravi' } },
    ];
    const [first] = of(slaClocks(moments, POLICY, OFFICE, NOW), 'first_response');
    expect(first).toEqual({
      kind: 'first_response',
      cycle: 0,
      startedAt: at('2026-01-09T16:30:00'),
      dueAt: at('2026-01-12T09:30:00'),
      // No lead asked for: "due soon" at the due time itself.
      warnAt: at('2026-01-12T09:30:00'),
      paused: false,
      stoppedAt: at('2026-01-12T09:20:00'),
      // Credited to whoever answered.
      stoppedBy: { userId: 7, name: 'Ravi' },
      businessSeconds: 50 * 60,
      wallSeconds: (at('2026-01-12T09:20:00') - at('2026-01-09T16:30:00')) / 1000,
      officeSeconds: 50 * 60,
      targeted: true,
      met: true,
    });
    // A 15-minute lead in business time: Monday 09:15, not 15 minutes of the weekend before 09:30.
    const [warned] = of(slaClocks(moments, POLICY, OFFICE, NOW, 15 * 60), 'first_response');
    expect(warned?.warnAt).toBe(at('2026-01-12T09:15:00'));
    // A lead longer than the target warns at the first counted second (here the start is in business time).
    const [early] = of(slaClocks(moments, POLICY, OFFICE, NOW, 24 * 3600), 'first_response');
    expect(early?.warnAt).toBe(at('2026-01-09T16:30:01'));
    // Opened on a Saturday: not "due soon" before Monday's first business second.
    const weekend = slaClocks(
      [{ at: at('2026-01-10T11:00:00'), kind: 'customer' }],
      POLICY,
      OFFICE,
      NOW,
      24 * 3600,
    );
    expect(of(weekend, 'first_response')[0]?.warnAt).toBe(at('2026-01-12T09:00:01'));
    // On wall time the same reply is two and a half days late.
    const wall = of(slaClocks(moments, { ...POLICY, calendar: 'wall' }, OFFICE, NOW), 'first_response')[0];
    expect(wall?.dueAt).toBe(at('2026-01-09T17:30:00'));
    expect(wall?.met).toBe(false);
  });

  it('starts a next-response clock at the first of a customer’s messages after a reply, one per wait', () => {
    const moments: TicketMoment[] = [
      { at: at('2026-01-12T10:00:00'), kind: 'customer' },
      { at: at('2026-01-12T10:05:00'), kind: 'staff' },
      { at: at('2026-01-12T11:00:00'), kind: 'customer' },
      { at: at('2026-01-12T11:10:00'), kind: 'customer' },
      { at: at('2026-01-12T11:45:00'), kind: 'staff' },
      { at: at('2026-01-12T16:50:00'), kind: 'customer' },
    ];
    const next = of(slaClocks(moments, POLICY, OFFICE, at('2026-01-13T09:05:00')), 'next_response');
    expect(next.map((c) => [c.cycle, c.startedAt, c.stoppedAt, c.met, c.businessSeconds])).toEqual([
      [0, at('2026-01-12T11:00:00'), at('2026-01-12T11:45:00'), false, 45 * 60],
      // Still waiting: 10 minutes on Monday and 5 on Tuesday so far; due at 09:20 on Tuesday.
      [1, at('2026-01-12T16:50:00'), null, null, 15 * 60],
    ]);
    expect(next[1]?.dueAt).toBe(at('2026-01-13T09:20:00'));
  });

  it('pauses resolution while Pending when the policy says so, and starts a new cycle on reopening', () => {
    const moments: TicketMoment[] = [
      { at: at('2026-01-12T09:00:00'), kind: 'customer' },
      { at: at('2026-01-12T10:00:00'), kind: 'staff' },
      { at: at('2026-01-12T10:00:00'), kind: 'pending' },
      { at: at('2026-01-12T13:00:00'), kind: 'customer' },
      { at: at('2026-01-12T13:00:00'), kind: 'resumed' },
      { at: at('2026-01-12T14:00:00'), kind: 'closed' },
      { at: at('2026-01-13T10:00:00'), kind: 'customer' },
      { at: at('2026-01-13T10:00:00'), kind: 'reopened' },
    ];
    const resolution = of(slaClocks(moments, POLICY, OFFICE, at('2026-01-13T11:00:00')), 'resolution');
    expect(resolution.map((c) => [c.cycle, c.startedAt, c.stoppedAt, c.businessSeconds, c.met])).toEqual([
      // 5 h open, 3 of them Pending: 2 business hours.
      [0, at('2026-01-12T09:00:00'), at('2026-01-12T14:00:00'), 2 * 3600, true],
      [1, at('2026-01-13T10:00:00'), null, 3600, null],
    ]);
    expect(resolution[0]?.wallSeconds).toBe(5 * 3600);
    expect(resolution[1]?.dueAt).toBe(at('2026-01-14T10:00:00'));
    // Without the pause the Pending hours count.
    const unpaused = of(
      slaClocks(moments, { ...POLICY, pauseWhilePending: false }, OFFICE, NOW),
      'resolution',
    );
    expect(unpaused[0]?.businessSeconds).toBe(5 * 3600);
  });

  it('a ticket still Pending has its due time moved by the wait so far', () => {
    const moments: TicketMoment[] = [
      { at: at('2026-01-12T09:00:00'), kind: 'customer' },
      { at: at('2026-01-12T09:30:00'), kind: 'pending' },
    ];
    const [resolution] = of(slaClocks(moments, POLICY, OFFICE, at('2026-01-12T12:30:00')), 'resolution');
    // 30 minutes counted; 7.5 h left from now.
    expect(resolution?.businessSeconds).toBe(30 * 60);
    expect(resolution?.dueAt).toBe(at('2026-01-13T12:00:00'));
    // Paused: no warning is due while it waits on the customer; back from Pending it runs again.
    expect(resolution?.paused).toBe(true);
    const resumed = of(
      slaClocks(
        [...moments, { at: at('2026-01-12T12:30:00'), kind: 'resumed' }],
        POLICY,
        OFFICE,
        at('2026-01-12T13:00:00'),
      ),
      'resolution',
    )[0];
    expect(resumed?.paused).toBe(false);
    expect(resumed?.dueAt).toBe(at('2026-01-13T12:00:00'));
  });

  it('a first contact from staff answers nothing: the customer’s first message starts only the first response', () => {
    const moments: TicketMoment[] = [
      { at: at('2026-01-12T09:00:00'), kind: 'staff' },
      { at: at('2026-01-12T09:30:00'), kind: 'customer' },
      { at: at('2026-01-12T09:40:00'), kind: 'staff' },
    ];
    const clocks = slaClocks(moments, POLICY, OFFICE, NOW);
    expect(clocks.map((c) => [c.kind, c.businessSeconds, c.met])).toEqual([
      ['first_response', 10 * 60, true],
      // Monday 7.5 h, Tuesday 8 h, Wednesday 3 h until now.
      ['resolution', 18.5 * 3600, null],
    ]);
  });

  it('a calendar with no business time leaves the due time unknown instead of failing', () => {
    const closed: BusinessCalendar = { timeZone: 'Europe/Berlin', week: {} };
    const [first] = slaClocks([{ at: at('2026-01-12T09:00:00'), kind: 'customer' }], POLICY, closed, NOW);
    expect(first).toMatchObject({ kind: 'first_response', dueAt: null, businessSeconds: 0, met: null });
  });

  it('has no clock for a target left empty, and none at all before a customer wrote', () => {
    const moments: TicketMoment[] = [{ at: at('2026-01-12T09:00:00'), kind: 'customer' }];
    const clocks = slaClocks(
      moments,
      { ...POLICY, firstResponseMinutes: null, resolutionMinutes: null },
      OFFICE,
      NOW,
    );
    expect(clocks).toEqual([]);
    expect(slaClocks([{ at: at('2026-01-12T09:00:00'), kind: 'staff' }], POLICY, OFFICE, NOW)).toEqual([]);
  });

  // Reports measure every clock (decision 0029): one without a target has no due time and is neither met nor
  // missed, and office seconds count the business hours even under a policy on wall time.
  it('measures the clocks without a target too when asked, and office seconds whatever the calendar', () => {
    const moments: TicketMoment[] = [
      { at: at('2026-01-09T16:30:00'), kind: 'customer' },
      { at: at('2026-01-12T09:20:00'), kind: 'staff', by: { userId: 7, name: 'Ravi' } },
    ];
    const wall = { ...POLICY, calendar: 'wall' as const, resolutionMinutes: null };
    expect(slaClocks(moments, wall, OFFICE, NOW).map((c) => c.kind)).toEqual(['first_response']);
    const clocks = slaClocks(moments, wall, OFFICE, NOW, 0, true);
    expect(clocks.map((c) => [c.kind, c.targeted, c.dueAt === null, c.met])).toEqual([
      ['first_response', true, false, false],
      ['resolution', false, true, null],
    ]);
    const [first] = clocks;
    expect(first?.businessSeconds).toBe(first?.wallSeconds);
    expect(first?.officeSeconds).toBe(50 * 60);
  });
});

describe('slaClocks on closing', () => {
  it('stops the response clocks a closed ticket still ran, and a reopened ticket’s customer starts a next response', () => {
    const moments: TicketMoment[] = [
      { at: at('2026-01-12T09:00:00'), kind: 'customer' },
      { at: at('2026-01-12T11:00:00'), kind: 'closed' },
      { at: at('2026-01-12T12:00:00'), kind: 'reopened' },
      { at: at('2026-01-12T12:00:00'), kind: 'customer' },
    ];
    const clocks = slaClocks(moments, POLICY, OFFICE, at('2026-01-12T12:10:00'));
    expect(clocks.map((c) => [c.kind, c.cycle, c.stoppedAt, c.met])).toEqual([
      // Closed after its 60-minute target without an answer: missed, and no longer running.
      ['first_response', 0, at('2026-01-12T11:00:00'), false],
      ['next_response', 0, null, null],
      ['resolution', 0, at('2026-01-12T11:00:00'), true],
      ['resolution', 1, null, null],
    ]);
  });
});
