import type { AuditAction } from '@wadesk/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storableDeep, storableText } from '../../text';

/** One thing that happened. `actorId` null: WhatsApp or the system did it (e.g. an automatic assignment). */
export interface AuditEntry {
  organisationId: number;
  actorId: number | null;
  action: AuditAction;
  /** What it was done to, in words: "Ticket #12", "ana@example.com". */
  target?: string | null;
  details?: Record<string, unknown>;
  /** Defaults to the database's now(). */
  at?: Date;
}

export function createAuditRepository(db: Db) {
  return {
    /**
     * Appends an entry. The actor's name and email are copied in the same statement, so the entry keeps
     * saying who did it after the member is removed.
     */
    async append(entry: AuditEntry): Promise<void> {
      const details = JSON.stringify(storableDeep(entry.details ?? {}));
      await db.execute(sql`
        insert into audit_log (organisation_id, at, actor_id, actor_name, action, target, details)
        values (${entry.organisationId}, ${entry.at ? entry.at.toISOString() : sql`now()`}::timestamptz,
          ${entry.actorId},
          (select trim(first_name || ' ' || last_name) || ' <' || email || '>' from users
            where id = ${entry.actorId} and organisation_id = ${entry.organisationId}),
          ${entry.action}, ${entry.target == null ? null : storableText(entry.target)}, ${details}::jsonb)`);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
