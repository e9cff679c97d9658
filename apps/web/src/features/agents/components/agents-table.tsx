import type { Agent } from '@wadesk/contract';
import { Trash2Icon } from 'lucide-react';
import { formatDateTime } from '../../../shared/format/format';
import { formatPhone } from '../../../shared/format/phone';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { Button } from '../../../shared/ui/button';

interface AgentsTableProps {
  agents: Agent[];
  onRemove: (agent: Agent) => void;
}

function UserTypeBadge({ type }: { type: Agent['user_type'] }) {
  const tone =
    type === 'owner' ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-sky-50 text-sky-800 ring-sky-200';
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {type}
    </span>
  );
}

function RemoveButton({ agent, onRemove }: { agent: Agent; onRemove: (agent: Agent) => void }) {
  return (
    <Button
      variant="secondary"
      size="md"
      className="text-red-700 hover:bg-red-50"
      icon={<Trash2Icon className="size-4" />}
      onClick={() => onRemove(agent)}
      aria-label={`Remove ${agent.agent_name}`}
    >
      Remove
    </Button>
  );
}

const th =
  'px-3 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase first:pl-5';
const td = 'px-3 py-3 align-middle first:pl-5';

/** The agents as a table on larger screens and as cards on phones. */
export function AgentsTable({ agents, onRemove }: AgentsTableProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (mobile) {
    return (
      <ul className="divide-y divide-slate-100" aria-label="Agents">
        {agents.map((agent) => (
          <li
            key={agent.id}
            data-agent-id={agent.id}
            className="flex items-start justify-between gap-3 px-4 py-4"
          >
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
                {agent.agent_name} <UserTypeBadge type={agent.user_type} />
              </p>
              <p className="text-sm text-slate-700 tabular-nums">{formatPhone(agent.agent_number)}</p>
              <p className="text-xs text-slate-500">
                #{agent.id} · added {formatDateTime(agent.created_at)}
              </p>
            </div>
            <RemoveButton agent={agent} onRemove={onRemove} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th className={th}>Agent ID</th>
            <th className={th}>Name</th>
            <th className={th}>Phone Number</th>
            <th className={th}>User type</th>
            <th className={th}>Created At</th>
            <th className={th}>Remove Agent</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {agents.map((agent) => (
            <tr key={agent.id} data-agent-id={agent.id} className="hover:bg-slate-50/60">
              <td className={`${td} text-slate-500 tabular-nums`}>{agent.id}</td>
              <td className={`${td} max-w-64 font-semibold break-words text-slate-900`}>
                {agent.agent_name}
              </td>
              <td className={`${td} whitespace-nowrap text-slate-700 tabular-nums`}>
                {formatPhone(agent.agent_number)}
              </td>
              <td className={td}>
                <UserTypeBadge type={agent.user_type} />
              </td>
              <td className={`${td} whitespace-nowrap text-slate-600 tabular-nums`}>
                {formatDateTime(agent.created_at)}
              </td>
              <td className={td}>
                <RemoveButton agent={agent} onRemove={onRemove} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
