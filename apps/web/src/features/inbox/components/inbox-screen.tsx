import {
  type InboxTicket,
  type InboxView,
  inboxView,
  SLA_FILTER_LABELS,
  type SlaFilter,
} from '@wadesk/contract';
import { ArrowLeftIcon, ChartColumnIcon, KeyboardIcon, SearchIcon, XIcon } from 'lucide-react';
import { type ComponentType, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBulkUpdate } from '@/features/inbox/api/inbox-queries';
import { useInbox } from '@/features/inbox/hooks/use-inbox';
import { useInboxShortcuts } from '@/features/inbox/hooks/use-inbox-shortcuts';
import type { InboxAction } from '@/features/inbox/utils/shortcuts';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { useSlaClocks } from '@/shared/api/use-sla-clocks';
import { formatNameOrPhone } from '@/shared/format/phone';
import {
  describeReportRange,
  encodeReportDrill,
  REPORT_NAME_PARAM,
  REPORT_PARAM,
  readReportDrill,
  withoutReportDrill,
} from '@/shared/format/report-link';
import { useDebouncedValue } from '@/shared/hooks/use-debounced-value';
import { useInterval } from '@/shared/hooks/use-interval';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/hooks/use-media-query';
import { useOpenTicket } from '@/shared/hooks/use-open-ticket';
import { Button } from '@/shared/ui/button';
import { SlaFilterSelect, toSlaFilter } from '@/shared/ui/sla-filter-select';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { BulkBar } from './bulk-bar';
import { CustomerHistory } from './customer-history';
import { InboxRow } from './inbox-row';
import { InboxViews } from './inbox-views';
import { ShortcutSheet } from './shortcut-sheet';

/** What the inbox hands the conversation and the details it shows (app/ passes the tickets feature's). */
export interface InboxPaneProps {
  ticketId: number;
  /** The ticket as the list holds it; null when it is not in the view (a deep link, the history). */
  known: InboxTicket | null;
  tickets: readonly InboxTicket[];
  onOpenTicket: (id: number) => void;
}

interface InboxScreenProps {
  Conversation: ComponentType<InboxPaneProps>;
  Details: ComponentType<InboxPaneProps>;
}

export const INBOX_MESSAGES = {
  empty: 'No tickets in this view.',
  noMatch: (q: string) => `No tickets match “${q}”.`,
  noSla: (sla: SlaFilter) => `No tickets in this view are ${SLA_FILTER_LABELS[sla].toLowerCase()}.`,
  noReport: 'None of the tickets behind this report figure are in this view.',
  loadFailed: 'The inbox could not be loaded. Reload the page to try again.',
  pickOne: 'Choose a ticket to see its conversation.',
  closeFailed: 'The ticket could not be closed. Try again.',
  assignFailed: 'The ticket could not be assigned to you. Try again.',
} as const;

const SLA_SELECT =
  'h-8 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white pr-7 pl-2.5 text-sm text-slate-800 focus:ring-4 focus:ring-brand-100 focus:outline-none';

/** Search waits for a pause in typing before it asks the server. */
const SEARCH_DELAY_MS = 300;
const DESKTOP_QUERY = '(min-width: 1024px)';

/** A filter kept in the address (`?view=mine&sla=breached`), absent at its default. */
function useParam(name: string, fallback: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next === fallback) copy.delete(name);
          else copy.set(name, next);
          return copy;
        },
        { replace: true },
      ),
    [setParams, name, fallback],
  );
  return [params.get(name) ?? fallback, set];
}

function useView(): [InboxView, (view: InboxView) => void] {
  const [value, setView] = useParam('view', 'all');
  const parsed = inboxView.safeParse(value);
  return [parsed.success ? parsed.data : 'all', setView];
}

function useSla(): [SlaFilter | null, (sla: SlaFilter | null) => void] {
  const [value, set] = useParam('sla', '');
  const setSla = useCallback((sla: SlaFilter | null) => set(sla ?? ''), [set]);
  return [toSlaFilter(value), setSla];
}

/**
 * The Reports drill-down of the address (`?report=…&report_name=…`, shared/format/report-link.ts): the tickets
 * behind one figure of a report; and how to leave it.
 */
function useReportDrill() {
  const [params, setParams] = useSearchParams();
  const [value, name] = [params.get(REPORT_PARAM), params.get(REPORT_NAME_PARAM)];
  const found = useMemo(() => readReportDrill(value, name), [value, name]);
  const clear = useCallback(
    () => setParams((current) => withoutReportDrill(current), { replace: true }),
    [setParams],
  );
  return { found, clear };
}

/** "From Reports: Asha Rao, 1–7 May 2026", with a button that shows every ticket again. */
function ReportChip({ name, range, onClear }: { name: string; range: string; onClear: () => void }) {
  return (
    <div className="flex items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 py-1 pr-1 pl-2.5 text-xs text-brand-900">
      <ChartColumnIcon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
      <p className="min-w-0 flex-1">
        From Reports: <span className="font-semibold">{name}</span>, {range}
      </p>
      <button
        type="button"
        onClick={onClear}
        aria-label="Remove the Reports filter"
        className="rounded-md p-1 text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <XIcon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * The inbox (/inbox): a list of tickets by their customer's last message (views, search, bulk changes),
 * the open ticket's conversation and its details with the customer's history; list | conversation |
 * details from 1024 px, list then conversation on phones. Keys: utils/shortcuts.ts.
 */
export function InboxScreen({ Conversation, Details }: InboxScreenProps) {
  const me = useAuth().user;
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const phone = useMediaQuery(MOBILE_QUERY);
  const [view, setView] = useView();
  const [sla, setSla] = useSla();
  const fromReport = useReportDrill();
  const report = fromReport.found?.drill ?? null;
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const inbox = useInbox(view, { q, sla, report });
  const [openId, setOpenId] = useOpenTicket();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [help, setHelp] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 30_000);
  const single = useBulkUpdate();
  const moreRef = useRef<HTMLDivElement>(null);

  // Another view, search or filter: what was checked is no longer on screen.
  const reportKey = report ? encodeReportDrill(report) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view, search and filters are the trigger
  useEffect(() => setSelected(new Set()), [view, q, sla, reportKey]);

  const { tickets, hasMore, loadingMore, loadMore } = inbox;
  // The rows' running clocks: a closed ticket's have all stopped, so it shows none and costs no lookup.
  const active = useMemo(() => tickets.filter((t) => t.status !== 'close').map((t) => t.id), [tickets]);
  const clocks = useSlaClocks(active);
  // The next page loads when the end of the list scrolls into view (the button stays for keyboards).
  useEffect(() => {
    const sentinel = moreRef.current;
    if (!sentinel || !hasMore || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !loadingMore) loadMore();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, loadMore]);

  const known = openId === null ? null : (tickets.find((ticket) => ticket.id === openId) ?? null);

  const open = (id: number) => {
    setOpenId(id);
    document.querySelector(`[data-ticket-id="${id}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const changeOne = async (action: 'close' | 'assignToMe') => {
    if (openId === null || !me) return;
    try {
      const answer = await single.mutateAsync(
        action === 'close'
          ? { action: 'close', ticket_ids: [openId] }
          : { action: 'assign', ticket_ids: [openId], assignee_id: me.id },
      );
      const skipped = answer.skipped[0];
      if (skipped) toast.warn(skipped.message);
      else toast.success(action === 'close' ? `Ticket #${openId} closed.` : `Ticket #${openId} is yours.`);
    } catch (error) {
      toast.error(
        errorMessage(error, action === 'close' ? INBOX_MESSAGES.closeFailed : INBOX_MESSAGES.assignFailed),
      );
    }
  };

  useInboxShortcuts((action: InboxAction) => {
    if (action === 'help') setHelp(true);
    else if (action === 'reply') document.querySelector<HTMLTextAreaElement>('[data-reply-field]')?.focus();
    else if (action === 'close' || action === 'assignToMe') void changeOne(action);
    else {
      if (tickets.length === 0) return;
      const index = tickets.findIndex((ticket) => ticket.id === openId);
      const next = action === 'next' ? index + 1 : index === -1 ? 0 : index - 1;
      const target = tickets[Math.max(0, Math.min(next, tickets.length - 1))];
      if (target) open(target.id);
      if (action === 'next' && next >= tickets.length - 1 && hasMore && !loadingMore) loadMore();
    }
  });

  const allChecked = tickets.length > 0 && tickets.every((ticket) => selected.has(ticket.id));
  const check = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const showList = !phone || openId === null;
  const showConversation = !phone || openId !== null;
  const pane = openId === null ? null : { ticketId: openId, known, tickets, onOpenTicket: open };

  const list = (
    <section
      aria-label="Tickets"
      className="flex min-h-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="space-y-2 border-b border-slate-200 p-3">
        {fromReport.found ? (
          <ReportChip
            name={fromReport.found.name}
            range={describeReportRange(fromReport.found.drill)}
            onClear={fromReport.clear}
          />
        ) : null}
        <InboxViews view={view} onChange={setView} compact={phone} />
        <label className="relative block">
          <span className="sr-only">Search tickets</span>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-2 left-2.5 size-4 text-slate-500"
          />
          <input
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name, number, group or message"
            className="h-8 w-full rounded-lg border border-slate-300 pr-2.5 pl-8 text-sm placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </label>
        <SlaFilterSelect value={sla} onChange={setSla} selectClassName={SLA_SELECT} />
        {tickets.length > 0 ? (
          <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
            <input
              type="checkbox"
              checked={allChecked}
              onChange={(event) =>
                setSelected(event.target.checked ? new Set(tickets.map((ticket) => ticket.id)) : new Set())
              }
              className="size-4 accent-brand-700"
            />
            Select all {tickets.length} shown
          </label>
        ) : null}
      </div>
      {selected.size > 0 ? <BulkBar selected={[...selected]} onDone={() => setSelected(new Set())} /> : null}
      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={inbox.refreshing || undefined}>
        {inbox.status === 'loading' ? (
          <div className="flex justify-center py-12 text-brand-700">
            <Spinner className="size-7" label="Loading the inbox" />
          </div>
        ) : inbox.status === 'error' ? (
          <p className="px-4 py-10 text-center text-sm text-slate-600">
            {INBOX_MESSAGES.loadFailed}{' '}
            <button type="button" className="font-semibold text-brand-700 underline" onClick={inbox.retry}>
              Try again
            </button>
          </p>
        ) : tickets.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-slate-500">
            {q
              ? INBOX_MESSAGES.noMatch(q)
              : sla
                ? INBOX_MESSAGES.noSla(sla)
                : report
                  ? INBOX_MESSAGES.noReport
                  : INBOX_MESSAGES.empty}
          </p>
        ) : (
          <ul aria-label="Inbox tickets">
            {tickets.map((ticket) => (
              <InboxRow
                key={ticket.id}
                ticket={ticket}
                open={ticket.id === openId}
                checked={selected.has(ticket.id)}
                now={now}
                sla={clocks}
                onOpen={() => open(ticket.id)}
                onCheck={(on) => check(ticket.id, on)}
              />
            ))}
          </ul>
        )}
        {hasMore ? (
          <div ref={moreRef} className="flex justify-center p-3">
            <Button variant="secondary" size="md" busy={loadingMore} onClick={loadMore}>
              Load more tickets
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );

  const details = pane ? (
    <div className="space-y-5">
      <Details {...pane} />
      <CustomerHistory ticketId={pane.ticketId} onOpen={open} />
    </div>
  ) : null;

  const conversation = (
    <section
      aria-label="Conversation"
      className={`flex min-h-0 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm ${
        phone ? 'h-[calc(100dvh-10rem)]' : ''
      }`}
    >
      {pane ? (
        <>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-2.5">
            {phone ? (
              <Button
                variant="ghost"
                size="md"
                aria-label="Back to the inbox"
                icon={<ArrowLeftIcon aria-hidden="true" className="size-4" />}
                onClick={() => setOpenId(null)}
              />
            ) : null}
            <h2 className="min-w-0 truncate text-base font-semibold text-slate-900">
              {known ? formatNameOrPhone(known.customer) : `Ticket #${pane.ticketId}`}
            </h2>
            <span className="shrink-0 text-sm text-slate-500">#{pane.ticketId}</span>
          </div>
          {desktop ? null : (
            <details className="border-b border-slate-200 px-4 py-2">
              <summary className="cursor-pointer text-sm font-semibold text-slate-800">
                Ticket details
              </summary>
              <div className="mt-3 max-h-[45dvh] overflow-y-auto pb-2">{details}</div>
            </details>
          )}
          <div className="min-h-0 flex-1">
            <Conversation key={pane.ticketId} {...pane} />
          </div>
        </>
      ) : (
        <p className="m-auto px-4 py-16 text-center text-sm text-slate-500">{INBOX_MESSAGES.pickOne}</p>
      )}
    </section>
  );

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Inbox</h1>
        <Button
          variant="ghost"
          size="md"
          icon={<KeyboardIcon aria-hidden="true" className="size-4" />}
          onClick={() => setHelp(true)}
        >
          Shortcuts
        </Button>
      </div>
      <div
        className={
          phone
            ? 'grid grid-cols-1 gap-3'
            : desktop
              ? 'grid h-[calc(100dvh-10.5rem)] grid-cols-[20rem_minmax(0,1fr)_19rem] gap-3'
              : 'grid h-[calc(100dvh-10.5rem)] grid-cols-[17rem_minmax(0,1fr)] gap-3'
        }
      >
        {showList ? list : null}
        {showConversation ? conversation : null}
        {desktop ? (
          <aside
            aria-label="Ticket details"
            className="min-h-0 overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            {details ?? <p className="text-sm text-slate-500">The open ticket's details show here.</p>}
          </aside>
        ) : null}
      </div>
      <ShortcutSheet open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
