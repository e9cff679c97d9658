import { SLA_FILTER_LABELS, type SlaFilter, type TicketStatsResponse } from '@wadesk/contract';
import { AlarmClockIcon, CircleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface SlaCardProps {
  filter: SlaFilter;
  value: number | null;
  icon: ReactNode;
  tone: string;
  active: boolean;
  onToggle: () => void;
}

/** A stat card that is also the table's filter: pressed, the table shows only its tickets. */
function SlaCard({ filter, value, icon, tone, active, onToggle }: SlaCardProps) {
  const label = SLA_FILTER_LABELS[filter].toUpperCase();
  return (
    <button
      type="button"
      aria-pressed={active}
      title="Show only these tickets in the table"
      onClick={onToggle}
      className={`flex items-center gap-3 rounded-2xl border bg-white p-4 text-left shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:p-5 ${
        active ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200'
      }`}
    >
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-xl sm:size-11 ${tone}`}
        aria-hidden="true"
      >
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block text-xs font-semibold tracking-wide text-slate-500">{label}</span>
        <span className="block text-2xl font-bold text-slate-900 tabular-nums" data-testid={`stat-${label}`}>
          {value ?? '–'}
        </span>
        {/* The pressed state in words too, not only the ring (aria-pressed tells it to screen readers). */}
        {active ? (
          <span aria-hidden="true" className="block text-xs font-medium text-brand-800">
            Filter on
          </span>
        ) : null}
      </span>
    </button>
  );
}

interface SlaStatCardsProps {
  stats: TicketStatsResponse | null;
  active: SlaFilter | null;
  onChange: (sla: SlaFilter | null) => void;
}

/** Active tickets with a running SLA clock breaching soon, and past its due time; a click filters the table. */
export function SlaStatCards({ stats, active, onChange }: SlaStatCardsProps) {
  const toggle = (filter: SlaFilter) => onChange(active === filter ? null : filter);
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
      <SlaCard
        filter="due_soon"
        value={stats?.sla_due_soon ?? null}
        icon={<AlarmClockIcon className="size-5" />}
        tone="bg-amber-50 text-amber-800"
        active={active === 'due_soon'}
        onToggle={() => toggle('due_soon')}
      />
      <SlaCard
        filter="breached"
        value={stats?.sla_breached ?? null}
        icon={<CircleAlertIcon className="size-5" />}
        tone="bg-red-50 text-red-700"
        active={active === 'breached'}
        onToggle={() => toggle('breached')}
      />
    </div>
  );
}
