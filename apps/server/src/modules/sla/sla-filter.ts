import type { SlaFilter } from '@wadesk/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// The lists' SLA filter and the stat cards' counts (decision 0028) share these conditions: a running clock
// (not paused) within its warning lead, or past its due time, at the desk's `now`. Fragments for the
// repositories that query tickets (the tickets module's and the inbox's) and for the SLA repository.

/** The condition on a clock row aliased `c`. */
export function clockIs(filter: SlaFilter, now: Date): SQL {
  const at = now.toISOString();
  return filter === 'breached'
    ? sql`c.due_at <= ${at}::timestamptz`
    : sql`c.warn_at <= ${at}::timestamptz and c.due_at > ${at}::timestamptz`;
}

/** A ticket (`ticketId`) with a running clock in that state. */
export function slaCondition(ticketId: SQLWrapper, filter: SlaFilter, now: Date): SQL {
  return sql`exists (select 1 from sla_clocks c
    where c.ticket_id = ${ticketId} and c.stopped_at is null and not c.paused and ${clockIs(filter, now)})`;
}
