import { useQuery } from '@tanstack/react-query';
import type { SlaFilter, Ticket, TicketStatus } from '@wadesk/contract';
import { RefreshCwIcon } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useUpdateTicketStatus } from '@/features/tickets/api/tickets-queries';
import { assignTicket } from '@/features/tickets/api/workflow-api';
import { labelsQuery, useTicketChange } from '@/features/tickets/api/workflow-queries';
import { useCounts } from '@/features/tickets/hooks/use-counts';
import { useTickets } from '@/features/tickets/hooks/use-tickets';
import {
  ALL_TICKET_STATUSES,
  type AssigneeFilter,
  filterTickets,
  TICKET_CSV_COLUMNS,
} from '@/features/tickets/utils/ticket-table';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage, isApiError } from '@/shared/api/api-error';
import { useSlaClocks } from '@/shared/api/use-sla-clocks';
import { downloadCsv } from '@/shared/csv/download-file';
import { useOpenTicket } from '@/shared/hooks/use-open-ticket';
import { type SortDirection, sortByCreatedAt } from '@/shared/table/sort';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { ConversationModal } from './conversation-modal';
import { CountCards } from './count-cards';
import { TicketStatCards } from './ticket-stat-cards';
import { TicketsTable } from './tickets-table';
import { TicketsToolbar } from './tickets-toolbar';

interface PlaceholderProps {
  state: ReturnType<typeof useTickets>;
  /** No row is shown. */
  empty: boolean;
  /** The assignee, label or SLA filter is on: the server answered only matching tickets. */
  filtered: boolean;
  onShowAll: () => void;
}

function Placeholder({ state, empty, filtered, onShowAll }: PlaceholderProps) {
  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner className="size-8" label="Loading tickets" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="px-5 py-14 text-center text-sm text-slate-600">
        The tickets could not be loaded.{' '}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={state.refresh}>
          Try again
        </button>
      </p>
    );
  }
  if (!empty) return null;
  // "No Open Tickets" is for a desk without tickets; when the status filter hides them all, say so
  // and offer the way back.
  if (state.tickets.length === 0 && !filtered)
    return <p className="px-5 py-14 text-center text-sm text-slate-500">No Open Tickets</p>;
  return (
    <div className="flex flex-col items-center gap-3 px-5 py-14 text-center">
      <p className="text-sm text-slate-500">No tickets match the filter</p>
      <Button variant="secondary" size="md" onClick={onShowAll}>
        Show all tickets
      </Button>
    </div>
  );
}

interface DashboardScreenProps {
  title: ReactNode;
  description?: ReactNode;
  /** Shown above the stats: the getting-started checklist, which the route brings from its own feature. */
  intro?: ReactNode;
}

/** The dashboard (/dashboard): ticket stats, the count cards and the tickets table, kept live. */
export function DashboardScreen({ title, description, intro }: DashboardScreenProps) {
  const me = useAuth().user;
  const [assignee, setAssignee] = useState<AssigneeFilter>('everyone');
  const [labelId, setLabelId] = useState<number | null>(null);
  const [sla, setSla] = useState<SlaFilter | null>(null);
  const tickets = useTickets({
    ...(assignee === 'everyone' ? {} : { assignee }),
    ...(labelId === null ? {} : { labelId }),
    ...(sla === null ? {} : { sla }),
  });
  const labels = useQuery(labelsQuery()).data ?? [];
  const take = useTicketChange((ticketId: number) => assignTicket(ticketId, me?.id ?? null));
  const [taking, setTaking] = useState<ReadonlySet<number>>(new Set());
  const { counts, refetch: refetchCounts } = useCounts();
  const [sort, setSort] = useState<SortDirection>('desc');
  const [statuses, setStatuses] = useState<TicketStatus[]>(ALL_TICKET_STATUSES);
  const [openId, setOpenId] = useOpenTicket();
  const [updating, setUpdating] = useState<ReadonlySet<number>>(new Set());
  const statusUpdate = useUpdateTicketStatus();

  const rows = useMemo(
    () => filterTickets(sortByCreatedAt(tickets.tickets, sort), statuses),
    [tickets.tickets, sort, statuses],
  );
  // The rows' running clocks: a closed ticket's have all stopped, so it shows none and costs no lookup.
  const active = useMemo(() => rows.filter((t) => t.status !== 'close').map((t) => t.id), [rows]);
  const clocks = useSlaClocks(active);
  // The ticket last seen in the list stays open when a filter or a refetch drops it from the list.
  const [lastOpen, setLastOpen] = useState<Ticket | null>(null);
  const found = openId === null ? null : (tickets.tickets.find((ticket) => ticket.id === openId) ?? null);
  if (found && found !== lastOpen) setLastOpen(found);
  const open = openId === null ? null : (found ?? (lastOpen?.id === openId ? lastOpen : null));

  const changeStatus = async (ticket: Ticket, status: TicketStatus) => {
    if (status === ticket.status) return;
    tickets.showTicket({ ...ticket, status });
    setUpdating((ids) => new Set(ids).add(ticket.id));
    try {
      const answer = await statusUpdate.mutateAsync({ ticketId: ticket.id, status });
      tickets.showTicket(answer.ticket);
    } catch (error) {
      // A failed update is only logged; a refusal the server explains (e.g. reopening while the
      // group has another active ticket) is shown too, since the dropdown jumps back.
      console.error('The ticket status could not be updated', error);
      tickets.showTicket(ticket);
      if (isApiError(error) && error.fromServer) toast.error(error.message);
    } finally {
      setUpdating((ids) => {
        const next = new Set(ids);
        next.delete(ticket.id);
        return next;
      });
    }
  };

  const takeTicket = async (ticket: Ticket) => {
    setTaking((ids) => new Set(ids).add(ticket.id));
    try {
      tickets.showTicket((await take.mutateAsync(ticket.id)).ticket);
    } catch (error) {
      toast.error(errorMessage(error, 'The ticket could not be taken. Try again.'));
    } finally {
      setTaking((ids) => {
        const next = new Set(ids);
        next.delete(ticket.id);
        return next;
      });
    }
  };

  const refreshAll = () => {
    void tickets.refresh();
    void refetchCounts();
  };

  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="space-y-6">
        {intro}
        <TicketStatCards stats={tickets.stats} sla={sla} onSlaChange={setSla} />
        <CountCards counts={counts} />
        <section
          aria-label="Tickets"
          className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {/* The refresh sits with the tickets heading and filters it reloads (with the stats and
              counts above), at every width, instead of on a line of its own under the page title. */}
          <div className="flex items-start justify-between gap-3 px-4 pt-4 sm:px-5">
            <div className="min-w-0">
              <h2 className="text-base font-semibold text-slate-900">Tickets</h2>
              <p className="text-xs text-slate-500">
                Opened by customers' messages in your groups; an agent's reply moves a ticket to In Progress.
              </p>
            </div>
            <Button
              variant="secondary"
              size="md"
              className="shrink-0"
              icon={<RefreshCwIcon className={`size-4 ${tickets.refreshing ? 'animate-spin' : ''}`} />}
              onClick={refreshAll}
              aria-label="Refresh dashboard"
            >
              Refresh
            </Button>
          </div>
          <TicketsToolbar
            sort={sort}
            onSortChange={setSort}
            statuses={statuses}
            onStatusesChange={setStatuses}
            onDownload={() => downloadCsv('tickets', rows, TICKET_CSV_COLUMNS)}
            shown={rows.length}
            total={tickets.tickets.length}
            assignee={assignee}
            onAssigneeChange={setAssignee}
            labels={labels}
            labelId={labelId}
            onLabelChange={setLabelId}
            sla={sla}
            onSlaChange={setSla}
          />
          <Placeholder
            state={tickets}
            empty={rows.length === 0}
            filtered={assignee !== 'everyone' || labelId !== null || sla !== null}
            onShowAll={() => {
              setStatuses(ALL_TICKET_STATUSES);
              setAssignee('everyone');
              setLabelId(null);
              setSla(null);
            }}
          />
          {rows.length > 0 ? (
            <TicketsTable
              tickets={rows}
              onOpen={(ticket) => setOpenId(ticket.id)}
              onStatusChange={changeStatus}
              updating={updating}
              meId={me?.id ?? null}
              onTake={takeTicket}
              taking={taking}
              clocks={clocks}
            />
          ) : null}
          {tickets.hasOlder ? (
            <div className="flex flex-col items-center gap-2 border-t border-slate-200 px-4 py-4 text-center sm:flex-row sm:justify-between sm:px-5 sm:text-left">
              <p className="text-xs text-slate-500">
                Showing the newest {tickets.tickets.length.toLocaleString('en-IN')} of{' '}
                {tickets.total.toLocaleString('en-IN')} tickets.
              </p>
              <Button variant="secondary" size="md" busy={tickets.refreshing} onClick={tickets.showOlder}>
                Show older tickets
              </Button>
            </div>
          ) : null}
        </section>
      </div>
      <ConversationModal
        ticket={open}
        tickets={tickets.tickets}
        onOpenTicket={setOpenId}
        onClose={() => setOpenId(null)}
      />
    </>
  );
}
