import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { waSessions } from '../sessions/sessions.schema';
import { type AgentUserType, agents } from './agents.schema';

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

    async get(organisationId: number, id: number): Promise<AgentRow | null> {
      const [row] = await db
        .select()
        .from(agents)
        .where(and(eq(agents.organisationId, organisationId), eq(agents.id, id)));
      return row ?? null;
    },

    /**
     * Replaces the agent's name, number and type: the agent as stored now, `missing` when the organisation
     * has no such agent (any more), `duplicate` when another of its agents has the number.
     */
    async update(
      organisationId: number,
      id: number,
      agent: NewAgent,
    ): Promise<AgentRow | 'missing' | 'duplicate'> {
      try {
        const [row] = await db
          .update(agents)
          .set(agent)
          .where(and(eq(agents.organisationId, organisationId), eq(agents.id, id)))
          .returning();
        return row ?? 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },

    /** Whether `number` (E.164) is the linked phone of one of the organisation's sessions. */
    async isLinkedNumber(organisationId: number, number: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(waSessions)
        .where(
          and(eq(waSessions.organisationId, organisationId), eq(waSessions.phone, number.replace(/^\+/, ''))),
        );
      return (row?.n ?? 0) > 0;
    },

    /** The removed agent; null when the organisation has no such agent. */
    async remove(organisationId: number, id: number): Promise<AgentRow | null> {
      const [removed] = await db
        .delete(agents)
        .where(and(eq(agents.organisationId, organisationId), eq(agents.id, id)))
        .returning();
      return removed ?? null;
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
