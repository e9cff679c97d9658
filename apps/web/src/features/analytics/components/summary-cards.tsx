import type { MessageFilter } from '@wadesk/chat-export';
import type { SummaryStat } from './summary-stats';

/** The figures of the chat; a card with messages behind it opens them. */
export function SummaryCards({
  stats,
  onDrill,
}: {
  stats: SummaryStat[];
  onDrill(filter: MessageFilter): void;
}) {
  return (
    <ul aria-label="Summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {stats.map((stat) => {
        const body = (
          <>
            <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {stat.label}
            </span>
            <span
              data-stat-value
              className="mt-1 block text-xl font-bold text-slate-900 tabular-nums sm:text-2xl"
            >
              {stat.value}
            </span>
            {stat.detail ? (
              <span className="mt-0.5 block truncate text-xs text-slate-500" title={stat.detail}>
                {stat.detail}
              </span>
            ) : null}
          </>
        );
        const card =
          'block h-full w-full rounded-2xl border border-slate-200 bg-white p-3.5 text-left shadow-sm sm:p-4';
        const { filter } = stat;
        return (
          <li key={stat.id} data-testid={`stat-${stat.id}`}>
            {filter ? (
              <button
                type="button"
                onClick={() => onDrill(filter)}
                className={`${card} transition-colors hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
              >
                {body}
                {/* Named by what it shows, so the visible label and figure start the name (WCAG 2.5.3). */}
                <span className="sr-only">Show these messages</span>
              </button>
            ) : (
              <div className={card}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
