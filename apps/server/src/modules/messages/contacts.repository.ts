import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storableText } from '../../text';
import type { ContactInfo } from '../../whatsapp/driver';
import type { ContactName } from './group-message';
import { waContacts } from './messages.schema';

export type ContactsRepository = ReturnType<typeof createContactsRepository>;

/** A LID/phone-number pair (either direction): `jid` is known as `altJid`. */
export interface ContactPair {
  jid: string;
  altJid: string;
}

/**
 * Contacts as they are stored: one entry per JID, later reports winning field by field, and every pair
 * in both directions (a pair reported as phone → LID also answers LID → phone). A reverse entry only fills
 * what the reports about that JID left unknown.
 */
export function mergeContacts(contacts: readonly ContactInfo[]): Map<string, ContactInfo> {
  const merged = new Map<string, ContactInfo>();
  for (const c of contacts) {
    const seen = merged.get(c.jid);
    merged.set(c.jid, {
      jid: c.jid,
      name: c.name ?? seen?.name ?? null,
      altJid: c.altJid ?? seen?.altJid ?? null,
    });
  }
  for (const c of contacts) {
    if (!c.altJid || c.altJid === c.jid) continue;
    const seen = merged.get(c.altJid);
    merged.set(c.altJid, { jid: c.altJid, name: seen?.name ?? c.name, altJid: seen?.altJid ?? c.jid });
  }
  return merged;
}

/** wa_contacts: names and LID/phone-number pairs a session learned, to name message authors. */
export function createContactsRepository(db: Db) {
  return {
    /**
     * Stores names and pairs, both directions; what is not reported (a null name or pair) keeps what was
     * known. Answers the pairs that are new or changed, in one statement, so that what depends on them
     * (messages stored without the author's phone number) is looked at only when something was learned.
     */
    async save(sessionId: string, contacts: readonly ContactInfo[]): Promise<ContactPair[]> {
      // Names come from the phone and may hold U+0000, which PostgreSQL cannot store.
      const clean = contacts.map((c) => ({
        jid: storableText(c.jid),
        name: storableText(c.name),
        altJid: storableText(c.altJid),
      }));
      const merged = [...mergeContacts(clean).values()].filter((c) => c.name || c.altJid);
      if (merged.length === 0) return [];
      const json = JSON.stringify(merged.map((c) => ({ jid: c.jid, name: c.name, alt_jid: c.altJid })));
      // `known` reads the rows as they were before this statement (one snapshot for every part of it).
      const result = (await db.execute(sql`
        with input as (
          select * from json_to_recordset(${json}::json) as t(jid text, name text, alt_jid text)
        ), known as (
          select c.jid, c.alt_jid from wa_contacts c
          where c.session_id = ${sessionId} and c.jid in (select jid from input)
        ), saved as (
          insert into wa_contacts (session_id, jid, name, alt_jid)
          select ${sessionId}::uuid, jid, name, alt_jid from input
          on conflict (session_id, jid) do update set
            name = coalesce(excluded.name, wa_contacts.name),
            alt_jid = coalesce(excluded.alt_jid, wa_contacts.alt_jid)
          where excluded.name is distinct from wa_contacts.name and excluded.name is not null
            or excluded.alt_jid is distinct from wa_contacts.alt_jid and excluded.alt_jid is not null
          returning jid, alt_jid
        )
        select s.jid, s.alt_jid from saved s
        where s.alt_jid is not null
          and s.alt_jid is distinct from (select k.alt_jid from known k where k.jid = s.jid)`)) as unknown as {
        rows: { jid: string; alt_jid: string }[];
      };
      return result.rows.map((row) => ({ jid: row.jid, altJid: row.alt_jid }));
    },

    async names(sessionId: string, jids: string[]): Promise<Map<string, ContactName>> {
      if (jids.length === 0) return new Map();
      const rows = await db
        .select({ jid: waContacts.jid, name: waContacts.name, altJid: waContacts.altJid })
        .from(waContacts)
        .where(and(eq(waContacts.sessionId, sessionId), inArray(waContacts.jid, jids)));
      return new Map(rows.map((r) => [r.jid, { name: r.name, altJid: r.altJid }]));
    },
  };
}
