import type { SlaFilter, TicketStatsResponse } from '@wadesk/contract';
import { CheckCheckIcon, ClockIcon, HourglassIcon, InboxIcon, TicketIcon, UserRoundIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDuration } from '@/features/tickets/utils/duration';
import { SlaStatCards } from './sla-stat-cards';

interface StatCardProps {
  label: string;
  value: number | null;
  icon: ReactNode;
  tone: string;
}

function StatCard({ label, value, icon, tone }: StatCardProps) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className={`flex size-10 shrink-0 items-center justify-center rounded-xl sm:size-11 ${tone}`}>
        {icon}
      </div>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-slate-500">{label}</p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={`stat-${label}`}>
          {value ?? '–'}
        </p>
      </div>
    </div>
  );
}

function Average({
  label,
  seconds,
  empty,
}: {
  label: string;
  seconds: number | null | undefined;
  empty: string;
}) {
  return (
    <span className="flex items-center gap-1.5">
      <ClockIcon className="size-4 text-slate-400" />
      {label}:{' '}
      <strong className="font-semibold text-slate-800 tabular-nums">
        {seconds === null || seconds === undefined ? empty : formatDuration(seconds)}
      </strong>
    </span>
  );
}

interface TicketStatCardsProps {
  stats: TicketStatsResponse | null;
  /** The tickets table's SLA filter, which the SLA cards turn on and off. */
  sla: SlaFilter | null;
  onSlaChange: (sla: SlaFilter | null) => void;
}

/**
 * OPEN, IN PROGRESS, PENDING (waiting on the customer), CLOSED and TOTAL, the SLA cards (breaching soon and
 * breached, each a filter of the table), then the average first-response and resolution times.
 */
export function TicketStatCards({ stats, sla, onSlaChange }: TicketStatCardsProps) {
  return (
    <section aria-label="Ticket statistics" className="space-y-3">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
        <StatCard
          label="OPEN"
          value={stats?.open ?? null}
          icon={<InboxIcon className="size-5" />}
          tone="bg-amber-50 text-amber-700"
        />
        <StatCard
          label="IN PROGRESS"
          value={stats?.in_progress ?? null}
          icon={<HourglassIcon className="size-5" />}
          tone="bg-sky-50 text-sky-700"
        />
        <StatCard
          label="PENDING"
          value={stats?.pending ?? null}
          icon={<UserRoundIcon className="size-5" />}
          tone="bg-violet-50 text-violet-700"
        />
        <StatCard
          label="CLOSED"
          value={stats?.closed ?? null}
          icon={<CheckCheckIcon className="size-5" />}
          tone="bg-brand-50 text-brand-700"
        />
        <StatCard
          label="TOTAL"
          value={stats?.total ?? null}
          icon={<TicketIcon className="size-5" />}
          tone="bg-slate-100 text-slate-700"
        />
      </div>
      <SlaStatCards stats={stats} active={sla} onChange={onSlaChange} />
      <p className="flex flex-wrap gap-x-6 gap-y-1 px-1 text-sm text-slate-600" data-testid="ticket-averages">
        <Average
          label="Avg. first response"
          seconds={stats?.avg_first_response_seconds}
          empty="no replies yet"
        />
        <Average label="Avg. resolution" seconds={stats?.avg_resolution_seconds} empty="none closed yet" />
      </p>
    </section>
  );
}
