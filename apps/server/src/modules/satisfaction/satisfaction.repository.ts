import { SATISFACTION_OPTIONS } from '@wadesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// satisfaction_polls (docs/decisions/0030-satisfaction-polls.md), and the two columns of tickets that show
// a ticket's latest poll (tickets.satisfaction_asked_at, tickets.satisfaction_score), kept here.

/** A poll claimed for a close: sent next, or released when it could not be. */
export interface ClaimedPoll {
  id: number;
  organisationId: number;
  ticketId: number;
  sessionId: string;
  groupJid: string;
}

/** The poll's options, best first: the chosen one's place gives the score (the first 5, the last 1). */
const OPTIONS = sql`array[${sql.join(
  SATISFACTION_OPTIONS.map((option) => sql`${option}`),
  sql`, `,
)}]::text[]`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type SatisfactionRepository = ReturnType<typeof createSatisfactionRepository>;

export function createSatisfactionRepository(db: Db) {
  return {
    /**
     * Claims the poll of the ticket's close when it is to be asked: the ticket is closed, its group is not
     * ignored, the group (or, following it, the organisation) asks, and neither this close nor the customer
     * in this group today (the organisation's local date at `at`) was asked yet — the unique indexes decide
     * that, so two closes racing on two instances claim one. `quotedWaId` is the customer's message the
     * poll replies to; its author's addresses are whose vote counts.
     */
    async claim(input: {
      organisationId: number;
      ticketId: number;
      closedByUserId: number;
      quotedWaId: string;
      at: Date;
    }): Promise<ClaimedPoll | null> {
      const at = input.at.toISOString();
      const [row] = rowsOf<{
        id: number;
        organisation_id: number;
        ticket_id: number;
        session_id: string;
        group_jid: string;
      }>(
        await db.execute(sql`
          insert into satisfaction_polls (organisation_id, ticket_id, session_id, group_jid, customer,
            customer_jids, asked_day, closed_at, closed_by_user_id, closed_by_agent_id, asked_at)
          select t.organisation_id, t.id, t.session_id, t.group_jid,
            coalesce(t.customer_number, t.customer_key, t.customer),
            array_remove(array[w.author, w.author_alt,
              case when t.customer_number is not null
                then ltrim(t.customer_number, '+') || '@s.whatsapp.net' end], null),
            (${at}::timestamptz at time zone coalesce(o.business_hours->>'time_zone', 'UTC'))::date,
            t.closed_at, u.id, u.agent_id, ${at}::timestamptz
          from tickets t
          join organisations o on o.id = t.organisation_id
          left join wa_groups g on g.session_id = t.session_id and g.jid = t.group_jid
          left join wa_messages w on w.session_id = t.session_id and w.group_jid = t.group_jid
            and w.wa_id = ${input.quotedWaId}
          left join users u on u.id = ${input.closedByUserId} and u.organisation_id = t.organisation_id
          where t.id = ${input.ticketId} and t.organisation_id = ${input.organisationId}
            and t.status = 'close' and t.closed_at is not null
            and coalesce(g.ticket_mode, 'per_customer') <> 'ignore'
            and case coalesce(g.satisfaction_poll, 'organisation')
              when 'organisation' then o.satisfaction_poll else g.satisfaction_poll = 'on' end
          on conflict do nothing
          returning id, organisation_id, ticket_id, session_id, group_jid`),
      );
      return row
        ? {
            id: Number(row.id),
            organisationId: Number(row.organisation_id),
            ticketId: Number(row.ticket_id),
            sessionId: row.session_id,
            groupJid: row.group_jid,
          }
        : null;
    },

    /** The poll left the phone as `waId`: the ticket shows it asked, with no answer yet. */
    async sent(id: number, waId: string, at: Date): Promise<void> {
      await db.execute(sql`
        with poll as (
          update satisfaction_polls set poll_wa_id = ${waId}, asked_at = ${at.toISOString()}::timestamptz
          where id = ${id} returning ticket_id, asked_at)
        update tickets t set satisfaction_asked_at = poll.asked_at, satisfaction_score = null
        from poll where t.id = poll.ticket_id`);
    },

    /** Nothing was sent: the claim goes, and the customer may be asked at the next close. */
    async release(id: number): Promise<void> {
      await db.execute(sql`delete from satisfaction_polls where id = ${id}`);
    },

    /**
     * The votes on a poll changed: when it is a satisfaction poll, its score becomes its customer's current
     * vote (anyone else's is not counted; a vote taken back clears it), and the ticket shows it while this is
     * its latest poll. Answers the ticket when the score changed.
     */
    async voted(
      sessionId: string,
      groupJid: string,
      pollWaId: string,
    ): Promise<{ organisationId: number; ticketId: number } | null> {
      const [row] = rowsOf<{ organisation_id: number; ticket_id: number }>(
        await db.execute(sql`
          with poll as (
            select s.id, s.ticket_id, s.organisation_id, s.asked_at, s.score, s.voted_at,
              (select 6 - array_position(${OPTIONS}, v.options->>0)
                from wa_poll_votes v
                where v.session_id = s.session_id and v.group_jid = s.group_jid and v.poll_wa_id = s.poll_wa_id
                  and (v.voter = any(s.customer_jids) or v.voter_alt = any(s.customer_jids))
                order by v.voted_at desc limit 1) as score_now,
              (select max(v.voted_at) from wa_poll_votes v
                where v.session_id = s.session_id and v.group_jid = s.group_jid and v.poll_wa_id = s.poll_wa_id
                  and (v.voter = any(s.customer_jids) or v.voter_alt = any(s.customer_jids))) as voted_now
            from satisfaction_polls s
            where s.session_id = ${sessionId} and s.group_jid = ${groupJid} and s.poll_wa_id = ${pollWaId}),
          scored as (
            update satisfaction_polls s set score = poll.score_now, voted_at = poll.voted_now
            from poll where s.id = poll.id
              and (s.score is distinct from poll.score_now or s.voted_at is distinct from poll.voted_now)
            returning s.ticket_id, s.organisation_id, s.asked_at, s.score)
          update tickets t set satisfaction_score = scored.score
          from scored where t.id = scored.ticket_id and t.satisfaction_asked_at = scored.asked_at
          returning t.organisation_id, t.id as ticket_id`),
      );
      return row ? { organisationId: Number(row.organisation_id), ticketId: Number(row.ticket_id) } : null;
    },
  };
}
