import type { MessageFilter } from '@wadesk/chat-export';
import { ChartColumnIcon, InboxIcon, ShieldIcon } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AUTHOR_COLUMNS } from '@/features/analytics/csv/analysis-csv';
import { useAnalysis } from '@/features/analytics/hooks/use-analysis';
import { useAuth } from '@/shared/account/auth-context';
import { downloadCsv } from '@/shared/csv/download-file';
import {
  chatBounds,
  type DateRange,
  describeRange,
  normaliseRange,
} from '@/shared/loaded-chat/date-range/date-range';
import type { AnalysisState, DrillDownState } from '@/shared/loaded-chat/drill-down/drill-down';
import { readRange } from '@/shared/loaded-chat/drill-down/drill-down';
import { useChat } from '@/shared/loaded-chat/state/chat-provider';
import { buttonClasses } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { AnalysisCharts } from './analysis-charts';
import { AuthorTable } from './author-table';
import { DateRangeBar } from './date-range-bar';
import { SummaryCards } from './summary-cards';
import { summaryStats } from './summary-stats';

interface AnalysisScreenProps {
  /** Where the messages behind a number are read: /messages, or /messages-nologin for visitors. */
  messagesPath: string;
}

/** The loaded chat's statistics and charts, worked out in the browser; every figure opens its messages. */
export function AnalysisScreen({ messagesPath }: AnalysisScreenProps) {
  const chat = useChat();
  const location = useLocation();
  const navigate = useNavigate();
  const bounds = useMemo(() => chatBounds(chat.data), [chat.data]);
  const stateRange = (location.state as Partial<AnalysisState> | null)?.range;
  const range = useMemo(() => normaliseRange(readRange(stateRange), bounds), [stateRange, bounds]);
  const loaded = chat.status === 'ready' && chat.total_msgs > 0;
  const { analysis, pending, failed } = useAnalysis(range, chat.revision, loaded);
  const stats = useMemo(() => (analysis ? summaryStats(analysis) : []), [analysis]);

  // The range lives in this history entry, so Back from a drill-down finds it again.
  const setRange = (next: DateRange) => {
    const state: AnalysisState = { range: normaliseRange(next, bounds) };
    navigate({ search: location.search }, { replace: true, state });
  };
  const drill = useCallback(
    (filter: MessageFilter) => {
      const state: DrillDownState = { drillDown: { filter, range } };
      navigate({ pathname: messagesPath, search: location.search }, { state });
    },
    [navigate, messagesPath, location.search, range],
  );

  if (chat.status !== 'ready') {
    return (
      <div className="flex justify-center py-24 text-brand-600">
        <Spinner className="size-8" label="Loading the chat" />
      </div>
    );
  }
  if (!loaded) return <NoChat />;

  const rangeText = describeRange(range);
  return (
    <div className="space-y-4 sm:space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Chat analysis</h1>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
            <ShieldIcon className="size-4 shrink-0 text-brand-600" />
            Worked out in your browser from the loaded chat; nothing is sent anywhere.
          </p>
        </div>
        <Link
          to={{ pathname: messagesPath, search: location.search }}
          className={buttonClasses({ variant: 'secondary', size: 'lg' })}
        >
          <InboxIcon className="size-4" />
          Messages
        </Link>
      </div>

      <DateRangeBar range={range} bounds={bounds} onChange={setRange} />

      <p className="flex min-h-5 items-center gap-2 text-sm text-slate-600" aria-live="polite">
        {pending ? <Spinner className="size-4 text-brand-600" /> : null}
        {pending ? 'Analysing…' : rangeText ? `Showing ${rangeText}.` : 'Showing the whole chat.'}
        {analysis && analysis.skipped > 0
          ? ` ${analysis.skipped.toLocaleString('en-IN')} lines without a readable date are left out.`
          : ''}
      </p>

      {failed ? (
        <p
          role="alert"
          className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          The chat could not be analysed. Reload the page to try again.
        </p>
      ) : null}

      {analysis ? (
        <div className={`space-y-4 transition-opacity sm:space-y-5 ${pending ? 'opacity-60' : ''}`}>
          <SummaryCards stats={stats} onDrill={drill} />
          <div className="grid grid-cols-1 gap-4 sm:gap-5 lg:grid-cols-2">
            <AnalysisCharts analysis={analysis} onDrill={drill} />
            <AuthorTable
              authors={analysis.authors}
              onDrill={drill}
              onCsv={() => downloadCsv('authors', analysis.authors, AUTHOR_COLUMNS)}
            />
          </div>
        </div>
      ) : pending ? (
        <div className="flex justify-center py-24 text-brand-600">
          <Spinner className="size-8" label="Analysing the chat" />
        </div>
      ) : null}
    </div>
  );
}

function NoChat() {
  const signedIn = useAuth().isSignedIn;
  return (
    <EmptyState
      icon={<ChartColumnIcon className="size-7" />}
      title="No chat to analyse"
      action={
        <Link to={signedIn ? '/upload-chat' : '/'} className={buttonClasses({ size: 'lg' })}>
          {/* A visitor's chat is read in the browser, never uploaded. */}
          {signedIn ? 'Upload a chat' : 'Import a chat'}
        </Link>
      }
    >
      Import an exported WhatsApp chat (.txt or .zip) and its statistics show here.
    </EmptyState>
  );
}
