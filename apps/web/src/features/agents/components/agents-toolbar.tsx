import type { AgentUserType } from '@wadesk/contract';
import { DownloadIcon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import { USER_TYPES } from '@/features/agents/utils/agent-table';
import { CheckboxFilter } from '@/shared/table/checkbox-filter';
import type { SortDirection } from '@/shared/table/sort';
import { SortButton } from '@/shared/table/sort-button';
import { Button } from '@/shared/ui/button';

interface AgentsToolbarProps {
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
  types: AgentUserType[];
  onTypesChange: (types: AgentUserType[]) => void;
  onDownload: () => void;
  onAdd: () => void;
  /** The id of the words saying why this user may not add agents; Add Agent is disabled then. */
  addRefusedBy: string | null;
  shown: number;
  total: number;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Sort, Filter by user type, the count with a refresh, Download as CSV (the rows shown) and Add Agent. */
export function AgentsToolbar(props: AgentsToolbarProps) {
  const { sort, onSortChange, types, onTypesChange, onDownload, onAdd, shown, total, onRefresh, refreshing } =
    props;
  const { addRefusedBy } = props;
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-3 border-b border-slate-200 px-4 py-3 sm:px-5">
      <SortButton sort={sort} onChange={onSortChange} />
      <CheckboxFilter
        legend="Filter by user type"
        options={USER_TYPES}
        selected={types}
        onChange={onTypesChange}
      />
      {/* The refresh sits with the count it updates, not on a line of its own under the page title. */}
      <div className="flex items-center gap-1">
        <p className="text-xs text-slate-500" aria-live="polite">
          {shown === total ? `${total} ${total === 1 ? 'agent' : 'agents'}` : `${shown} of ${total} agents`}
        </p>
        <Button
          variant="ghost"
          size="md"
          className="px-2"
          icon={<RefreshCwIcon aria-hidden="true" className={`size-4 ${refreshing ? 'animate-spin' : ''}`} />}
          onClick={onRefresh}
          aria-label="Refresh agents"
          title="Refresh agents"
        />
      </div>
      <div className="flex w-full flex-col gap-2 min-[420px]:flex-row sm:ml-auto sm:w-auto">
        <Button
          variant="secondary"
          size="md"
          className="min-[420px]:flex-1 sm:flex-none"
          icon={<DownloadIcon className="size-4" />}
          onClick={onDownload}
          disabled={shown === 0}
        >
          Download as CSV
        </Button>
        <Button
          size="md"
          className="min-[420px]:flex-1 sm:flex-none"
          icon={<PlusIcon className="size-4" />}
          disabled={addRefusedBy !== null}
          aria-describedby={addRefusedBy ?? undefined}
          onClick={onAdd}
        >
          Add Agent
        </Button>
      </div>
    </div>
  );
}
