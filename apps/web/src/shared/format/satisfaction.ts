import {
  type GroupSatisfactionPoll,
  SATISFACTION_OPTIONS,
  satisfactionLabel,
  type TicketSatisfaction,
} from '@wadesk/contract';
import { formatDateTime } from './format';
import { formatDuration } from './format-duration';

// How satisfaction polls read in the desk (docs/decisions/0030): a ticket's answer in the lists and the
// conversation, a group's choice on the WhatsApp Chat page and in the audit log.

/** "Good (4 of 5)": a score in words, for the badge's accessible name. */
export const satisfactionScoreText = (score: number): string => `${satisfactionLabel(score)} (${score} of 5)`;

/** "🙂 Good (4/5)": the option the customer chose, face included, as WhatsApp showed it to them. */
export const satisfactionAnswerText = (score: number): string =>
  `${SATISFACTION_OPTIONS[5 - score] ?? satisfactionLabel(score)} (${score}/5)`;

/** "just now", "2 h 5 min ago", "3 days ago"; a date past a week, when a count of days stops helping. */
export function timeAgo(iso: string, now: number): string {
  const seconds = (now - Date.parse(iso)) / 1000;
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return 'just now';
  if (seconds < 7 * 86_400) return `${formatDuration(seconds)} ago`;
  return `on ${formatDateTime(iso)}`;
}

/** The conversation's line: "Satisfaction: 🙂 Good (4/5)" or "Satisfaction asked 2 h ago, no answer yet". */
export function satisfactionSummary(satisfaction: TicketSatisfaction, now: number): string {
  return satisfaction.score === null
    ? `Satisfaction asked ${timeAgo(satisfaction.asked_at, now)}, no answer yet`
    : `Satisfaction: ${satisfactionAnswerText(satisfaction.score)}`;
}

export const GROUP_SATISFACTION_ORDER: readonly GroupSatisfactionPoll[] = ['organisation', 'on', 'off'];

/**
 * A group's choice as its select offers it: "As the organisation (On)" when the organisation's setting is
 * known (`organisation`), else "As the organisation"; "On"; "Off".
 */
export function groupSatisfactionText(choice: GroupSatisfactionPoll, organisation?: boolean): string {
  if (choice === 'on') return 'On';
  if (choice === 'off') return 'Off';
  return organisation === undefined
    ? 'As the organisation'
    : `As the organisation (${organisation ? 'On' : 'Off'})`;
}
