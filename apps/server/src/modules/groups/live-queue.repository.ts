import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { StoredMessageFields } from './group-message';

/** A claimed queue row with what a LiveMessage is built from. */
export interface ClaimedRow {
  seq: number;
  attempts: number;
  organisationId: number;
  sessionId: string;
  groupJid: string;
  groupName: string | null;
  linkedPhone: string | null;
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
      const result = (await db.execute(sql`
        with claimed as (
          update wa_live_queue q
          set claimed_by = ${instanceId},
              claimed_until = now() + ${claimMs} * interval '1 millisecond',
              attempts = q.attempts + 1
          where q.seq in (
            select h.seq from wa_live_queue h
            where (h.claimed_until is null or h.claimed_until < now())
              and not exists (
                select 1 from wa_live_queue o
                where o.session_id = h.session_id and o.group_jid = h.group_jid and o.seq < h.seq
              )
            order by h.seq
            limit ${max}
            for update skip locked
          )
          returning q.seq, q.attempts
        )
        select c.seq, c.attempts, m.organisation_id, m.session_id, m.group_jid, g.name as group_name,
          s.phone as linked_phone, m.msg_id, m.wa_id, m.from_me, m.author, m.author_alt, m.author_name,
          m.body, m.message_type, m.has_media, m.mimetype, m.filename, m.thumbnail, m.quoted_id,
          m.quoted_participant, m.quoted_type, m.quoted_body, m.quoted_thumbnail, m.timestamp
        from claimed c
        join wa_messages m on m.seq = c.seq
        left join wa_groups g on g.session_id = m.session_id and g.jid = m.group_jid
        left join wa_sessions s on s.id = m.session_id
        order by c.seq`)) as unknown as { rows: RawClaimedRow[] };
      return result.rows.map(toClaimed);
    },

    /** Done with these messages (applied, seen before, or given up): they leave the queue. */
    async ack(seqs: readonly number[]): Promise<void> {
      if (seqs.length === 0) return;
      await db.execute(sql`delete from wa_live_queue where seq = any(${bigints(seqs)}::bigint[])`);
    },

    /** Processing failed: the messages may be claimed again after `retryMs`. */
    async release(seqs: readonly number[], retryMs: number): Promise<void> {
      if (seqs.length === 0) return;
      await db.execute(sql`
        update wa_live_queue
        set claimed_by = null, claimed_until = now() + ${retryMs} * interval '1 millisecond'
        where seq = any(${bigints(seqs)}::bigint[])`);
    },

    /** Messages still queued, claimed or not. */
    async size(): Promise<number> {
      const result = (await db.execute(sql`select count(*)::int as n from wa_live_queue`)) as unknown as {
        rows: { n: number }[];
      };
      return result.rows[0]?.n ?? 0;
    },
  };
}
