import { type Agent, agentMessages, type SuccessMessage } from '@wadesk/contract';
import type { Clock } from '../../clock';
import { systemClock } from '../../clock';
import { AppError } from '../../errors';
import { createAgentDirectory, type KnownAgent } from './agent-directory';
import type { AgentRow, AgentsRepository } from './agents.repository';

export interface AgentsServiceDeps {
  repo: AgentsRepository;
  clock?: Clock;
  /** How long the ticket engine's view of an organisation's agents is trusted (see agent-directory.ts). */
  directoryTtlMs?: number;
  /** Told after the organisation's agent list changed (the event stream pushes `agents.updated`). */
  onChange?: (organisationId: number) => void;
}

export type AgentsService = ReturnType<typeof createAgentsService>;
export type { KnownAgent };

export function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    agent_name: row.name,
    agent_number: row.number,
    user_type: row.userType,
    created_at: row.createdAt.toISOString(),
  };
}

export function createAgentsService({
  repo,
  clock = systemClock,
  directoryTtlMs = 5_000,
  onChange = () => {},
}: AgentsServiceDeps) {
  const directory = createAgentDirectory({
    load: async (organisationId) =>
      (await repo.list(organisationId)).map((row) => ({ name: row.name, number: row.number })),
    clock,
    ttlMs: directoryTtlMs,
  });
  const changed = (organisationId: number) => {
    directory.forget(organisationId);
    onChange(organisationId);
  };

  return {
    /** `request` has passed the contract schema: the name is trimmed and the number is E.164. */
    async add(organisationId: number, request: { agent_name: string; agent_number: string }): Promise<Agent> {
      const row = await repo.insert(organisationId, {
        name: request.agent_name,
        number: request.agent_number,
        userType: 'user',
      });
      if (!row) throw new AppError(409, agentMessages.duplicateNumber);
      changed(organisationId);
      return toAgent(row);
    },

    async list(organisationId: number): Promise<Agent[]> {
      return (await repo.list(organisationId)).map(toAgent);
    },

    async remove(organisationId: number, agentId: number): Promise<SuccessMessage> {
      if (!(await repo.remove(organisationId, agentId))) throw new AppError(404, agentMessages.agentNotFound);
      changed(organisationId);
      return { success: true, message: agentMessages.agentRemoved };
    },

    count: (organisationId: number): Promise<number> => repo.count(organisationId),

    /**
     * Lists a linked WhatsApp account's own number as an `owner` agent named after its session, unless the
     * number is already an agent (of either type: a hand-added agent keeps its name). Answers whether it added one.
     */
    async ensureOwner(organisationId: number, phone: string, sessionName: string): Promise<boolean> {
      // WhatsApp's own digits are authoritative: libphonenumber's tables may not know every range in use.
      const digits = phone.replace(/\D/g, '');
      if (!/^[1-9]\d{5,14}$/.test(digits)) return false;
      const number = `+${digits}`;
      const row = await repo.insert(organisationId, {
        name: sessionName.slice(0, 100),
        number,
        userType: 'owner',
      });
      if (row) changed(organisationId);
      return row !== null;
    },

    /**
     * The agent whose number is `phone` (a sender's digits from WhatsApp, with or without `+`), or null.
     * WhatsApp numbers are already country code + national number, so `+digits` is their E.164 form.
     */
    async byNumber(organisationId: number, phone: string): Promise<KnownAgent | null> {
      const digits = phone.replace(/\D/g, '');
      return digits ? directory.byNumber(organisationId, `+${digits}`) : null;
    },
  };
}
