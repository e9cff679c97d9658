import { FunnelIcon, XIcon } from 'lucide-react';
import { Spinner } from '@/shared/ui/spinner';
import { chipLabel } from './drill-down';
import type { ViewerFilter } from './use-drill-down';

/** "Tuesday 21:00–22:00 · 37 messages ✕": the viewer shows only these; ✕ shows the whole chat again. */
export function FilterChip({ filter }: { filter: ViewerFilter }) {
  const count = filter.indices?.length ?? null;
  const label = chipLabel(filter.drillDown, count);
  return (
    <div className="flex w-full min-w-0 items-center gap-2" data-testid="filter-chip">
      <span className="inline-flex min-w-0 items-center gap-1.5 rounded-full bg-brand-700 py-1 pr-1 pl-3 text-xs font-semibold text-white shadow-sm sm:text-sm">
        {count === null ? (
          <Spinner className="size-3.5 shrink-0" />
        ) : (
          <FunnelIcon className="size-3.5 shrink-0" />
        )}
        <span className="truncate" data-testid="filter-chip-label" title={label}>
          {label}
        </span>
        <button
          type="button"
          onClick={filter.clear}
          aria-label="Remove filter and show all messages"
          className="ml-0.5 shrink-0 rounded-full p-1 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
        >
          <XIcon className="size-3.5" />
        </button>
      </span>
    </div>
  );
}
