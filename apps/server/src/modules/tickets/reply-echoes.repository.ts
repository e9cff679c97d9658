import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { EchoEffect, SentReply } from '../replies/reply-echoes';
import { waitingSinceOf } from './inbox-times';

interface EchoRow {
  id: string | number;
  ticket_id: number;
  echo_effects: EchoEffect[];
  sent_by_user_id: number | null;
}

interface UndoneRow {
  first_response: boolean;
  in_progress: boolean;
  assigned: boolean;
}

/**
 * The undo of a refused desk reply's echo (decision 0018, reply states): the tickets module's half of the
 * replies module's ReplyEchoes port (reply-echoes.ts builds the port from it).
 */
export function createReplyEchoesRepository(db: Db) {
  return {
    /**
     * In one transaction: the reply's ticket message, locked (a second undo waits, then finds nothing left
     * to undo), and its ticket, set as if the reply had never joined it — as far as the echo's effects are
     * still what it left. The next business reply of the ticket that was not refused takes the first
     * response; an in-progress ticket with none goes back to open; an assignment the echo made (still the
     * same member) goes to that reply's member (the desk's, or the agent phone's), else nobody. Null when
     * the reply has not joined a ticket of the organisation; else the ticket's id and what changed.
     */
    async undo(reply: SentReply): Promise<{ ticketId: number; undone: EchoEffect[] } | null> {
      return db.transaction(async (tx) => {
        const found = (await tx.execute(sql`
          select m.id, m.ticket_id, m.echo_effects, m.sent_by_user_id from ticket_messages m
          join tickets t on t.id = m.ticket_id
          where m.session_id = ${reply.sessionId} and m.group_jid = ${reply.groupJid} and m.wa_id = ${reply.waId}
            and t.organisation_id = ${reply.organisationId}
          for update of m`)) as unknown as { rows: EchoRow[] };
        const echo = found.rows[0];
        if (!echo) return null;
        // The customer waits again as if the refused reply had not been sent (decision 0021).
        await tx.execute(
          sql`update tickets set waiting_since = ${waitingSinceOf(
            echo.ticket_id,
            sql`(b.id = ${echo.id} or exists (select 1 from desk_replies d
            where d.session_id = b.session_id and d.wa_id = b.wa_id and d.status = 'failed'))`,
          )} where id = ${echo.ticket_id} and waiting_since is null`,
        );
        const effects = echo.echo_effects ?? [];
        if (effects.length === 0) return { ticketId: echo.ticket_id, undone: [] };
        const effectList = `{${effects.join(',')}}`;
        const result = (await tx.execute(sql`
          with next_reply as (
            select o.created_at, o.sender_name, o.sender, o.sent_by_user_id from ticket_messages o
            where o.ticket_id = ${echo.ticket_id} and o.is_business and o.id <> ${echo.id}
              and not exists (select 1 from desk_replies d
                where d.session_id = o.session_id and d.wa_id = o.wa_id and d.status = 'failed')
            order by o.created_at, o.id
            limit 1
          ),
          before as (
            select t.*, ${effectList}::text[] as effects from tickets t where t.id = ${echo.ticket_id} for update
          ),
          after as (
            select b.id,
              case when 'first_response' = any(b.effects)
                then (select greatest(b.created_at, n.created_at) from next_reply n) else b.first_response_at end
                as first_response_at,
              case when 'first_response' = any(b.effects)
                then (select n.sender_name from next_reply n) else b.answered_by end as answered_by,
              case when 'in_progress' = any(b.effects) and b.status = 'in_progress'
                  and not exists (select 1 from next_reply)
                then 'open' else b.status end as status,
              case when 'assigned' = any(b.effects) and b.assignee_id is not distinct from ${echo.sent_by_user_id}
                then (select coalesce(n.sent_by_user_id, (select u.id from agents a join users u on u.agent_id = a.id
                    where a.organisation_id = b.organisation_id and a.number = n.sender
                      and u.organisation_id = b.organisation_id))
                  from next_reply n)
                else b.assignee_id end as assignee_id
            from before b
          ),
          updated as (
            update tickets t set first_response_at = a.first_response_at, answered_by = a.answered_by,
              status = a.status, assignee_id = a.assignee_id
            from after a where t.id = a.id
            returning t.id
          )
          select b.first_response_at is distinct from a.first_response_at as first_response,
            b.status is distinct from a.status as in_progress,
            b.assignee_id is distinct from a.assignee_id as assigned
          from before b join after a on a.id = b.id
          where exists (select 1 from updated)`)) as unknown as { rows: UndoneRow[] };
        await tx.execute(sql`update ticket_messages set echo_effects = '{}' where id = ${echo.id}`);
        const changed = result.rows[0];
        const undone = (['first_response', 'in_progress', 'assigned'] as const).filter((e) => changed?.[e]);
        return { ticketId: echo.ticket_id, undone };
      });
    },
  };
}
