import type { Label, SlaFilter, TicketStatus } from '@wadesk/contract';
import { DownloadIcon } from 'lucide-react';
import {
  ASSIGNEE_FILTERS,
  type AssigneeFilter,
  TICKET_STATUSES,
} from '@/features/tickets/utils/ticket-table';
import { CheckboxFilter } from '@/shared/table/checkbox-filter';
import type { SortDirection } from '@/shared/table/sort';
import { SortButton } from '@/shared/table/sort-button';
import { Button } from '@/shared/ui/button';
import { SlaFilterSelect } from '@/shared/ui/sla-filter-select';

interface TicketsToolbarProps {
  sort: SortDirection;
  onSortChange: (sort: SortDirection) => void;
  statuses: TicketStatus[];
  onStatusesChange: (statuses: TicketStatus[]) => void;
  onDownload: () => void;
  shown: number;
  total: number;
  assignee: AssigneeFilter;
  onAssigneeChange: (assignee: AssigneeFilter) => void;
  labels: readonly Label[];
  /** null: any label. */
  labelId: number | null;
  onLabelChange: (labelId: number | null) => void;
  /** null: any. */
  sla: SlaFilter | null;
  onSlaChange: (sla: SlaFilter | null) => void;
}

const selectClass =
  'h-8 rounded-lg border border-slate-300 bg-white pr-7 pl-2.5 text-sm text-slate-800 focus:ring-4 focus:ring-brand-100 focus:outline-none';

/**
 * Sort by creation time, the status checkboxes (All plus each status), whose tickets, which label and the
 * SLA (the server filters those three) and Download as CSV.
 */
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
      <label className="flex items-center gap-2 text-sm text-slate-600">
        <span className="font-medium">Assignee</span>
        <select
          className={selectClass}
          value={props.assignee}
          onChange={(event) => props.onAssigneeChange(event.target.value as AssigneeFilter)}
        >
          {ASSIGNEE_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {props.labels.length > 0 || props.labelId !== null ? (
        <label className="flex items-center gap-2 text-sm text-slate-600">
          <span className="font-medium">Label</span>
          <select
            className={selectClass}
            value={props.labelId ?? ''}
            onChange={(event) => props.onLabelChange(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">Any label</option>
            {props.labels.map((label) => (
              <option key={label.id} value={label.id}>
                {label.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <SlaFilterSelect value={props.sla} onChange={props.onSlaChange} selectClassName={selectClass} />
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
