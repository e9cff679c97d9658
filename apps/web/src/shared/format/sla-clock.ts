import { SLA_CLOCK_LABELS, type SlaClock } from '@wadesk/contract';
import { formatDuration } from './format-duration';

/**
 * A clock as the badges show it. Running: `ok`, `due_soon` (now ≥ warn_at), `breached` (now ≥ due_at) or
 * `paused` (resolution while the ticket waits on its customer). Stopped: `met` or `missed`.
 */
export type SlaClockState = 'ok' | 'due_soon' | 'breached' | 'paused' | 'met' | 'missed';

const at = (iso: string | null): number | null => {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
};

/** `now`: ms since the epoch on the server's clock (useSlaClocks). */
export function slaClockState(clock: SlaClock, now: number): SlaClockState {
  if (clock.stopped_at !== null) return clock.met === false ? 'missed' : 'met';
  if (clock.paused) return 'paused';
  const due = at(clock.due_at);
  if (due !== null && now >= due) return 'breached';
  const warn = at(clock.warn_at);
  if (warn !== null && now >= warn) return 'due_soon';
  return 'ok';
}

/**
 * The running clock a list shows for a ticket: the one due first; paused ones last (they are not counting),
 * and after the counting ones a clock without a due time (its calendar has no business time ahead). Null
 * when none runs.
 */
export function mostUrgentClock(clocks: readonly SlaClock[]): SlaClock | null {
  const rank = (clock: SlaClock) => (clock.paused ? 2 : at(clock.due_at) === null ? 1 : 0);
  let best: SlaClock | null = null;
  for (const clock of clocks) {
    if (clock.stopped_at !== null) continue;
    if (best === null) {
      best = clock;
      continue;
    }
    const byRank = rank(clock) - rank(best);
    const earlier =
      (at(clock.due_at) ?? Number.POSITIVE_INFINITY) < (at(best.due_at) ?? Number.POSITIVE_INFINITY);
    if (byRank < 0 || (byRank === 0 && earlier)) best = clock;
  }
  return best;
}

/** "First response", "Next response 2" (a ticket's later next responses and reopened cycles are numbered). */
export function slaClockName(clock: SlaClock): string {
  const label = SLA_CLOCK_LABELS[clock.kind];
  return clock.cycle > 0 ? `${label} ${clock.cycle + 1}` : label;
}

/** A span in the product's words, "< 1 min" below a minute (the badges move every 30 s, not every second). */
const span = (ms: number) => (ms < 60_000 ? '< 1 min' : formatDuration(ms / 1000));

/**
 * The clock in words, never its colour alone: "First response due in 25 min", "… due soon, in 10 min",
 * "Resolution overdue by 1 h 5 min", "Resolution paused", "First response met in 12 min", "… missed, took 2 h".
 * A stopped clock's time is what counted against the target (business time, pauses taken out).
 */
export function slaClockText(clock: SlaClock, now: number): string {
  const name = slaClockName(clock);
  const state = slaClockState(clock, now);
  const due = at(clock.due_at);
  switch (state) {
    case 'met':
      return `${name} met in ${span(clock.business_seconds * 1000)}`;
    case 'missed':
      return `${name} missed, took ${span(clock.business_seconds * 1000)}`;
    case 'paused':
      return `${name} paused`;
    case 'breached':
      return `${name} overdue by ${span(now - (due ?? now))}`;
    case 'due_soon':
      return `${name} due soon, in ${span((due ?? now) - now)}`;
    case 'ok':
      return due === null ? `${name}: no business hours ahead` : `${name} due in ${span(due - now)}`;
  }
}
