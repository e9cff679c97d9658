import { BufferJSON, proto, type WAMessageKey } from 'baileys';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { storableDeep } from '../../text';
import type { SendReceipt } from '../../whatsapp/driver';
import { type DeskReplyStatus, deskReplies } from './replies.schema';
import type { StoredReplyState } from './reply-state';

export interface DeskReplyRow {
  organisationId: number;
  sessionId: string;
  groupJid: string;
  waId: string;
  /** The ticket replied to; null for a message the composer wrote into the group (decision 0024). */
  ticketId: number | null;
  /** Null for an automatic message (the out-of-hours reply), which no member typed. */
  userId: number | null;
  body: string;
  /** The sent proto.IMessage, as Baileys will need it for a retry. */
  content: proto.IMessage;
  /** Sent by the desk itself: it stops no SLA clock (decision 0028). */
  automatic?: boolean;
}

/** A desk reply whose state changed, as the statement left it. */
export interface ChangedReply {
  organisationId: number;
  groupJid: string;
  waId: string;
  ticketId: number | null;
  status: DeskReplyStatus;
  /** Refused just now (it was pending or sent). */
  refusedNow: boolean;
  failureCode: string | null;
  refusal: string | null;
}

/** A failed reply with what Retry needs to send it again. */
export interface RefusedReply {
  id: number;
  sessionId: string;
  groupJid: string;
  waId: string;
  ticketId: number;
  body: string;
  /** The sent proto.IMessage as stored (BufferJSON): a poll is sent again as the poll it was. */
  content: string;
  status: DeskReplyStatus;
  retriedAs: string | null;
}

/** A failed message of the composer (no ticket) with what Retry needs to send it again. */
export type GroupRefusedReply = Omit<RefusedReply, 'ticketId'> & { ticketId: null };

/** What Retry reads of a refused reply, on a ticket or written by the composer (ticketId set by the caller). */
const REFUSED_REPLY_COLUMNS = {
  id: deskReplies.id,
  sessionId: deskReplies.sessionId,
  groupJid: deskReplies.groupJid,
  waId: deskReplies.waId,
  body: deskReplies.body,
  content: deskReplies.content,
  status: deskReplies.status,
  retriedAs: deskReplies.retriedAs,
};

// Statuses by rank: a state only moves forward (pending → sent → delivered → read); failed is final.
const RANKS = sql.raw(`array['pending', 'sent', 'delivered', 'read']`);

export type DeskRepliesRepository = ReturnType<typeof createDeskRepliesRepository>;

/** A text[] literal item: quoted, so that any WhatsApp id is one item. */
const arrayItem = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * Messages sent from the desk (decision 0018): who sent them, their content for getMessage, and what
 * WhatsApp said about them since.
 */
export function createDeskRepliesRepository(db: Db) {
  return {
    async insert(row: DeskReplyRow): Promise<void> {
      await db.insert(deskReplies).values({
        ...row,
        content: JSON.stringify(row.content, BufferJSON.replacer),
        // Every member but the linked account must have it before it counts as delivered (decision 0018).
        recipients: sql`(select nullif(g.size, 0) - 1 from wa_groups g
          where g.session_id = ${row.sessionId} and g.jid = ${row.groupJid})`,
      });
    },

    /**
     * What WhatsApp said about messages the session sent, applied to the desk's replies among them (others
     * are not the desk's and change nothing): members' receipts first, then each reply's state — refused
     * while pending or sent, else the furthest of what it was, what WhatsApp said of it as a whole, and
     * what its group's receipts add up to (every recipient got it: delivered; every one read it: read).
     * Answers the replies whose state or receipts changed.
     */
    async applyReceipts(sessionId: string, receipts: readonly SendReceipt[]): Promise<ChangedReply[]> {
      if (receipts.length === 0) return [];
      const json = JSON.stringify(
        storableDeep(
          receipts.map((r) => ({
            wa_id: r.waId,
            chat_jid: r.chatJid,
            member: r.member,
            status: r.status,
            at: r.at,
            error_code: r.errorCode,
            refusal: r.refusal,
          })),
        ),
      );
      const input = sql`select * from json_to_recordset(${json}::json) as i(wa_id text, chat_jid text,
        member text, status text, at double precision, error_code text, refusal text)`;
      // A member's read is also their delivery; each member's row keeps the first time of each.
      const members = (await db.execute(sql`
        with input as (${input})
        insert into desk_reply_receipts (desk_reply_id, member_jid, delivered_at, read_at)
        select d.id, i.member, min(to_timestamp(coalesce(i.at, extract(epoch from now())))),
          min(to_timestamp(coalesce(i.at, extract(epoch from now())))) filter (where i.status = 'read')
        from input i
        join desk_replies d on d.session_id = ${sessionId} and d.wa_id = i.wa_id and d.group_jid = i.chat_jid
        where i.member is not null and i.status in ('delivered', 'read') and d.status <> 'failed'
        group by d.id, i.member
        on conflict (desk_reply_id, member_jid) do update set
          delivered_at = coalesce(desk_reply_receipts.delivered_at, excluded.delivered_at),
          read_at = coalesce(desk_reply_receipts.read_at, excluded.read_at)
        where desk_reply_receipts.delivered_at is null
          or desk_reply_receipts.read_at is null and excluded.read_at is not null
        returning desk_reply_id`)) as unknown as { rows: { desk_reply_id: string | number }[] };
      const result = (await db.execute(sql`
        with input as (${input}),
        heard as (
          select d.id, d.status as old, d.recipients,
            bool_or(i.member is null and i.status = 'failed') as refused,
            max(array_position(${RANKS}, i.status)) filter (where i.member is null) as said,
            bool_or(i.member is not null) as receipts,
            (array_agg(i.error_code) filter (where i.member is null and i.status = 'failed'))[1] as error_code,
            (array_agg(i.refusal) filter (where i.member is null and i.status = 'failed'))[1] as refusal
          from input i
          join desk_replies d on d.session_id = ${sessionId} and d.wa_id = i.wa_id and d.group_jid = i.chat_jid
          group by d.id, d.status, d.recipients
        ),
        next as (
          select h.id, h.old, h.error_code, h.refusal,
            case when h.old = 'failed' then 'failed'
              when h.refused and h.old in ('pending', 'sent') then 'failed'
              else (${RANKS})[greatest(
                array_position(${RANKS}, h.old), coalesce(h.said, 1), case when h.receipts then 2 else 1 end,
                case when h.recipients > 0 and (select count(*) from desk_reply_receipts r
                    where r.desk_reply_id = h.id and r.read_at is not null) >= h.recipients then 4
                  when h.recipients > 0 and (select count(*) from desk_reply_receipts r
                    where r.desk_reply_id = h.id) >= h.recipients then 3
                  else 1 end)]
            end as status
          from heard h
        )
        update desk_replies d set
          status = n.status,
          failure_code = case when n.status = 'failed' then n.error_code else d.failure_code end,
          refusal = case when n.status = 'failed' then n.refusal else d.refusal end
        from next n
        where d.id = n.id and (n.status <> n.old
          or d.id = any(${`{${members.rows.map((r) => r.desk_reply_id).join(',')}}`}::bigint[]))
        returning d.organisation_id, d.group_jid, d.wa_id, d.ticket_id, d.status, d.failure_code, d.refusal,
          n.status = 'failed' and n.old <> 'failed' as refused_now`)) as unknown as {
        rows: {
          organisation_id: number;
          group_jid: string;
          wa_id: string;
          ticket_id: number | null;
          status: DeskReplyStatus;
          failure_code: string | null;
          refusal: string | null;
          refused_now: boolean;
        }[];
      };
      return result.rows.map((r) => ({
        organisationId: r.organisation_id,
        groupJid: r.group_jid,
        waId: r.wa_id,
        ticketId: r.ticket_id,
        status: r.status,
        refusedNow: r.refused_now,
        failureCode: r.failure_code,
        refusal: r.refusal,
      }));
    },

    /**
     * The states of the session's desk replies among `waIds` (the rest are not the desk's), with the
     * members who read them named from the session's contacts and the group's members.
     */
    async states(sessionId: string, waIds: readonly string[]): Promise<Map<string, StoredReplyState>> {
      if (waIds.length === 0) return new Map();
      const result = (await db.execute(sql`
        select d.wa_id, d.group_jid, d.ticket_id, d.status, d.failure_code, d.refusal, d.recipients,
          d.retried_as is not null and d.retried_as <> '' as retried,
          (select count(*)::int from desk_reply_receipts r where r.desk_reply_id = d.id) as delivered_to,
          coalesce((select json_agg(json_build_object('jid', r.member_jid, 'name', c.name,
              'alt_jid', coalesce(c.alt_jid, p.alt_jid), 'at', r.read_at) order by r.read_at, r.member_jid)
            from desk_reply_receipts r
            left join wa_contacts c on c.session_id = d.session_id and c.jid = r.member_jid
            left join wa_group_participants p on p.session_id = d.session_id and p.group_jid = d.group_jid
              and p.jid = r.member_jid
            where r.desk_reply_id = d.id and r.read_at is not null), '[]'::json) as read_by
        from desk_replies d
        where d.session_id = ${sessionId} and d.wa_id = any(${`{${waIds.map(arrayItem).join(',')}}`}::text[])`)) as unknown as {
        rows: {
          wa_id: string;
          group_jid: string;
          ticket_id: number | null;
          status: DeskReplyStatus;
          failure_code: string | null;
          refusal: string | null;
          recipients: number | null;
          retried: boolean;
          delivered_to: number;
          read_by: { jid: string; name: string | null; alt_jid: string | null; at: string }[];
        }[];
      };
      return new Map(
        result.rows.map((r) => [
          r.wa_id,
          {
            waId: r.wa_id,
            groupJid: r.group_jid,
            ticketId: r.ticket_id,
            status: r.status,
            failureCode: r.failure_code,
            refusal: r.refusal,
            recipients: r.recipients,
            retried: r.retried,
            deliveredTo: Number(r.delivered_to),
            readBy: r.read_by.map((x) => ({
              jid: x.jid,
              name: x.name,
              altJid: x.alt_jid,
              at: new Date(x.at).toISOString(),
            })),
          },
        ]),
      );
    },

    /** The session's failed replies among `waIds`: their echo joined a ticket after the refusal was heard. */
    async failedAmong(sessionId: string, waIds: readonly string[]): Promise<ChangedReply[]> {
      if (waIds.length === 0) return [];
      const rows = await db
        .select()
        .from(deskReplies)
        .where(
          and(
            eq(deskReplies.sessionId, sessionId),
            inArray(deskReplies.waId, [...waIds]),
            eq(deskReplies.status, 'failed'),
          ),
        );
      return rows.map((r) => ({
        organisationId: r.organisationId,
        groupJid: r.groupJid,
        waId: r.waId,
        ticketId: r.ticketId,
        status: r.status,
        refusedNow: false,
        failureCode: r.failureCode,
        refusal: r.refusal,
      }));
    },

    /** A reply of the organisation's ticket, for Retry; null when there is none. */
    async findOnTicket(organisationId: number, ticketId: number, waId: string): Promise<RefusedReply | null> {
      const [row] = await db
        .select(REFUSED_REPLY_COLUMNS)
        .from(deskReplies)
        .where(
          and(
            eq(deskReplies.organisationId, organisationId),
            eq(deskReplies.ticketId, ticketId),
            eq(deskReplies.waId, waId),
          ),
        );
      return row ? { ...row, ticketId } : null;
    },

    /** A message the composer wrote (no ticket) of the organisation, for Retry; null when there is none. */
    async findInGroup(organisationId: number, waId: string): Promise<GroupRefusedReply | null> {
      const [row] = await db
        .select(REFUSED_REPLY_COLUMNS)
        .from(deskReplies)
        .where(
          and(
            eq(deskReplies.organisationId, organisationId),
            isNull(deskReplies.ticketId),
            eq(deskReplies.waId, waId),
          ),
        )
        .limit(1);
      return row ? { ...row, ticketId: null } : null;
    },

    /**
     * Claims a failed reply for Retry ('' marks it taken while it is sent again): false when it is not
     * failed or another Retry took it, so two clicks send it once.
     */
    async claimRetry(id: number): Promise<boolean> {
      const claimed = await db
        .update(deskReplies)
        .set({ retriedAs: '' })
        .where(
          and(
            eq(deskReplies.id, id),
            eq(deskReplies.status, 'failed'),
            sql`${deskReplies.retriedAs} is null`,
          ),
        )
        .returning({ id: deskReplies.id });
      return claimed.length > 0;
    },

    /** Retry sent it again as `waId`; null: Retry sent nothing, and may be tried again. */
    async settleRetry(id: number, waId: string | null): Promise<void> {
      await db.update(deskReplies).set({ retriedAs: waId }).where(eq(deskReplies.id, id));
    },

    /** The send failed: nothing was sent under this id. */
    async remove(sessionId: string, waId: string): Promise<void> {
      await db
        .delete(deskReplies)
        .where(and(eq(deskReplies.sessionId, sessionId), eq(deskReplies.waId, waId)));
    },

    /**
     * Desk replies follow their messages when the desk merges or splits tickets (the port
     * `TicketReplies` of modules/tickets/ticket-merge.repository.ts), inside the caller's transaction so that
     * the tickets stay locked: every reply of `fromTicketId`, or only those sent as `waIds`.
     */
    async moveToTicket(
      tx: DbTransaction,
      fromTicketId: number,
      intoTicketId: number,
      waIds?: readonly string[],
    ): Promise<void> {
      const ofTicket = eq(deskReplies.ticketId, fromTicketId);
      await tx
        .update(deskReplies)
        .set({ ticketId: intoTicketId })
        .where(waIds ? and(ofTicket, inArray(deskReplies.waId, [...waIds])) : ofTicket);
    },

    /** Baileys' getMessage for the session: the content of a message it sent from the desk, or undefined. */
    async content(sessionId: string, key: WAMessageKey): Promise<proto.IMessage | undefined> {
      if (!key.id) return undefined;
      const [row] = await db
        .select({ content: deskReplies.content, groupJid: deskReplies.groupJid })
        .from(deskReplies)
        .where(and(eq(deskReplies.sessionId, sessionId), eq(deskReplies.waId, key.id)));
      if (!row || (key.remoteJid && key.remoteJid !== row.groupJid)) return undefined;
      return proto.Message.fromObject(JSON.parse(row.content, BufferJSON.reviver));
    },
  };
}
