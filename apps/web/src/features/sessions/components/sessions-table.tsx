import type { SessionListItem } from '@wadesk/contract';
import { LinkIcon, PowerIcon } from 'lucide-react';
import { Fragment, useState } from 'react';
import type { Allowance } from '@/shared/account/permissions';
import { formatDateTime } from '@/shared/format/format';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/hooks/use-media-query';
import { TABLE_HEADER_CELL, tableCell } from '@/shared/table/table-classes';
import { Button } from '@/shared/ui/button';
import { HealthPanel, HealthToggle, QuietBadge, ResumesNote, useNow } from './session-health';
import { ActivePill, SessionStatusBadge } from './session-status-badge';

export interface SessionActions {
  onReconnect: (session: SessionListItem) => void;
  onTerminate: (session: SessionListItem) => void;
  /** The session whose action is running, and which one. */
  busy: { sessionId: string; action: 'reconnect' | 'terminate' } | null;
  /**
   * The signed-in user's rights (`useCan`): without the role the Reconnect and Terminate columns are not
   * shown; an admin whose address is not verified sees Reconnect disabled, described by `reasonId`.
   */
  can: { reconnect: Allowance; terminate: Allowance; reasonId: string };
}

interface SessionsTableProps extends SessionActions {
  sessions: SessionListItem[];
}

/** The row actions of the user's role: a feature that is not theirs has no column (the page's notice says why). */
const shownActions = (can: SessionActions['can']) => ({
  reconnect: !can.reconnect.roleRefused,
  terminate: !can.terminate.roleRefused,
});

function rowButtons({
  session,
  onReconnect,
  onTerminate,
  busy,
  can,
}: SessionActions & { session: SessionListItem }) {
  const mine = busy?.sessionId === session.sessionId ? busy.action : null;
  const show = shownActions(can);
  return {
    reconnect: !show.reconnect ? null : (
      <Button
        variant="secondary"
        size="md"
        icon={<LinkIcon className="size-4" />}
        busy={mine === 'reconnect'}
        disabled={busy !== null || !can.reconnect.allowed}
        aria-describedby={can.reconnect.allowed ? undefined : can.reasonId}
        onClick={() => onReconnect(session)}
        aria-label={`Reconnect ${session.session_name}`}
      >
        Reconnect
      </Button>
    ),
    terminate: !show.terminate ? null : (
      <Button
        variant="secondary"
        size="md"
        className="text-red-700 hover:bg-red-50"
        icon={<PowerIcon className="size-4" />}
        busy={mine === 'terminate'}
        disabled={busy !== null || !session.isActive || !can.terminate.allowed}
        onClick={() => onTerminate(session)}
        aria-label={`Terminate ${session.session_name}`}
      >
        Terminate
      </Button>
    ),
  };
}

/** "22 Nov 2026" over "11:39 am": two short lines keep the seven columns within the page. */
function DateCell({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(', ');
  return (
    <time dateTime={value} className="block whitespace-nowrap">
      {date}
      {time ? <span className="block text-xs text-slate-500">{time}</span> : null}
    </time>
  );
}

const th = TABLE_HEADER_CELL;
const td = tableCell('top');

/** The sessions as a table on larger screens and as cards on phones. */
export function SessionsTable({ sessions, ...actions }: SessionsTableProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const now = useNow();
  // Sessions whose health is open.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (sessionId: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(sessionId)) next.add(sessionId);
      return next;
    });
  const healthId = (session: SessionListItem) => `health-${session.sessionId}`;
  const healthToggle = (session: SessionListItem) => (
    <HealthToggle
      sessionName={session.session_name}
      count={session.health.events.length}
      open={open.has(session.sessionId)}
      onToggle={() => toggle(session.sessionId)}
      controls={healthId(session)}
    />
  );
  const show = shownActions(actions.can);
  const columns = 5 + Number(show.reconnect) + Number(show.terminate);
  if (!mobile) {
    return (
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th className={th}>Session Name</th>
              <th className={th}>Description</th>
              <th className={th}>Status</th>
              <th className={th}>Created At</th>
              <th className={th}>Last Updated</th>
              {show.reconnect ? <th className={th}>Reconnect</th> : null}
              {show.terminate ? <th className={th}>Terminate</th> : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {sessions.map((session) => {
              const buttons = rowButtons({ session, ...actions });
              const expanded = open.has(session.sessionId);
              return (
                <Fragment key={session.sessionId}>
                  <tr
                    data-session-id={session.sessionId}
                    className={expanded ? 'bg-slate-50/60' : 'hover:bg-slate-50/60'}
                  >
                    <td className={`${td} max-w-44 min-w-28 font-semibold break-words text-slate-900`}>
                      {session.session_name}
                    </td>
                    <td className={`${td} max-w-64 min-w-36 break-words text-slate-600`}>
                      {session.description}
                    </td>
                    <td className={td}>
                      <div className="flex flex-col items-start gap-1.5">
                        <ActivePill active={session.isActive} />
                        <SessionStatusBadge status={session.status} reason={session.reason} showReason />
                        <ResumesNote at={session.resumes_at} now={now} />
                        <QuietBadge since={session.health.quiet_since} now={now} />
                        {healthToggle(session)}
                      </div>
                    </td>
                    <td className={`${td} text-slate-600 tabular-nums`}>
                      <DateCell value={session.created_at} />
                    </td>
                    <td className={`${td} text-slate-600 tabular-nums`}>
                      <DateCell value={session.updated_at} />
                    </td>
                    {show.reconnect ? <td className={td}>{buttons.reconnect}</td> : null}
                    {show.terminate ? <td className={td}>{buttons.terminate}</td> : null}
                  </tr>
                  {expanded ? (
                    <tr className="bg-slate-50/60">
                      <td colSpan={columns} className="px-5 pt-0 pb-4 [&>section]:max-w-2xl">
                        <HealthPanel id={healthId(session)} health={session.health} now={now} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {sessions.map((session) => {
        const buttons = rowButtons({ session, ...actions });
        return (
          <li key={session.sessionId} data-session-id={session.sessionId} className="space-y-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold break-all text-slate-900">{session.session_name}</p>
                <p className="text-sm break-words text-slate-600">{session.description}</p>
              </div>
              <ActivePill active={session.isActive} />
            </div>
            <div className="flex flex-wrap items-start gap-2">
              <SessionStatusBadge status={session.status} reason={session.reason} showReason />
              <QuietBadge since={session.health.quiet_since} now={now} />
              <span className="ml-auto">{healthToggle(session)}</span>
            </div>
            <ResumesNote at={session.resumes_at} now={now} />
            <dl className="grid grid-cols-2 gap-2 text-xs text-slate-500">
              <div>
                <dt className="font-medium text-slate-500 uppercase">Created At</dt>
                <dd className="tabular-nums">{formatDateTime(session.created_at)}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-500 uppercase">Last Updated</dt>
                <dd className="tabular-nums">{formatDateTime(session.updated_at)}</dd>
              </div>
            </dl>
            {open.has(session.sessionId) ? (
              <HealthPanel id={healthId(session)} health={session.health} now={now} />
            ) : null}
            {show.reconnect || show.terminate ? (
              <div className="flex flex-wrap items-center gap-2">
                {buttons.reconnect}
                {buttons.terminate}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
