import type { SessionListItem } from '@wadesk/contract';
import { PlusIcon, RefreshCwIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useSessions } from '@/features/sessions/hooks/use-sessions';
import { setCurrentSessionId } from '@/features/sessions/state/current-session';
import {
  ALL_SESSIONS,
  filterSessions,
  isSessionLimitMessage,
  type SessionFilter,
  type SortDirection,
  sortSessions,
} from '@/features/sessions/utils/session-table';
import { useCan } from '@/shared/account/permissions';
import { RoleNotice } from '@/shared/account/role-notice';
import { errorMessage } from '@/shared/api/api-error';
import { useStartSession, useTerminateSession } from '@/shared/api/sessions-queries';
import { useDemoMode } from '@/shared/config/use-demo-mode';
import { Button } from '@/shared/ui/button';
import { DemoModeBadge } from '@/shared/ui/demo-badge';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { CREATE_MESSAGES, type CreatedSession, CreateSessionModal } from './create-session-modal';
import { QrModal, type QrModalSession } from './qr-modal';
import { type SessionActions, SessionsTable } from './sessions-table';
import { SessionsToolbar } from './sessions-toolbar';
import { TerminateSessionDialog } from './terminate-session-dialog';

function TableBody({ state, rows }: { state: ReturnType<typeof useSessions>; rows: SessionListItem[] }) {
  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-16 text-brand-700">
        <Spinner className="size-8" label="Loading sessions" />
      </div>
    );
  }
  if (state.status === 'error' && state.sessions.length === 0) {
    return (
      <p className="px-5 py-14 text-center text-sm text-slate-600">
        The sessions could not be loaded.{' '}
        <button type="button" className="font-semibold text-brand-700 underline" onClick={state.refresh}>
          Try again
        </button>
      </p>
    );
  }
  return rows.length === 0 ? (
    <p className="px-5 py-14 text-center text-sm text-slate-500">No previous Sessions found.</p>
  ) : null;
}

/** The Sessions screen (/session-info): the list, Create Session, Reconnect, Terminate and the QR modal. */
export function SessionsScreen() {
  const state = useSessions();
  const demo = useDemoMode() || state.driver === 'simulator';
  const [sort, setSort] = useState<SortDirection>('desc');
  const [filter, setFilter] = useState<SessionFilter>(ALL_SESSIONS);
  const [creating, setCreating] = useState(false);
  const [linking, setLinking] = useState<QrModalSession | null>(null);
  const [busy, setBusy] = useState<SessionActions['busy']>(null);
  // The session whose Terminate waits for the user's confirmation.
  const [ending, setEnding] = useState<SessionListItem | null>(null);
  const starting = useStartSession();
  const termination = useTerminateSession();
  // Linking and terminating are an admin's (decision 0016); linking also needs a verified address.
  const canLink = useCan('linkSessions');
  const canTerminate = useCan('terminateSessions');
  const reasonId = useId();
  const reason = canTerminate.reason ?? canLink.reason;

  const rows = useMemo(
    () => filterSessions(sortSessions(state.sessions, sort), filter),
    [state.sessions, sort, filter],
  );

  const onCreated = ({ answer, session_name, description }: CreatedSession) => {
    setCreating(false);
    setCurrentSessionId(answer.sessionID);
    setLinking({ sessionId: answer.sessionID, session_name, description, status: answer.status });
  };

  const reconnect = async (session: SessionListItem) => {
    setBusy({ sessionId: session.sessionId, action: 'reconnect' });
    try {
      const answer = await starting.mutateAsync({
        session_name: session.session_name,
        description: session.description,
      });
      (answer.success ? toast.success : toast.error)(answer.message);
      if (answer.success) {
        setCurrentSessionId(answer.sessionID);
        setLinking({ ...session, sessionId: answer.sessionID, status: answer.status });
      }
    } catch (error) {
      const message = errorMessage(error, CREATE_MESSAGES.failed);
      toast.error(isSessionLimitMessage(message) ? CREATE_MESSAGES.limit : message);
    } finally {
      setBusy(null);
    }
  };

  const terminate = async (session: SessionListItem) => {
    setBusy({ sessionId: session.sessionId, action: 'terminate' });
    try {
      const answer = await termination.mutateAsync(session.sessionId);
      (answer.success ? toast.success : toast.error)(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'The session could not be terminated. Try again.'));
    } finally {
      setBusy(null);
      setEnding(null);
    }
  };

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Sessions {demo ? <DemoModeBadge className="align-middle" /> : null}
          </span>
        }
        description="Link WhatsApp accounts to your organisation by scanning a QR code or with a phone number."
        actions={
          <>
            <Button
              variant="secondary"
              icon={<RefreshCwIcon className={`size-4 ${state.refreshing ? 'animate-spin' : ''}`} />}
              onClick={state.refresh}
              aria-label="Refresh sessions"
            >
              <span className="hidden sm:inline">Refresh</span>
            </Button>
            {/* An unverified admin opens the dialog, which says why and offers the mail again. */}
            <Button
              icon={<PlusIcon className="size-4" />}
              disabled={canLink.roleRefused}
              aria-describedby={canLink.roleRefused ? reasonId : undefined}
              onClick={() => setCreating(true)}
            >
              Create Session
            </Button>
          </>
        }
      />
      <RoleNotice id={reasonId} reason={reason} />
      <section
        aria-label="Sessions"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <SessionsToolbar
          sort={sort}
          onSortChange={setSort}
          filter={filter}
          onFilterChange={setFilter}
          shown={rows.length}
          total={state.sessions.length}
        />
        <TableBody state={state} rows={rows} />
        {rows.length > 0 ? (
          <SessionsTable
            sessions={rows}
            onReconnect={reconnect}
            onTerminate={setEnding}
            busy={busy}
            can={{ reconnect: canLink, terminate: canTerminate, reasonId }}
          />
        ) : null}
      </section>
      <CreateSessionModal open={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
      <TerminateSessionDialog
        sessionName={ending?.session_name ?? null}
        busy={busy?.action === 'terminate'}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          if (ending) void terminate(ending);
        }}
      />
      <QrModal
        session={linking}
        onClose={() => {
          setLinking(null);
          void state.refresh();
        }}
      />
    </>
  );
}
