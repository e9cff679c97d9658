import { ArrowUpDownIcon, FunnelIcon } from 'lucide-react';
import type { SessionFilter, SortDirection } from '@/features/sessions/utils/session-table';
import { Button } from '@/shared/ui/button';

interface SessionsToolbarProps {
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
  filter: SessionFilter;
  onFilterChange: (filter: SessionFilter) => void;
  shown: number;
  total: number;
}

const checkbox = 'size-4 rounded border-slate-300 accent-brand-700';

/** Sort by creation time (toggle) and the Active / Inactive filter, both boxes ticked at first. */
export function SessionsToolbar({
  sort,
  onSortChange,
  filter,
  onFilterChange,
  shown,
  total,
}: SessionsToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-3 border-b border-slate-200 px-4 py-3 sm:px-5">
      <Button
        variant="secondary"
        size="md"
        icon={<ArrowUpDownIcon className="size-4" />}
        onClick={() => onSortChange(sort === 'desc' ? 'asc' : 'desc')}
        aria-label={`Sort by created date, now ${sort === 'desc' ? 'newest' : 'oldest'} first`}
      >
        {sort === 'desc' ? 'Newest first' : 'Oldest first'}
      </Button>
      <fieldset className="flex items-center gap-4 text-sm text-slate-700">
        <legend className="sr-only">Filter sessions</legend>
        <span aria-hidden="true" className="flex items-center gap-1.5 text-slate-500">
          <FunnelIcon className="size-4" />
          Filter
        </span>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className={checkbox}
            checked={filter.active}
            onChange={(event) => onFilterChange({ ...filter, active: event.target.checked })}
          />
          Active
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className={checkbox}
            checked={filter.inactive}
            onChange={(event) => onFilterChange({ ...filter, inactive: event.target.checked })}
          />
          Inactive
        </label>
      </fieldset>
      <p className="ml-auto text-xs text-slate-500" aria-live="polite">
        {shown === total
          ? `${total} ${total === 1 ? 'session' : 'sessions'}`
          : `${shown} of ${total} sessions`}
      </p>
    </div>
  );
}
