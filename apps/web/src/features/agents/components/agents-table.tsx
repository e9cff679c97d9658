import type { Agent } from '@wadesk/contract';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { formatDateTime } from '@/shared/format/format';
import { formatPhone } from '@/shared/format/phone';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/hooks/use-media-query';
import { TABLE_HEADER_CELL, tableCell } from '@/shared/table/table-classes';
import { Button } from '@/shared/ui/button';

interface AgentsTableProps {
  agents: Agent[];
  onEdit: (agent: Agent) => void;
  onRemove: (agent: Agent) => void;
  /** Admins and owners edit and remove agents; members see no Edit or Remove (the page says why). */
  canManage: boolean;
}

function UserTypeBadge({ type }: { type: Agent['user_type'] }) {
  const tone =
    type === 'owner' ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-sky-50 text-sky-800 ring-sky-200';
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
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

function EditButton({ agent, onEdit }: { agent: Agent; onEdit: (agent: Agent) => void }) {
  return (
    <Button
      variant="secondary"
      size="md"
      icon={<PencilIcon className="size-4" />}
      onClick={() => onEdit(agent)}
      aria-label={`Edit ${agent.agent_name}`}
    >
      Edit
    </Button>
  );
}

// A name without spaces (a pasted number, an e-mail address) still breaks inside its cell.
const NAME = 'font-semibold [overflow-wrap:anywhere] text-slate-900';

const th = TABLE_HEADER_CELL;
const td = tableCell('middle');

/**
 * The agents as a table on larger screens and as cards on phones. The first column is the row's running
 * number in the order shown (1, 2, 3 …), not the database id, whose gaps mean nothing to people.
 */
export function AgentsTable({ agents, onEdit, onRemove, canManage }: AgentsTableProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (mobile) {
    return (
      <ul className="divide-y divide-slate-100" aria-label="Agents">
        {agents.map((agent, index) => (
          <li key={agent.id} data-agent-id={agent.id} className="space-y-1 px-4 py-4">
            <div className="flex items-start gap-2">
              <p className={`min-w-0 ${NAME}`}>{agent.agent_name}</p>
              <UserTypeBadge type={agent.user_type} />
            </div>
            <p className="text-sm text-slate-700 tabular-nums">{formatPhone(agent.agent_number)}</p>
            <p className="text-xs text-slate-500">
              No. {index + 1} · added {formatDateTime(agent.created_at)}
            </p>
            {canManage ? (
              <div className="flex justify-end gap-2 pt-2">
                <EditButton agent={agent} onEdit={onEdit} />
                <RemoveButton agent={agent} onRemove={onRemove} />
              </div>
            ) : null}
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
            <th className={th}>No.</th>
            <th className={th}>Name</th>
            <th className={th}>Phone Number</th>
            <th className={th}>User type</th>
            <th className={th}>Created At</th>
            {canManage ? <th className={th}>Edit Agent</th> : null}
            {canManage ? <th className={th}>Remove Agent</th> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {agents.map((agent, index) => (
            <tr key={agent.id} data-agent-id={agent.id} className="hover:bg-slate-50/60">
              <td className={`${td} text-slate-500 tabular-nums`}>{index + 1}</td>
              <td className={`${td} max-w-64`}>
                <span className={`line-clamp-2 ${NAME}`} title={agent.agent_name}>
                  {agent.agent_name}
                </span>
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
              {canManage ? (
                <td className={td}>
                  <EditButton agent={agent} onEdit={onEdit} />
                </td>
              ) : null}
              {canManage ? (
                <td className={td}>
                  <RemoveButton agent={agent} onRemove={onRemove} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
