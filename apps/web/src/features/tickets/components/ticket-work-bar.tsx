import { useQuery } from '@tanstack/react-query';
import type { Ticket } from '@wadesk/contract';
import { ExternalLinkIcon, MergeIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { assignTicket, mergeTickets } from '@/features/tickets/api/workflow-api';
import { assignableMembersQuery, useTicketChange } from '@/features/tickets/api/workflow-queries';
import { chatLink } from '@/features/tickets/utils/chat-link';
import { statusLabel } from '@/features/tickets/utils/ticket-table';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { formatNameOrPhone } from '@/shared/format/phone';
import { buttonClasses } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { toast } from '@/shared/ui/toast';
import { LabelsPicker } from './labels-picker';

const selectClass =
  'h-8 w-full min-w-0 rounded-lg border border-slate-300 bg-white pr-7 pl-2.5 text-sm text-slate-800 focus:ring-4 focus:ring-brand-100 focus:outline-none sm:w-auto';

interface TicketWorkBarProps {
  ticket: Ticket;
  /** The tickets the dashboard holds: the other tickets of this group can be merged into. */
  tickets: readonly Ticket[];
  /** WhatsApp's id of the ticket's first message, for the link to the chat. */
  firstWaId: string | undefined;
  onOpenTicket: (id: number) => void;
}

function AssigneeSelect({ ticket }: { ticket: Ticket }) {
  const members = useQuery(assignableMembersQuery()).data ?? [];
  const me = useAuth().user;
  const assign = useTicketChange((id: number | null) => assignTicket(ticket.id, id));
  const known = members.some((member) => member.id === ticket.assignee?.id);
  return (
    <label className="flex min-w-0 items-center gap-2 text-sm">
      <span className="shrink-0 font-medium text-slate-600">Assignee</span>
      <select
        className={selectClass}
        value={ticket.assignee?.id ?? ''}
        aria-busy={assign.isPending || undefined}
        onChange={(event) => {
          const id = event.target.value ? Number(event.target.value) : null;
          assign
            .mutateAsync(id)
            .catch((error: unknown) =>
              toast.error(errorMessage(error, 'The assignee could not be changed. Try again.')),
            );
        }}
      >
        <option value="">
          {ticket.answered_by ? `Unassigned (answered by ${ticket.answered_by})` : 'Unassigned'}
        </option>
        {ticket.assignee && !known ? (
          <option value={ticket.assignee.id}>{ticket.assignee.name}</option>
        ) : null}
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {member.id === me?.id ? `${member.name} (you)` : member.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function MergeControl({ ticket, tickets, onOpenTicket }: Omit<TicketWorkBarProps, 'firstWaId'>) {
  const others = tickets.filter(
    (other) =>
      other.id !== ticket.id && other.session_id === ticket.session_id && other.group_id === ticket.group_id,
  );
  const [into, setInto] = useState<number | null>(null);
  const merge = useTicketChange((target: number) => mergeTickets(ticket.id, target));
  if (others.length === 0) return null;
  const target = others.find((other) => other.id === into);
  const confirm = async () => {
    if (!target) return;
    try {
      const answer = await merge.mutateAsync(target.id);
      setInto(null);
      toast.success(answer.message);
      onOpenTicket(answer.ticket.id);
    } catch (error) {
      toast.error(errorMessage(error, 'The tickets could not be merged. Try again.'));
    }
  };
  return (
    <label className="flex min-w-0 items-center gap-2 text-sm">
      <MergeIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className="sr-only">Merge into another ticket of this group</span>
      <select className={selectClass} value="" onChange={(event) => setInto(Number(event.target.value))}>
        <option value="">Merge into…</option>
        {others.map((other) => (
          <option key={other.id} value={other.id}>
            #{other.id} · {formatNameOrPhone(other.customer)} · {statusLabel(other.status)}
          </option>
        ))}
      </select>
      <ConfirmDialog
        tone="primary"
        open={target !== undefined}
        title="Merge tickets?"
        confirmLabel="Merge"
        busy={merge.isPending}
        onCancel={() => setInto(null)}
        onConfirm={() => void confirm()}
      >
        <p>
          The messages, notes and labels of this ticket move to ticket #{target?.id} (
          {target ? formatNameOrPhone(target.customer) : ''}), and this ticket is removed. This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </label>
  );
}

/** Who works the ticket, its labels, merging, and the way to the group's chat. */
export function TicketWorkBar(props: TicketWorkBarProps) {
  const { ticket, firstWaId } = props;
  return (
    <div className="space-y-3 border-b border-slate-200 pb-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <AssigneeSelect ticket={ticket} />
        <MergeControl {...props} />
        <Link
          to={chatLink(ticket, firstWaId)}
          className={buttonClasses({ variant: 'secondary', size: 'md', className: 'sm:ml-auto' })}
        >
          <ExternalLinkIcon aria-hidden="true" className="size-4" />
          Open in WhatsApp Chat
        </Link>
      </div>
      <LabelsPicker ticket={ticket} />
    </div>
  );
}
