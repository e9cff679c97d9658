import { and, asc, desc, eq, exists, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storableDeep, storableText } from '../../text';
import type { EditSender, MappedMessage } from '../../whatsapp/mapping/to-group-message';
import { waSessions } from '../sessions/sessions.schema';
import { waGroupParticipants, waMessageEdits, waMessageReactions, waMessages } from './messages.schema';

export type NewMessageRow = MappedMessage & { sessionId: string; organisationId: number; origin: string };
/** A new text for the message `targetId` of a group, who sent it, and when (seconds). */
export type MessageEdit = EditSender & { groupJid: string; targetId: string; body: string; at: number };
/** "Delete for everyone" of the message `targetId` of a group, who sent it, and when (seconds). */
export type MessageRevoke = EditSender & { groupJid: string; targetId: string; at: number };
/** An earlier text of an edited message. */
export interface StoredEdit {
  waId: string;
  body: string;
  /** When an edit replaced it (seconds). */
  replacedAt: number;
}
const { raw: _raw, ...listColumns } = getTableColumns(waMessages);
export type MessageRow = Omit<typeof waMessages.$inferSelect, 'raw'>;
/** The author of a stored message, as a quote of it needs them. */
export interface QuotedAuthor {
  fromMe: boolean;
  author: string | null;
  authorAlt: string | null;
  authorName: string | null;
}

const INSERT_CHUNK = 1_000;

// wa_messages columns written on ingest, with their SQL types for json_to_recordset.
const RECORD_TYPES = [
  'session_id uuid',
  'organisation_id int4',
  'group_jid text',
  'msg_id text',
  'wa_id text',
  'from_me bool',
  'author text',
  'author_alt text',
  'author_name text',
  'body text',
  'message_type text',
  'has_media bool',
  'mimetype text',
  'filename text',
  'thumbnail text',
  'quoted_id text',
  'quoted_participant text',
  'quoted_type text',
  'quoted_body text',
  'quoted_thumbnail text',
  'timestamp int8',
  'raw jsonb',
  'origin text',
].join(', ');
const RECORD_COLUMNS = RECORD_TYPES.split(', ')
  .map((column) => column.split(' ')[0])
  .join(', ');

/** One row as json_to_recordset reads it; no text in it may hold U+0000. */
function toRecord(row: NewMessageRow) {
  return storableDeep({
    session_id: row.sessionId,
    organisation_id: row.organisationId,
    group_jid: row.groupJid,
    msg_id: row.msgId,
    wa_id: row.waId,
    from_me: row.fromMe,
    author: row.author,
    author_alt: row.authorAlt,
    author_name: row.authorName,
    body: row.body,
    message_type: row.messageType,
    has_media: row.hasMedia,
    mimetype: row.mimetype,
    filename: row.filename,
    thumbnail: row.thumbnail,
    quoted_id: row.quotedId,
    quoted_participant: row.quotedParticipant,
    quoted_type: row.quotedType,
    quoted_body: row.quotedBody,
    quoted_thumbnail: row.quotedThumbnail,
    timestamp: row.timestamp,
    raw: row.raw,
    origin: row.origin,
  });
}

/** The stored message was written by `sender` (its addresses `senders`): ours from our devices, else the same member's. */
function sentByAuthor(sender: EditSender, senders: string[]): SQL {
  if (sender.fromMe) return eq(waMessages.fromMe, true);
  return and(
    eq(waMessages.fromMe, false),
    or(inArray(waMessages.author, senders), inArray(waMessages.authorAlt, senders)),
  ) as SQL;
}

/** The key of a row that was new: (session, group, WhatsApp id) is unique. */
export interface InsertedKey {
  seq: number;
  groupJid: string;
  waId: string;
}

/** A LID and the phone-number JID behind it. */
export interface LidPhone {
  lid: string;
  phoneJid: string;
}

/** A stored message whose LID author's phone-number JID was filled in afterwards. */
export interface FilledAuthor {
  organisationId: number;
  groupJid: string;
  waId: string;
  phoneJid: string;
}

export interface Cursor {
  timestamp: number;
  msgId: string;
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;

/** wa_messages: every group message a session stored, ordered by time then msg_id, and what ingest writes. */
export function createMessagesRepository(db: Db) {
  const inGroup = (sessionId: string, groupJid: string) =>
    and(eq(waMessages.sessionId, sessionId), eq(waMessages.groupJid, groupJid));
  const position = sql`(${waMessages.timestamp}, ${waMessages.msgId})`;

  return {
    async newest(sessionId: string, groupJid: string, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .select(listColumns)
        .from(waMessages)
        .where(inGroup(sessionId, groupJid))
        .orderBy(desc(waMessages.timestamp), desc(waMessages.msgId))
        .limit(limit);
      return rows.reverse();
    },

    async before(sessionId: string, groupJid: string, cursor: Cursor, limit: number): Promise<MessageRow[]> {
      const rows = await db
        .select(listColumns)
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), sql`${position} < (${cursor.timestamp}, ${cursor.msgId})`))
        .orderBy(desc(waMessages.timestamp), desc(waMessages.msgId))
        .limit(limit);
      return rows.reverse();
    },

    async after(sessionId: string, groupJid: string, cursor: Cursor, limit: number): Promise<MessageRow[]> {
      return db
        .select(listColumns)
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), sql`${position} > (${cursor.timestamp}, ${cursor.msgId})`))
        .orderBy(asc(waMessages.timestamp), asc(waMessages.msgId))
        .limit(limit);
    },

    /** The first `limit` messages at or after `timestamp` (seconds), oldest first. */
    async fromTime(
      sessionId: string,
      groupJid: string,
      timestamp: number,
      limit: number,
    ): Promise<MessageRow[]> {
      return db
        .select(listColumns)
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), sql`${waMessages.timestamp} >= ${timestamp}`))
        .orderBy(asc(waMessages.timestamp), asc(waMessages.msgId))
        .limit(limit);
    },

    /**
     * The group's messages whose text holds `text` (case-insensitive), newest first, at most `limit`. An
     * ILIKE with the group's columns first, so wa_messages_group_body_trgm_idx answers it (decision 0025).
     */
    async search(sessionId: string, groupJid: string, text: string, limit: number) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .select({
          msgId: waMessages.msgId,
          waId: waMessages.waId,
          timestamp: waMessages.timestamp,
          fromMe: waMessages.fromMe,
          authorName: waMessages.authorName,
          body: waMessages.body,
        })
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), sql`${waMessages.body} ilike ${pattern}`))
        .orderBy(desc(waMessages.timestamp), desc(waMessages.msgId))
        .limit(limit);
    },

    async existsBefore(sessionId: string, groupJid: string, cursor: Cursor): Promise<boolean> {
      const rows = await db
        .select({ seq: waMessages.seq })
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), sql`${position} < (${cursor.timestamp}, ${cursor.msgId})`))
        .limit(1);
      return rows.length > 0;
    },

    async existsAfter(sessionId: string, groupJid: string, cursor: Cursor): Promise<boolean> {
      const rows = await db
        .select({ seq: waMessages.seq })
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), sql`${position} > (${cursor.timestamp}, ${cursor.msgId})`))
        .limit(1);
      return rows.length > 0;
    },

    async oldest(sessionId: string, groupJid: string) {
      const [row] = await db
        .select({
          waId: waMessages.waId,
          fromMe: waMessages.fromMe,
          author: waMessages.author,
          timestamp: waMessages.timestamp,
        })
        .from(waMessages)
        .where(inGroup(sessionId, groupJid))
        .orderBy(asc(waMessages.timestamp), asc(waMessages.msgId))
        .limit(1);
      return row ?? null;
    },

    /** A message by its WhatsApp id, with the proto JSON a download needs. */
    /** Who wrote the stored messages `waIds` of a group (the ones a page quotes), by WhatsApp id. */
    async authorsOf(
      sessionId: string,
      groupJid: string,
      waIds: readonly string[],
    ): Promise<Map<string, QuotedAuthor>> {
      if (waIds.length === 0) return new Map();
      const rows = await db
        .select({
          waId: waMessages.waId,
          fromMe: waMessages.fromMe,
          author: waMessages.author,
          authorAlt: waMessages.authorAlt,
          authorName: waMessages.authorName,
        })
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), inArray(waMessages.waId, [...new Set(waIds)])));
      return new Map(rows.map(({ waId, ...author }) => [waId, author]));
    },

    async findMessage(sessionId: string, groupJid: string, waId: string) {
      const [row] = await db
        .select()
        .from(waMessages)
        .where(and(inGroup(sessionId, groupJid), eq(waMessages.waId, waId)));
      return row ?? null;
    },

    async setMediaObject(sessionId: string, groupJid: string, waId: string, name: string): Promise<void> {
      await db
        .update(waMessages)
        .set({ mediaObject: name })
        .where(and(inGroup(sessionId, groupJid), eq(waMessages.waId, waId)));
    },

    /**
     * Stores what is new and answers only those rows: a message seen before (same key) is skipped, and a
     * new LIVE row is also queued for the ticket engine (wa_live_queue). The
     * rows travel as one JSON parameter unpacked by json_to_recordset, 3-4x faster than a VALUES list
     * with 23 bind parameters per row (bench: whatsapp-sessions).
     */
    async insertMessages(rows: NewMessageRow[]): Promise<InsertedKey[]> {
      const inserted: InsertedKey[] = [];
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        const json = JSON.stringify(rows.slice(start, start + INSERT_CHUNK).map(toRecord));
        // New live rows join the ticket queue in the same statement: stored and queued, or neither.
        const result = (await db.execute(sql`
          with added as (
            insert into wa_messages (${sql.raw(RECORD_COLUMNS)})
            select ${sql.raw(RECORD_COLUMNS)} from json_to_recordset(${json}::json) as t(${sql.raw(RECORD_TYPES)})
            on conflict do nothing
            returning seq, session_id, group_jid, wa_id, origin
          ), queued as (
            insert into wa_live_queue (seq, session_id, group_jid)
            select seq, session_id, group_jid from added where origin = 'live'
          )
          select seq, group_jid, wa_id from added order by seq`)) as unknown as {
          rows: { seq: string | number; group_jid: string; wa_id: string }[];
        };
        for (const row of result.rows)
          inserted.push({ seq: Number(row.seq), groupJid: row.group_jid, waId: row.wa_id });
      }
      return inserted;
    },

    /**
     * A LID author's phone-number JID, learned after its messages were stored: filled into the session's
     * messages that lack it (through wa_messages_unresolved_lid_idx). Answers the rows it filled.
     */
    async fillAuthorAlt(sessionId: string, pairs: readonly LidPhone[]): Promise<FilledAuthor[]> {
      if (pairs.length === 0) return [];
      const json = JSON.stringify(pairs.map((p) => ({ lid: p.lid, phone_jid: p.phoneJid })));
      const result = (await db.execute(sql`
        update wa_messages m set author_alt = p.phone_jid
        from json_to_recordset(${json}::json) as p(lid text, phone_jid text)
        where m.session_id = ${sessionId} and m.author = p.lid
          and m.author_alt is null and m.author like '%@lid'
        returning m.organisation_id, m.group_jid, m.wa_id, m.author_alt`)) as unknown as {
        rows: { organisation_id: number; group_jid: string; wa_id: string; author_alt: string }[];
      };
      return result.rows.map((row) => ({
        organisationId: row.organisation_id,
        groupJid: row.group_jid,
        waId: row.wa_id,
        phoneJid: row.author_alt,
      }));
    },

    /**
     * Deletes a message for everyone, when its author asked (our own message from one of our devices, or
     * another member's from that member, LID or phone number on either side), or a group admin did: an
     * admin as the group's stored members say, or the linked account itself from one of its devices (our
     * own devices' messages cannot be forged). An admin's delete of another's message is recorded as such
     * (`revoked_by`). A delete from anybody else changes nothing (decision 0015 §10). Answers whether a
     * message was deleted.
     */
    async revoke(sessionId: string, revoke: MessageRevoke): Promise<boolean> {
      const senders = [revoke.author, revoke.authorAlt].filter((jid): jid is string => Boolean(jid));
      if (!revoke.fromMe && senders.length === 0) return false;
      const byAuthor = sentByAuthor(revoke, senders);
      const byAdmin = revoke.fromMe
        ? sql`true`
        : exists(
            db
              .select({ admin: waGroupParticipants.admin })
              .from(waGroupParticipants)
              .where(
                and(
                  eq(waGroupParticipants.sessionId, sessionId),
                  eq(waGroupParticipants.groupJid, revoke.groupJid),
                  eq(waGroupParticipants.admin, true),
                  or(inArray(waGroupParticipants.jid, senders), inArray(waGroupParticipants.altJid, senders)),
                ),
              ),
          );
      const admin = revoke.fromMe
        ? sql`(select ${waSessions.meJid} from ${waSessions} where ${waSessions.id} = ${sessionId})`
        : sql`${senders[0] ?? null}::text`;
      const changed = await db
        .update(waMessages)
        .set({
          messageType: 'revoked',
          body: '',
          hasMedia: false,
          thumbnail: null,
          mimetype: null,
          filename: null,
          raw: null,
          revokedBy: sql`case when ${byAuthor} then null else ${admin} end`,
          revokedAt: revoke.at > 0 ? revoke.at : null,
          editedAt: null,
        })
        .where(
          and(
            eq(waMessages.sessionId, sessionId),
            eq(waMessages.groupJid, revoke.groupJid),
            eq(waMessages.waId, revoke.targetId),
            or(byAuthor, byAdmin),
          ),
        )
        .returning({ seq: waMessages.seq });
      if (changed.length === 0) return false;
      // The group view never shows a deleted message's words, so its earlier texts and reactions go too
      // (a ticket keeps its own copy of what the customer wrote: decision 0026).
      const target = and(
        eq(waMessageEdits.sessionId, sessionId),
        eq(waMessageEdits.groupJid, revoke.groupJid),
        eq(waMessageEdits.waId, revoke.targetId),
      );
      await db.delete(waMessageEdits).where(target);
      await db
        .delete(waMessageReactions)
        .where(
          and(
            eq(waMessageReactions.sessionId, sessionId),
            eq(waMessageReactions.groupJid, revoke.groupJid),
            eq(waMessageReactions.targetWaId, revoke.targetId),
          ),
        );
      return true;
    },

    /**
     * A new text for a message, taken only from its author: our own message from one of our devices, or
     * another member's from that same member, whichever address (LID or phone number) either side uses.
     * An edit from anybody else changes nothing. Answers whether a message was changed.
     */
    async edit(sessionId: string, edit: MessageEdit): Promise<boolean> {
      const senders = [edit.author, edit.authorAlt].filter((jid): jid is string => Boolean(jid));
      if (!edit.fromMe && senders.length === 0) return false;
      const body = storableText(edit.body);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ seq: waMessages.seq, body: waMessages.body, editedAt: waMessages.editedAt })
          .from(waMessages)
          .where(
            and(
              eq(waMessages.sessionId, sessionId),
              eq(waMessages.groupJid, edit.groupJid),
              eq(waMessages.waId, edit.targetId),
              sql`${waMessages.messageType} <> 'revoked'`,
              sentByAuthor(edit, senders),
            ),
          )
          .for('update');
        // A redelivered edit (same text), or one older than the edit already applied, changes nothing.
        if (!row || row.body === body || (row.editedAt !== null && edit.at < row.editedAt)) return false;
        // The replaced text is kept with when it was replaced: the group view shows it on demand.
        await tx.insert(waMessageEdits).values({
          sessionId,
          groupJid: edit.groupJid,
          waId: edit.targetId,
          body: row.body,
          replacedAt: edit.at,
        });
        await tx.update(waMessages).set({ body, editedAt: edit.at }).where(eq(waMessages.seq, row.seq));
        return true;
      });
    },

    /**
     * The earlier texts of the group's messages `waIds`, oldest first, at most `perMessage` (the newest)
     * each: what the group view shows on demand.
     */
    async edits(
      sessionId: string,
      groupJid: string,
      waIds: readonly string[],
      perMessage: number,
    ): Promise<StoredEdit[]> {
      if (waIds.length === 0) return [];
      const result = (await db.execute(sql`
        select wa_id, body, replaced_at from (
          select wa_id, body, replaced_at, id,
            row_number() over (partition by wa_id order by id desc) as newest
          from wa_message_edits
          where session_id = ${sessionId} and group_jid = ${groupJid}
            and wa_id in (select jsonb_array_elements_text(${JSON.stringify([...new Set(waIds)])}::jsonb))
        ) e where newest <= ${perMessage}
        order by wa_id, id`)) as unknown as {
        rows: { wa_id: string; body: string; replaced_at: string | number }[];
      };
      return result.rows.map((row) => ({
        waId: row.wa_id,
        body: row.body,
        replacedAt: Number(row.replaced_at),
      }));
    },
  };
}
