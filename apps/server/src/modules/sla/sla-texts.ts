import { SLA_CLOCK_LABELS } from '@wadesk/contract';
import type { ClaimedWarning } from './sla-clocks.repository';

// What the warnings say, in the bell and by mail (decision 0028): the clock, the ticket, when it is due.

function dueText(dueAt: number | null, timeZone: string): string {
  if (dueAt === null) return 'no due time';
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(dueAt);
  return `${when} (${timeZone})`;
}

export function warningTexts(warning: ClaimedWarning, timeZone: string, publicUrl: string) {
  const clock = SLA_CLOCK_LABELS[warning.kind];
  const title =
    warning.warning === 'soon'
      ? `${clock} due soon on ticket #${warning.ticketId}`
      : `${clock} breached on ticket #${warning.ticketId}`;
  const due = dueText(warning.dueAt, timeZone);
  const body = `${warning.customer} · ${warning.groupName} — ${warning.warning === 'soon' ? 'due' : 'was due'} ${due}`;
  const mail = [
    warning.warning === 'soon'
      ? `The ${clock.toLowerCase()} of ticket #${warning.ticketId} falls due ${due}.`
      : `The ${clock.toLowerCase()} of ticket #${warning.ticketId} was due ${due} and has not been met.`,
    '',
    `Customer: ${warning.customer}`,
    `Group: ${warning.groupName}`,
    `SLA policy: ${warning.policyName}`,
    '',
    `Open the ticket: ${publicUrl}/inbox?ticket=${warning.ticketId}`,
  ].join('\n');
  return { title, body, subject: `[wadesk] ${title}`, mail };
}

/** The out-of-hours reply's text with `{back}` filled in ("Monday 09:00 (Europe/Berlin)"). */
export function outOfHoursText(template: string, back: number | null, timeZone: string): string {
  const when =
    back === null
      ? 'as soon as we can'
      : `${new Intl.DateTimeFormat('en-GB', {
          timeZone,
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          hour: '2-digit',
          minute: '2-digit',
        }).format(back)} (${timeZone})`;
  return template.replaceAll('{back}', when);
}
