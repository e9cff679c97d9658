import type { ReportRow } from '@wadesk/contract';

// The weekly digest's mail (decision 0029): plain text, aligned in two columns, so that it reads the same in a
// plain-text client as anywhere else.

/** "45 s", "12 min", "3 h 5 min", "2 d 4 h"; "—" for none. */
export function spanText(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${Math.round((part / whole) * 100)} %`;

export interface DigestInput {
  organisationName: string;
  recipientName: string;
  /** "23–29 Nov 2026" */
  weekLabel: string;
  timeZone: string;
  thisWeek: ReportRow | undefined;
  weekBefore: ReportRow | undefined;
  reportsUrl: string;
  profileUrl: string;
}

function figures(row: ReportRow | undefined) {
  const sla = row?.sla.first_response;
  return [
    ['Tickets opened', String(row?.tickets_opened ?? 0)],
    ['Tickets closed', String(row?.tickets_closed ?? 0)],
    ['Reopened', String(row?.tickets_reopened ?? 0)],
    ['First response, median', spanText(row?.first_response.p50_seconds ?? null)],
    ['First response, p90', spanText(row?.first_response.p90_seconds ?? null)],
    ['Next response, median', spanText(row?.next_response.p50_seconds ?? null)],
    ['Resolution, median', spanText(row?.resolution.p50_seconds ?? null)],
    [
      'First responses in time',
      sla && sla.total > 0 ? `${percent(sla.met, sla.total)} (${sla.met} of ${sla.total})` : '—',
    ],
    ['Replies: desk / phones', `${row?.replies.desk ?? 0} / ${row?.replies.phone ?? 0}`],
    ['Customers', String(row?.unique_customers ?? 0)],
    [
      'Satisfaction',
      row && row.csat.responses > 0 && row.csat.average !== null
        ? `${row.csat.average.toFixed(1)} of 5 (${row.csat.responses} ratings)`
        : 'no ratings yet',
    ],
  ] as const;
}

/** The subject and the body of one recipient's digest. */
export function digestMail(input: DigestInput): { subject: string; text: string } {
  const now = figures(input.thisWeek);
  const before = figures(input.weekBefore);
  const width = Math.max(...now.map(([label]) => label.length)) + 2;
  const valueWidth = Math.max(...now.map(([, value]) => value.length)) + 2;
  const lines = now.map(
    ([label, value], i) =>
      `${label.padEnd(width)}${value.padEnd(valueWidth)}(week before: ${before[i]?.[1] ?? '—'})`,
  );
  const opened = input.thisWeek?.tickets_opened ?? 0;
  const median = input.thisWeek?.first_response.p50_seconds ?? null;
  const subject = `${input.organisationName}, last week: ${opened} ticket${opened === 1 ? '' : 's'}${
    median === null ? '' : `, first response ${spanText(median)} (median)`
  }`;
  const text = [
    `Hello ${input.recipientName},`,
    '',
    `Here is last week at ${input.organisationName} (${input.weekLabel}, ${input.timeZone}), with the week before.`,
    'Times count business hours.',
    '',
    ...lines,
    '',
    // Links on lines of their own: a plain-text client wraps nothing and keeps them whole.
    'Every figure and the tickets behind it:',
    input.reportsUrl,
    '',
    `You get this mail on Monday mornings as an owner or admin of ${input.organisationName}.`,
    'Turn it off on your profile:',
    input.profileUrl,
    '',
  ].join('\n');
  return { subject, text };
}
