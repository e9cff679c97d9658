import type { TicketStatus } from '@wadesk/contract';
import { DownloadIcon } from 'lucide-react';
import { CheckboxFilter } from '../../../shared/table/checkbox-filter';
import type { SortDirection } from '../../../shared/table/sort';
import { SortButton } from '../../../shared/table/sort-button';
import { Button } from '../../../shared/ui/button';
import { TICKET_STATUSES } from '../utils/ticket-table';

interface TicketsToolbarProps {
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
  statuses: TicketStatus[];
  onStatusesChange: (statuses: TicketStatus[]) => void;
  onDownload: () => void;
  shown: number;
  total: number;
}

/** Sort by creation time, the status checkboxes (All plus each status) and Download as CSV. */
export function TicketsToolbar(props: TicketsToolbarProps) {
  const { sort, onSortChange, statuses, onStatusesChange, onDownload, shown, total } = props;
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-3 border-b border-slate-200 px-4 py-3 sm:px-5">
      <SortButton sort={sort} onChange={onSortChange} />
      <CheckboxFilter
        legend="Status"
        options={TICKET_STATUSES}
        selected={statuses}
        onChange={onStatusesChange}
      />
      <p className="text-xs text-slate-500" aria-live="polite">
        {shown === total ? `${total} ${total === 1 ? 'ticket' : 'tickets'}` : `${shown} of ${total} tickets`}
      </p>
      <Button
        variant="secondary"
        size="md"
        className="w-full sm:ml-auto sm:w-auto"
        icon={<DownloadIcon className="size-4" />}
        onClick={onDownload}
        disabled={shown === 0}
      >
        Download as CSV
      </Button>
    </div>
  );
}
