// The settings an audit entry says were changed (`settings.changed`: each setting's wire name → {from, to}),
// in the words of the Settings screen.

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const quoted = (items: string[]) => {
  const shown = items.slice(0, 5).map((item) => `“${item}”`);
  return items.length > 5 ? `${shown.join(', ')} and ${items.length - 5} more` : shown.join(', ');
};
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const reopen = (days: number | null) =>
  days === null ? 'another value' : days === 0 ? 'never reopening' : plural(days, 'day');

/** "the unanswered alert from 30 to 60 minutes; …" — one phrase per setting changed. */
export function settingsChanges(details: Record<string, unknown>): string {
  const phrases = Object.entries(details).map(([key, change]) => {
    const { from, to } = (typeof change === 'object' && change !== null ? change : {}) as {
      from?: unknown;
      to?: unknown;
    };
    switch (key) {
      case 'unanswered_minutes':
        return `the unanswered alert from ${plural(number(from) ?? 0, 'minute')} to ${plural(number(to) ?? 0, 'minute')}`;
      case 'auto_pending':
        return `Pending after a staff reply turned ${to === true ? 'on' : 'off'}`;
      case 'reopen_days':
        return `the reopen window from ${reopen(number(from))} to ${reopen(number(to))}`;
      case 'ack_phrases': {
        const before = strings(from);
        const after = strings(to);
        const added = after.filter((phrase) => !before.includes(phrase));
        const removed = before.filter((phrase) => !after.includes(phrase));
        const parts = [
          added.length > 0 ? `added ${quoted(added)}` : null,
          removed.length > 0 ? `removed ${quoted(removed)}` : null,
        ].filter(Boolean);
        return `the acknowledgement phrases (${parts.length > 0 ? parts.join(', ') : 'reordered'})`;
      }
      case 'business_hours':
        return 'the business hours';
      case 'sla_policies':
        return 'the SLA policies';
      case 'sla_warning_minutes':
        return `the breaching-soon warning from ${plural(number(from) ?? 0, 'minute')} to ${plural(number(to) ?? 0, 'minute')} before due`;
      case 'out_of_hours_reply':
        return `the out-of-hours reply turned ${to === true ? 'on' : 'off'}`;
      case 'satisfaction_poll':
        return `the satisfaction poll turned ${to === true ? 'on' : 'off'}`;
      // Up to 1000 characters each: named, not quoted.
      case 'out_of_hours_message':
        return 'the out-of-hours message';
      default: {
        // A setting added after this page: its name in words, and its values when they are words.
        const name = key.replaceAll('_', ' ');
        return typeof from === 'string' && typeof to === 'string'
          ? `the ${name} from “${from}” to “${to}”`
          : `the ${name}`;
      }
    }
  });
  return phrases.length > 0 ? phrases.join('; ') : 'nothing that is still different';
}
