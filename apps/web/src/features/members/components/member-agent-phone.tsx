import type { Agent, Member } from '@wadesk/contract';
import { PhoneIcon } from 'lucide-react';
import { fullName } from '@/shared/format/person-name';
import { formatPhone } from '@/shared/format/phone';

interface MemberAgentPhoneProps {
  member: Member;
  members: readonly Member[];
  agents: readonly Agent[];
  /** Admins and owners link members to agent phones; everyone else reads the link. */
  canLink: boolean;
  busy: boolean;
  onLink: (member: Member, agentId: number | null) => void;
}

const agentLabel = (agent: Agent) => `${agent.agent_name} · ${formatPhone(agent.agent_number)}`;

/**
 * The agent phone whose WhatsApp replies count as this member's (they are assigned the tickets they answer
 * from it). A phone is one member's: phones linked to someone else are listed but cannot be chosen.
 */
export function MemberAgentPhone({ member, members, agents, canLink, busy, onLink }: MemberAgentPhoneProps) {
  const linked = agents.find((agent) => agent.id === member.agent_id) ?? null;
  if (!canLink) {
    return linked ? (
      <span className="inline-flex items-center gap-1.5 text-slate-700">
        <PhoneIcon aria-hidden="true" className="size-3.5 text-slate-400" />
        {agentLabel(linked)}
      </span>
    ) : (
      <span className="text-slate-500">Not linked</span>
    );
  }
  const owners = new Map(
    members.filter((other) => other.agent_id !== null).map((other) => [other.agent_id, other] as const),
  );
  return (
    <select
      aria-label={`Agent phone of ${fullName(member)}`}
      value={member.agent_id ?? ''}
      disabled={busy}
      onChange={(event) => onLink(member, event.target.value === '' ? null : Number(event.target.value))}
      className="h-8 w-full max-w-64 rounded-lg border border-slate-300 bg-white pr-8 pl-2.5 text-sm text-slate-800 shadow-xs focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:cursor-wait disabled:bg-slate-50"
    >
      <option value="">Not linked</option>
      {agents.map((agent) => {
        const holder = owners.get(agent.id);
        const taken = holder !== undefined && holder.id !== member.id;
        return (
          <option key={agent.id} value={agent.id} disabled={taken}>
            {taken ? `${agentLabel(agent)} (${fullName(holder)})` : agentLabel(agent)}
          </option>
        );
      })}
    </select>
  );
}
