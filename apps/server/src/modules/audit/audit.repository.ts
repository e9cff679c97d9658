import type { AuditAction } from '@wadesk/contract';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storableDeep, storableText } from '../../text';
import { auditLog } from './audit.schema';

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

/** What the Audit log page and its export filter by; `from` inclusive, `to` exclusive. */
export interface AuditFilter {
  action?: AuditAction;
  actorId?: number;
  from?: Date;
  to?: Date;
}

export type AuditRow = typeof auditLog.$inferSelect;

export function createAuditRepository(db: Db) {
  return {
    /**
     * A page of the organisation's entries, newest first, older than the entry `beforeId` (a cursor on
     * (at, id), which the index `audit_log_organisation_at_idx` walks backwards).
     */
    page(
      organisationId: number,
      filter: AuditFilter,
      beforeId: number | undefined,
      limit: number,
    ): Promise<AuditRow[]> {
      const where: (SQL | undefined)[] = [
        eq(auditLog.organisationId, organisationId),
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
        filter.from ? gte(auditLog.at, filter.from) : undefined,
        filter.to ? lt(auditLog.at, filter.to) : undefined,
        beforeId === undefined
          ? undefined
          : sql`(${auditLog.at}, ${auditLog.id}) < (select b.at, b.id from audit_log b
              where b.id = ${beforeId} and b.organisation_id = ${organisationId})`,
      ];
      return db
        .select()
        .from(auditLog)
        .where(and(...where))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },

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
