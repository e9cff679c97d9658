import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lockOrganisation } from '../../db/organisation-lock';
import { labels } from './tickets.schema';

export type LabelRow = typeof labels.$inferSelect;
export type LabelsRepository = ReturnType<typeof createLabelsRepository>;

/** The organisation's labels; a second label of the same name (any case) is a unique violation. */
export function createLabelsRepository(db: Db) {
  const ofOrganisation = (organisationId: number, id: number) =>
    and(eq(labels.organisationId, organisationId), eq(labels.id, id));
  return {
    list(organisationId: number): Promise<LabelRow[]> {
      return db
        .select()
        .from(labels)
        .where(eq(labels.organisationId, organisationId))
        .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
    },

    /** 'full' when the organisation already has `max` labels. */
    async create(
      organisationId: number,
      name: string,
      colour: string,
      max: number,
    ): Promise<LabelRow | 'full'> {
      return db.transaction(async (tx) => {
        await lockOrganisation(tx, organisationId);
        const [held] = await tx
          .select({ n: count() })
          .from(labels)
          .where(eq(labels.organisationId, organisationId));
        if ((held?.n ?? 0) >= max) return 'full';
        const [row] = await tx.insert(labels).values({ organisationId, name, colour }).returning();
        if (!row) throw new Error('the label was not stored');
        return row;
      });
    },

    /** Null when the label is not the organisation's. */
    async update(organisationId: number, id: number, name: string, colour: string): Promise<LabelRow | null> {
      const [row] = await db
        .update(labels)
        .set({ name, colour })
        .where(ofOrganisation(organisationId, id))
        .returning();
      return row ?? null;
    },

    /** Takes it off every ticket too (ticket_labels cascades). Null when it is not the organisation's. */
    async remove(organisationId: number, id: number): Promise<LabelRow | null> {
      const [row] = await db.delete(labels).where(ofOrganisation(organisationId, id)).returning();
      return row ?? null;
    },
  };
}
