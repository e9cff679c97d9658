import { type Agent, type AgentUserType, agentMessages, type SuccessMessage, toE164 } from '@wadesk/contract';
import type { Clock } from '../../clock';
import { systemClock } from '../../clock';
import { AppError } from '../../errors';
import type { AuditRecorder } from '../audit/audit.service';
import { createAgentDirectory, type KnownAgent } from './agent-directory';
import type { AgentRow, AgentsRepository } from './agents.repository';

export interface AgentsServiceDeps {
  repo: AgentsRepository;
  clock?: Clock;
  /** How long the ticket engine's view of an organisation's agents is trusted (see agent-directory.ts). */
  directoryTtlMs?: number;
  /** Told after the organisation's agent list changed (the event stream pushes `agents.updated`). */
  onChange?: (organisationId: number) => void;
  /** Agents added, edited and removed by a member go in the audit log. */
  audit?: AuditRecorder;
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

/** Whether a typed number is `e164` in one of the spellings addAgent accepts (spaces, dashes, `00`, bare digits). */
function sameNumber(typed: string, e164: string): boolean {
  const compact = typed.replace(/[\s\-().]/g, '');
  const international = compact.startsWith('+')
    ? compact
    : compact.startsWith('00')
      ? `+${compact.slice(2)}`
      : `+${compact}`;
  return international === e164;
}

export function createAgentsService({
  repo,
  clock = systemClock,
  directoryTtlMs = 5_000,
  onChange = () => {},
  audit = { record: async () => {} },
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

  /** `actorId` null: the desk itself did it (owner agents), which the audit log leaves out. */
  const record = async (
    organisationId: number,
    actorId: number | null,
    action: 'agent.added' | 'agent.edited' | 'agent.removed',
    row: AgentRow,
    details: Record<string, unknown> = {},
  ) => {
    if (actorId === null) return;
    await audit.record({
      organisationId,
      actorId,
      action,
      target: `${row.name} (${row.number})`,
      details: { agent_id: row.id, ...details },
    });
  };

  return {
    /**
     * `request` has passed the contract schema: the name is trimmed and the number is E.164. `actorId`:
     * the member adding it, for the audit log.
     */
    async add(
      organisationId: number,
      request: { agent_name: string; agent_number: string },
      actorId: number | null = null,
    ): Promise<Agent> {
      const row = await repo.insert(organisationId, {
        name: request.agent_name,
        number: request.agent_number,
        userType: 'user',
      });
      if (!row) throw new AppError(409, agentMessages.duplicateNumber);
      changed(organisationId);
      await record(organisationId, actorId, 'agent.added', row);
      return toAgent(row);
    },

    /**
     * Edits an agent with addAgent's checks and words. Owner agents (decision 0013): their number is the
     * linked phone's, taken from WhatsApp as it is, so it is accepted unchanged even where number tables
     * would refuse it, and cannot be changed while the agent is an owner; only a number of one of the
     * organisation's linked sessions can become an owner agent.
     */
    async edit(
      organisationId: number,
      request: { agent_id: number; agent_name: string; agent_number: string; user_type?: AgentUserType },
      actorId: number | null = null,
    ): Promise<Agent> {
      const current = await repo.get(organisationId, request.agent_id);
      if (!current) throw new AppError(404, agentMessages.agentNotFound);
      const number = sameNumber(request.agent_number, current.number)
        ? current.number
        : toE164(request.agent_number);
      if (!number) throw new AppError(400, agentMessages.invalidNumber);
      const userType = request.user_type ?? current.userType;
      if (current.userType === 'owner' && userType === 'owner' && number !== current.number)
        throw new AppError(409, agentMessages.ownerNumberFixed);
      if (
        userType === 'owner' &&
        current.userType !== 'owner' &&
        !(await repo.isLinkedNumber(organisationId, number))
      )
        throw new AppError(409, agentMessages.ownerOnlyLinked);
      const row = await repo.update(organisationId, current.id, {
        name: request.agent_name,
        number,
        userType,
      });
      if (row === 'missing') throw new AppError(404, agentMessages.agentNotFound);
      if (row === 'duplicate') throw new AppError(409, agentMessages.duplicateNumber);
      changed(organisationId);
      const was: Record<string, string> = {};
      if (current.name !== row.name) was.name = current.name;
      if (current.number !== row.number) was.number = current.number;
      if (current.userType !== row.userType) was.user_type = current.userType;
      await record(organisationId, actorId, 'agent.edited', row, { was });
      return toAgent(row);
    },

    async list(organisationId: number): Promise<Agent[]> {
      return (await repo.list(organisationId)).map(toAgent);
    },

    /** The agent's name; null when the organisation has no agent with this id. */
    async name(organisationId: number, agentId: number): Promise<string | null> {
      return (await repo.get(organisationId, agentId))?.name ?? null;
    },

    async remove(
      organisationId: number,
      agentId: number,
      actorId: number | null = null,
    ): Promise<SuccessMessage> {
      const removed = await repo.remove(organisationId, agentId);
      if (!removed) throw new AppError(404, agentMessages.agentNotFound);
      changed(organisationId);
      await record(organisationId, actorId, 'agent.removed', removed);
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
