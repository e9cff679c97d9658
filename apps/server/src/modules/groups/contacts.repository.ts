import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waContacts } from '../../db/schema';
import { stripNul } from '../../text';
import type { ContactInfo } from '../../whatsapp/driver';
import type { ContactName } from './group-message';

export type ContactsRepository = ReturnType<typeof createContactsRepository>;

/** wa_contacts: names and LID/phone-number pairs a session learned, to name message authors. */
export function createContactsRepository(db: Db) {
  return {
    async save(sessionId: string, contacts: ContactInfo[]): Promise<void> {
      const merged = new Map<string, ContactInfo>();
      for (const received of contacts) {
        // Names come from the phone and may hold U+0000, which PostgreSQL cannot store.
        const c = {
          jid: stripNul(received.jid),
          name: stripNul(received.name),
          altJid: stripNul(received.altJid),
        };
        const seen = merged.get(c.jid);
        merged.set(c.jid, {
          jid: c.jid,
          name: c.name ?? seen?.name ?? null,
          altJid: c.altJid ?? seen?.altJid ?? null,
        });
      }
      if (merged.size === 0) return;
      await db
        .insert(waContacts)
        .values([...merged.values()].map((c) => ({ sessionId, jid: c.jid, name: c.name, altJid: c.altJid })))
        .onConflictDoUpdate({
          target: [waContacts.sessionId, waContacts.jid],
          set: {
            name: sql`coalesce(excluded.name, ${waContacts.name})`,
            altJid: sql`coalesce(excluded.alt_jid, ${waContacts.altJid})`,
          },
        });
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
