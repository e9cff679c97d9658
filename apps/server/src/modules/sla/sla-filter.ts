import type { SlaFilter } from '@wadesk/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// The lists' SLA filter (decision 0028), one condition for the dashboard's and the inbox's queries: a
// running clock (not paused) within its warning lead, or past its due time, at the desk's `now`.

export function slaCondition(ticketId: SQLWrapper, filter: SlaFilter, now: Date): SQL {
  const at = now.toISOString();
  const when =
    filter === 'breached'
      ? sql`c.due_at <= ${at}::timestamptz`
      : sql`c.warn_at <= ${at}::timestamptz and c.due_at > ${at}::timestamptz`;
  return sql`exists (select 1 from sla_clocks c
    where c.ticket_id = ${ticketId} and c.stopped_at is null and not c.paused and ${when})`;
}
