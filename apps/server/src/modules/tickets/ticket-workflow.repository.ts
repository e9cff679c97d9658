import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../auth/auth.schema';
import type { TicketNoteRow, TicketRow } from './tickets.schema';
import { labels, memberName, ticketLabels, ticketNotes, tickets } from './tickets.schema';

export type TicketWorkflowRepository = ReturnType<typeof createTicketWorkflowRepository>;

/** Assignee, notes and a ticket's labels. Callers check the ticket is the organisation's first. */
export function createTicketWorkflowRepository(db: Db) {
  return {
    /** The member's name, or null when they are not of the organisation. */
    async memberName(organisationId: number, userId: number): Promise<string | null> {
      const [row] = await db
        .select({ name: memberName })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
      return row?.name ?? null;
    },

    async assign(
      organisationId: number,
      ticketId: number,
      assigneeId: number | null,
    ): Promise<TicketRow | null> {
      const [row] = await db
        .update(tickets)
        .set({ assigneeId })
        .where(and(eq(tickets.organisationId, organisationId), eq(tickets.id, ticketId)))
        .returning();
      return row ?? null;
    },

    /**
     * The author's name is copied in the same statement: a removed member's notes still say who wrote them.
     * 'full' when the ticket already has `max` notes, 'gone' when it is no longer the organisation's (merged).
     */
    async addNote(
      organisationId: number,
      ticketId: number,
      userId: number,
      body: string,
      max: number,
    ): Promise<TicketNoteRow | 'full' | 'gone'> {
      return db.transaction(async (tx) => {
        // The ticket row locked, two notes take turns: both cannot pass the count. (No key update: the
        // ticket's messages, which merely reference it, are not held up.)
        const [ticket] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.organisationId, organisationId), eq(tickets.id, ticketId)))
          .for('no key update');
        if (!ticket) return 'gone';
        const [held] = await tx
          .select({ n: count() })
          .from(ticketNotes)
          .where(eq(ticketNotes.ticketId, ticketId));
        if ((held?.n ?? 0) >= max) return 'full';
        const author = tx
          .select({ name: memberName })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
        const [row] = await tx
          .insert(ticketNotes)
          .values({ ticketId, userId, authorName: sql`(${author})`, body })
          .returning();
        if (!row) throw new Error('the note was not stored');
        return row;
      });
    },

    /** How many of `userIds` are members of the organisation (also the inbox's check, through app.ts). */
    async countMembers(organisationId: number, userIds: readonly number[]): Promise<number> {
      if (userIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.organisationId, organisationId), inArray(users.id, [...userIds])));
      return row?.n ?? 0;
    },

    /** How many of `labelIds` are the organisation's (also the inbox's check, through app.ts). */
    async countLabels(organisationId: number, labelIds: readonly number[]): Promise<number> {
      if (labelIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(labels)
        .where(and(eq(labels.organisationId, organisationId), inArray(labels.id, [...labelIds])));
      return row?.n ?? 0;
    },

    /**
     * Puts one label on the ticket, leaving its others as they are at that moment: one statement, so a
     * label another member sets meanwhile is kept (a bulk change that read the ticket earlier must not
     * write its whole set back). False when nothing was added: the label is on it already, or the ticket
     * or label is not the organisation's (any more).
     */
    async addLabel(organisationId: number, ticketId: number, labelId: number): Promise<boolean> {
      const pair = db
        .select({ ticketId: tickets.id, labelId: labels.id })
        .from(tickets)
        .innerJoin(labels, eq(labels.organisationId, tickets.organisationId))
        .where(
          and(eq(tickets.organisationId, organisationId), eq(tickets.id, ticketId), eq(labels.id, labelId)),
        );
      const added = await db
        .insert(ticketLabels)
        .select(pair)
        .onConflictDoNothing()
        .returning({ ticketId: ticketLabels.ticketId });
      return added.length > 0;
    },

    /** The ticket's labels become exactly `labelIds` (checked to be the organisation's). */
    async setLabels(ticketId: number, labelIds: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        const others = labelIds.length ? notInArray(ticketLabels.labelId, labelIds) : undefined;
        await tx.delete(ticketLabels).where(and(eq(ticketLabels.ticketId, ticketId), others));
        if (labelIds.length)
          await tx
            .insert(ticketLabels)
            .values(labelIds.map((labelId) => ({ ticketId, labelId })))
            .onConflictDoNothing();
      });
    },
  };
}
