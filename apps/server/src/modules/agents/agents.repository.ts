import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AgentUserType, agents } from '../../db/schema';

export type AgentRow = typeof agents.$inferSelect;

export interface NewAgent {
  name: string;
  /** E.164 */
  number: string;
  userType: AgentUserType;
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;

export function createAgentsRepository(db: Db) {
  return {
    list(organisationId: number): Promise<AgentRow[]> {
      return db
        .select()
        .from(agents)
        .where(eq(agents.organisationId, organisationId))
        .orderBy(asc(agents.createdAt), asc(agents.id));
    },

    /** The new agent, or null when the organisation already has one with this number. */
    async insert(organisationId: number, agent: NewAgent): Promise<AgentRow | null> {
      const [row] = await db
        .insert(agents)
        .values({ organisationId, ...agent })
        .onConflictDoNothing({ target: [agents.organisationId, agents.number] })
        .returning();
      return row ?? null;
    },

    async remove(organisationId: number, id: number): Promise<boolean> {
      const removed = await db
        .delete(agents)
        .where(and(eq(agents.organisationId, organisationId), eq(agents.id, id)))
        .returning({ id: agents.id });
      return removed.length > 0;
    },

    async count(organisationId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(agents)
        .where(eq(agents.organisationId, organisationId));
      return row?.n ?? 0;
    },
  };
}
