import type { Agent, AgentUserType } from '@wadesk/contract';
import { useId, useMemo, useState } from 'react';
import { useRemoveAgent } from '@/features/agents/api/agents-queries';
import { useAgents } from '@/features/agents/hooks/use-agents';
import {
  AGENT_CSV_COLUMNS,
  AGENT_MESSAGES,
  ALL_USER_TYPES,
  filterAgents,
} from '@/features/agents/utils/agent-table';
import { useCan } from '@/shared/account/permissions';
import { RoleNotice } from '@/shared/account/role-notice';
import { errorMessage } from '@/shared/api/api-error';
import { downloadCsv } from '@/shared/csv/download-file';
import { type SortDirection, sortByCreatedAt } from '@/shared/table/sort';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { AddAgentModal } from './add-agent-modal';
import { AgentsTable } from './agents-table';
import { AgentsToolbar } from './agents-toolbar';
import { EditAgentModal } from './edit-agent-modal';
import { RemoveAgentDialog } from './remove-agent-dialog';

function Placeholder({ state, empty }: { state: ReturnType<typeof useAgents>; empty: boolean }) {
  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner className="size-8" label="Loading agents" />
      </div>
    );
  }
  if (state.status === 'error' && state.agents.length === 0) {
    return (
      <p className="px-5 py-14 text-center text-sm text-slate-600">
        The agents could not be loaded.{' '}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={state.refresh}>
          Try again
        </button>
      </p>
    );
  }
  return empty ? <p className="px-5 py-14 text-center text-sm text-slate-500">No Agents found</p> : null;
}

/** The Agents screen (/agents): list, sort, filter by user type, CSV export, add, edit and remove. */
export function AgentsScreen() {
  const state = useAgents();
  const [sort, setSort] = useState<SortDirection>('desc');
  const [types, setTypes] = useState<AgentUserType[]>(ALL_USER_TYPES);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Agent | null>(null);
  const [removing, setRemoving] = useState<Agent | null>(null);
  const removal = useRemoveAgent();
  // Adding, editing and removing agents is an admin's (decision 0016); members read the list.
  const canManage = useCan('manageAgents');
  const reasonId = useId();

  const rows = useMemo(
    () => filterAgents(sortByCreatedAt(state.agents, sort), types),
    [state.agents, sort, types],
  );

  const remove = (agent: Agent) =>
    removal.mutate(agent.id, {
      onSuccess: (answer) => (answer.success ? toast.success : toast.error)(answer.message),
      onError: (error) => toast.error(errorMessage(error, AGENT_MESSAGES.removeFailed)),
      onSettled: () => setRemoving(null),
    });
  const busy = removal.isPending;

  return (
    <>
      <PageHeader
        title="Agents"
        description="Your support staff. Their messages in your WhatsApp groups answer customers' tickets."
      />
      <RoleNotice id={reasonId} reason={canManage.reason} />
      <section
        aria-label="Agents"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <AgentsToolbar
          sort={sort}
          onSortChange={setSort}
          types={types}
          onTypesChange={setTypes}
          onDownload={() => downloadCsv('agents', rows, AGENT_CSV_COLUMNS)}
          onAdd={() => setAdding(true)}
          addRefusedBy={canManage.allowed ? null : reasonId}
          shown={rows.length}
          total={state.agents.length}
          onRefresh={state.refresh}
          refreshing={state.refreshing}
        />
        <Placeholder state={state} empty={rows.length === 0} />
        {rows.length > 0 ? (
          <AgentsTable
            agents={rows}
            onEdit={setEditing}
            onRemove={setRemoving}
            canManage={canManage.allowed}
          />
        ) : null}
      </section>
      <AddAgentModal
        open={adding && canManage.allowed}
        onClose={() => setAdding(false)}
        onAdded={() => setAdding(false)}
      />
      <EditAgentModal agent={editing} onClose={() => setEditing(null)} />
      <RemoveAgentDialog
        agent={removing}
        busy={busy}
        onCancel={() => {
          if (!busy) setRemoving(null);
        }}
        onConfirm={remove}
      />
    </>
  );
}
