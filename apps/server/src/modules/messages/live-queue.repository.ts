import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StoredMessageFields } from './group-message';
import type { GroupTicketMode } from './messages.schema';

/** A claimed queue row with what a LiveMessage is built from. */
export interface ClaimedRow {
  seq: number;
  attempts: number;
  organisationId: number;
  sessionId: string;
  groupJid: string;
  groupName: string | null;
  linkedPhone: string | null;
  /** The group's ticket mode when the message was claimed: a change applies to the next claim. */
  ticketMode: GroupTicketMode;
  /** The organisation's acknowledgement phrases; null for the default list. */
  ackPhrases: string[] | null;
  /** The member who sent this message from the desk (desk_replies), for the linked account's own messages. */
  /**
   * The desk sent this message (desk_replies): the member who typed it, or none for the desk's own
   * automatic message (the out-of-hours reply, decision 0028).
   */
  deskReply: { userId: number | null; name: string; ticketId?: number | null; automatic?: boolean } | null;
  fields: StoredMessageFields;
}

interface RawClaimedRow {
  seq: string | number;
  attempts: number;
  organisation_id: number;
  session_id: string;
  group_jid: string;
  group_name: string | null;
  linked_phone: string | null;
  ticket_mode: GroupTicketMode | null;
  ack_phrases: string[] | null;
  desk_id: number | string | null;
  desk_automatic: boolean | null;
  desk_user_id: number | null;
  desk_ticket_id: number | null;
  desk_user_name: string | null;
  msg_id: string;
  wa_id: string;
  from_me: boolean;
  author: string | null;
  author_alt: string | null;
  author_name: string | null;
  body: string;
  message_type: string;
  has_media: boolean;
  mimetype: string | null;
  filename: string | null;
  thumbnail: string | null;
  quoted_id: string | null;
  quoted_participant: string | null;
  quoted_type: string | null;
  quoted_body: string | null;
  quoted_thumbnail: string | null;
  timestamp: string | number;
}

function toClaimed(row: RawClaimedRow): ClaimedRow {
  return {
    seq: Number(row.seq),
    attempts: row.attempts,
    organisationId: row.organisation_id,
    sessionId: row.session_id,
    groupJid: row.group_jid,
    groupName: row.group_name,
    linkedPhone: row.linked_phone,
    // A group not stored yet is a new group: per customer (decision 0020).
    ticketMode: row.ticket_mode ?? 'per_customer',
    ackPhrases: row.ack_phrases,
    deskReply:
      row.desk_id === null
        ? null
        : {
            userId: row.desk_user_id,
            name: row.desk_user_name ?? 'Desk',
            ticketId: row.desk_ticket_id,
            automatic: row.desk_automatic === true,
          },
    fields: {
      msgId: row.msg_id,
      waId: row.wa_id,
      fromMe: row.from_me,
      author: row.author,
      authorAlt: row.author_alt,
      authorName: row.author_name,
      body: row.body,
      messageType: row.message_type,
      hasMedia: row.has_media,
      mimetype: row.mimetype,
      filename: row.filename,
      thumbnail: row.thumbnail,
      quotedId: row.quoted_id,
      quotedParticipant: row.quoted_participant,
      quotedType: row.quoted_type,
      quotedBody: row.quoted_body,
      quotedThumbnail: row.quoted_thumbnail,
      timestamp: Number(row.timestamp),
    },
  };
}

const bigints = (seqs: readonly number[]) => `{${seqs.join(',')}}`;

export type LiveQueueRepository = ReturnType<typeof createLiveQueueRepository>;

/**
 * wa_live_queue: live messages stored but not yet applied by the ticket engine (docs/architecture.md,
 * ticket pipeline). Rows are added by the wa_messages insert itself (messages.repository.ts).
 */
export function createLiveQueueRepository(db: Db) {
  return {
    /**
     * Claims up to `max` messages for `instanceId`, oldest first, in one statement. Only a group's oldest
     * queued row (its head) can be claimed, and only while unclaimed or its claim expired: per-group order
     * holds across instances, two instances never work one group at once, and a dead instance's claims
     * come back once they expire. SKIP LOCKED lets concurrent claimers pass each other's rows.
     */
    async claim(instanceId: string, max: number, claimMs: number): Promise<ClaimedRow[]> {
      // The groups with queued messages are enumerated by skipping through the group index (a loose index
      // scan, two index probes per group) instead of walking every queued row: a backlog of 20,000 messages
      // in 1,000 groups costs ~5 ms per claim instead of ~30 ms (bench: tickets).
      const result = (await db.execute(sql`
        with recursive queued_groups as (
          (select session_id, group_jid from wa_live_queue order by session_id, group_jid limit 1)
          union all
          select n.session_id, n.group_jid from queued_groups g
          cross join lateral (
            select q.session_id, q.group_jid from wa_live_queue q
            where (q.session_id, q.group_jid) > (g.session_id, g.group_jid)
            order by q.session_id, q.group_jid limit 1
          ) n
        ),
        heads as (
          select h.seq from queued_groups g
          cross join lateral (
            select q.seq, q.claimed_until from wa_live_queue q
            where q.session_id = g.session_id and q.group_jid = g.group_jid
            order by q.seq limit 1
          ) h
          where h.claimed_until is null or h.claimed_until < now()
        ),
        claimed as (
          update wa_live_queue q
          set claimed_by = ${instanceId},
              claimed_until = now() + ${claimMs} * interval '1 millisecond',
              attempts = q.attempts + 1
          where q.seq in (
            select c.seq from wa_live_queue c
            where c.seq in (select seq from heads)
              and (c.claimed_until is null or c.claimed_until < now())
            order by c.seq
            limit ${max}
            for update skip locked
          )
          returning q.seq, q.attempts
        )
        select c.seq, c.attempts, m.organisation_id, m.session_id, m.group_jid, g.name as group_name,
          s.phone as linked_phone, g.ticket_mode, o.ack_phrases, d.id as desk_id, d.automatic as desk_automatic, d.user_id as desk_user_id,
          d.ticket_id as desk_ticket_id,
          nullif(trim(du.first_name || ' ' || du.last_name), '') as desk_user_name, m.msg_id, m.wa_id, m.from_me, m.author, m.author_alt, m.author_name,
          -- What the customer first wrote, also when an edit came before the engine got to it (decision 0026).
          coalesce((select e.body from wa_message_edits e where e.session_id = m.session_id
            and e.group_jid = m.group_jid and e.wa_id = m.wa_id order by e.id limit 1), m.body) as body,
          m.message_type, m.has_media, m.mimetype, m.filename, m.thumbnail, m.quoted_id,
          m.quoted_participant, m.quoted_type, m.quoted_body, m.quoted_thumbnail, m.timestamp
        from claimed c
        join wa_messages m on m.seq = c.seq
        left join wa_groups g on g.session_id = m.session_id and g.jid = m.group_jid
        left join wa_sessions s on s.id = m.session_id
        left join organisations o on o.id = m.organisation_id
        -- The desk records what it sends before WhatsApp echoes it back as the linked account's own message.
        left join desk_replies d on m.from_me and d.session_id = m.session_id and d.wa_id = m.wa_id
        left join users du on du.id = d.user_id
        order by c.seq`)) as unknown as { rows: RawClaimedRow[] };
      return result.rows.map(toClaimed);
    },

    /** Done with these messages (applied, seen before, or given up): they leave the queue. */
    async ack(instanceId: string, seqs: readonly number[]): Promise<void> {
      if (seqs.length === 0) return;
      // Only while still ours: a claim that outlived its time may have been taken again by another instance.
      await db.execute(sql`delete from wa_live_queue
        where seq = any(${bigints(seqs)}::bigint[]) and claimed_by = ${instanceId}`);
    },

    /** Processing failed: the messages may be claimed again after `retryMs`. */
    async release(instanceId: string, seqs: readonly number[], retryMs: number): Promise<void> {
      if (seqs.length === 0) return;
      await db.execute(sql`
        update wa_live_queue
        set claimed_by = null, claimed_until = now() + ${retryMs} * interval '1 millisecond'
        where seq = any(${bigints(seqs)}::bigint[]) and claimed_by = ${instanceId}`);
    },

    /** Nothing is queued, claimed or not (one index probe: the bench polls it while consumers drain). */
    async isEmpty(): Promise<boolean> {
      const result = (await db.execute(
        sql`select not exists (select 1 from wa_live_queue) as empty`,
      )) as unknown as { rows: { empty: boolean }[] };
      return result.rows[0]?.empty ?? true;
    },
  };
}
