import type { CountsResponse } from '@wadesk/contract';
import { ArrowRightIcon, SmartphoneIcon, UsersIcon, UsersRoundIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

function CountCard({
  to,
  label,
  value,
  icon,
}: {
  to: string;
  label: string;
  value: number | null;
  icon: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="group flex flex-col items-start gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:flex-row sm:items-center sm:gap-3 sm:p-5"
    >
      <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:size-11">
        {icon}
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-[11px] leading-tight font-semibold tracking-wide text-slate-500 sm:text-xs">
          {label}
        </p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={`count-${label}`}>
          {value ?? '–'}
        </p>
      </div>
      <ArrowRightIcon className="hidden size-4 shrink-0 text-slate-400 sm:block transition group-hover:translate-x-0.5 group-hover:text-brand-700" />
    </Link>
  );
}

/** SESSIONS, WHATSAPP GROUPS and AGENTS, each a link to its page. */
export function CountCards({ counts }: { counts: CountsResponse | null }) {
  return (
    <nav aria-label="Counts" className="grid grid-cols-3 gap-2 sm:gap-4">
      <CountCard
        to="/session-info"
        label="SESSIONS"
        value={counts?.sessions ?? null}
        icon={<SmartphoneIcon className="size-5" />}
      />
      <CountCard
        to="/whatsapp-chat"
        label="WHATSAPP GROUPS"
        value={counts?.groups ?? null}
        icon={<UsersRoundIcon className="size-5" />}
      />
      <CountCard
        to="/agents"
        label="AGENTS"
        value={counts?.agents ?? null}
        icon={<UsersIcon className="size-5" />}
      />
    </nav>
  );
}
