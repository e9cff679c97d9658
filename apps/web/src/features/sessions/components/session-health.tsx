import type { SessionHealth } from '@wadesk/contract';
import { ChevronDownIcon } from 'lucide-react';
import { useState } from 'react';
import {
  describeEvent,
  eventReason,
  quietText,
  resumesText,
  timeAgo,
  versionText,
} from '@/features/sessions/utils/session-health';
import type { StatusTone } from '@/features/sessions/utils/session-status';
import { formatDateTime } from '@/shared/format/format';
import { useInterval } from '@/shared/hooks/use-interval';

const DOTS: Record<StatusTone, string> = {
  green: 'bg-brand-500',
  amber: 'bg-amber-500',
  red: 'bg-red-500',
  slate: 'bg-slate-400',
};

/** The current time, renewed every minute: relative times ("5 min ago") move on by themselves. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), everyMs);
  return now;
}

/** "No messages for 7 h": a connected session that has been quiet for long (only shown, never acted on). */
export function QuietBadge({ since, now }: { since: string | null; now: number }) {
  if (!since) return null;
  return (
    <span
      data-testid="quiet-badge"
      title={`No live message since ${formatDateTime(since)}`}
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-200 ring-inset"
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-500" />
      {quietText(since, now)}
    </span>
  );
}

/** When a temporary ban ends and the session reconnects by itself, in the reader's own time. */
export function ResumesNote({ at, now }: { at: string | null; now: number }) {
  if (!at) return null;
  return (
    <time
      dateTime={at}
      data-testid="resumes-at"
      className="block max-w-56 text-xs font-medium break-words text-red-700"
    >
      {resumesText(at, now)}
    </time>
  );
}

interface HealthToggleProps {
  sessionName: string;
  count: number;
  open: boolean;
  onToggle: () => void;
  controls: string;
}

/** Shows or hides a session's recent events. */
export function HealthToggle({ sessionName, count, open, onToggle, controls }: HealthToggleProps) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`Health of ${sessionName}`}
      onClick={onToggle}
      className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <ChevronDownIcon aria-hidden="true" className={`size-3.5 transition ${open ? 'rotate-180' : ''}`} />
      Health
      <span className="font-normal text-slate-500 tabular-nums">({count})</span>
    </button>
  );
}

/** The session's last state changes, newest first, with their reasons and how long ago they were. */
export function HealthPanel({ id, health, now }: { id: string; health: SessionHealth; now: number }) {
  return (
    <section
      id={id}
      aria-label="Recent events"
      className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200"
    >
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Recent events</h4>
      {health.events.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing has happened to this session yet.</p>
      ) : (
        <ol className="space-y-2">
          {health.events.map((event, index) => {
            const { label, tone } = describeEvent(event.kind);
            const reason = eventReason(event.kind, event.reason);
            return (
              <li
                // Events have no id; their order is stable between refreshes.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={`${event.at}-${index}`}
                className="grid grid-cols-[auto_1fr_auto] items-baseline gap-x-2 text-sm"
              >
                <span aria-hidden="true" className={`size-2 translate-y-[-1px] rounded-full ${DOTS[tone]}`} />
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{label}</span>
                  {reason ? <span className="block text-xs break-words text-slate-500">{reason}</span> : null}
                  {event.version ? (
                    <span className="block text-xs break-words text-slate-500">
                      {versionText(event.version)}
                    </span>
                  ) : null}
                </span>
                <time
                  dateTime={event.at}
                  title={formatDateTime(event.at)}
                  className="text-xs whitespace-nowrap text-slate-500 tabular-nums"
                >
                  {timeAgo(event.at, now)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
