import type { AgentUserType } from '@wadesk/contract';
import { DownloadIcon, PlusIcon } from 'lucide-react';
import { CheckboxFilter } from '../../../shared/table/checkbox-filter';
import type { SortDirection } from '../../../shared/table/sort';
import { SortButton } from '../../../shared/table/sort-button';
import { Button } from '../../../shared/ui/button';
import { USER_TYPES } from '../utils/agent-table';

interface AgentsToolbarProps {
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
  types: AgentUserType[];
  onTypesChange: (types: AgentUserType[]) => void;
  onDownload: () => void;
  onAdd: () => void;
  shown: number;
  total: number;
}

/** Sort, Filter by user type, Download as CSV (the rows shown) and Add Agent. */
export function AgentsToolbar(props: AgentsToolbarProps) {
  const { sort, onSortChange, types, onTypesChange, onDownload, onAdd, shown, total } = props;
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-3 border-b border-slate-200 px-4 py-3 sm:px-5">
      <SortButton sort={sort} onChange={onSortChange} />
      <CheckboxFilter
        legend="Filter by user type"
        options={USER_TYPES}
        selected={types}
        onChange={onTypesChange}
      />
      <p className="text-xs text-slate-500" aria-live="polite">
        {shown === total ? `${total} ${total === 1 ? 'agent' : 'agents'}` : `${shown} of ${total} agents`}
      </p>
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
          onClick={onAdd}
        >
          Add Agent
        </Button>
      </div>
    </div>
  );
}
