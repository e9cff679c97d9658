import { InboxIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import type { VirtuosoHandle } from 'react-virtuoso';
import { MediaLinksProvider } from '@/features/chat-viewer/media/media-links-context';
import { SearchDropdown, SearchPanel } from '@/features/chat-viewer/search/search-panel';
import { useChatSearch } from '@/features/chat-viewer/search/use-chat-search';
import { keepCentred } from '@/features/chat-viewer/utils/keep-centred';
import { useAuth } from '@/shared/account/auth-context';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/hooks/use-media-query';
import { chatCountLabel } from '@/shared/loaded-chat/chat-count-label';
import { FilterChip } from '@/shared/loaded-chat/drill-down/filter-chip';
import { positionOf, useDrillDown } from '@/shared/loaded-chat/drill-down/use-drill-down';
import { AnalyseLink } from '@/shared/loaded-chat/navigation/analyse-link';
import { useChat } from '@/shared/loaded-chat/state/chat-provider';
import { EmptyState } from '@/shared/ui/empty-state';
import { Spinner } from '@/shared/ui/spinner';
import { ChatLightbox } from './chat-lightbox';
import { ChatToolbar } from './chat-toolbar';
import { ClearChatDialog, clearedCopy } from './clear-chat-dialog';
import { CutExportNotice } from './cut-export-notice';
import { MessageList } from './message-list';
import { useClearChat } from './use-clear-chat';

export const HIGHLIGHT_MS = 2000;
const NONE: readonly number[] = [];

interface ChatViewerProps {
  stickyClass?: string;
  /** More toolbar buttons, e.g. Save Chat for a signed-in user. */
  toolbarActions?: ReactNode;
  /** The Analysis screen of this chat: /analysis, or /analysis-nologin for visitors. */
  analysisPath?: string;
}

/** The Messages screen, shared by /messages and /messages-nologin. */
export function ChatViewer({
  stickyClass = 'top-0',
  toolbarActions,
  analysisPath = '/analysis',
}: ChatViewerProps) {
  const chat = useChat();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const listRef = useRef<VirtuosoHandle>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const searchAnchorRef = useRef<HTMLDivElement>(null);
  const stopCentring = useRef<() => void>(() => {});
  useEffect(() => () => stopCentring.current(), []);
  const [searchOpen, setSearchOpen] = useState(false);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  // A drill-down from the Analysis screen shows only its messages; search looks within them.
  const filter = useDrillDown(chat.revision);
  const indices = filter?.indices ?? null;
  const shown = useMemo(
    () => (indices ? indices.flatMap((index) => chat.data[index] ?? []) : chat.data),
    [indices, chat.data],
  );
  const search = useChatSearch(chat.revision, filter ? (indices ?? NONE) : null);
  const clear = useClearChat();
  const filterKey = filter ? JSON.stringify(filter.drillDown) : null;

  // Another chat: nothing from the previous one stays highlighted or searched.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the revision is the trigger
  useEffect(() => {
    setHighlighted(null);
    search.setQuery('');
  }, [chat.revision]);

  // The page scrolls smoothly elsewhere (index.css); the virtual list positions the window itself, and
  // smooth scrolling would turn each of its corrections into a slow animation.
  useEffect(() => {
    const html = document.documentElement;
    const before = html.style.scrollBehavior;
    html.style.scrollBehavior = 'auto';
    return () => {
      html.style.scrollBehavior = before;
    };
  }, []);

  // A filter set or removed here starts the list at its top.
  const shownKey = useRef(filterKey);
  useEffect(() => {
    if (shownKey.current === filterKey) return;
    shownKey.current = filterKey;
    window.scrollTo({ top: 0 });
  }, [filterKey]);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const jumpTo = useCallback(
    (index: number) => {
      const position = indices ? positionOf(indices, index) : index;
      if (position < 0) return;
      const stuck = stuckBarsHeight(sectionRef.current);
      listRef.current?.scrollToIndex({ index: position, align: 'center', offset: -stuck / 2 });
      stopCentring.current();
      stopCentring.current = keepCentred(sectionRef.current, index, stuck);
      setHighlighted(index);
      // The results would cover the message they lead to: the search closes (its query stays for the
      // next opening) and, on desktop, focus goes back to its toggle (the mobile panel returns it itself).
      setSearchOpen(false);
      if (!mobile) searchAnchorRef.current?.querySelector('button')?.focus({ preventScroll: true });
    },
    [mobile, indices],
  );

  if (chat.status !== 'ready') {
    return (
      <div className="flex justify-center py-24 text-brand-600">
        <Spinner className="size-8" label="Loading the chat" />
      </div>
    );
  }
  if (chat.total_msgs === 0) return <NoMessages />;

  const closeSearch = () => setSearchOpen(false);
  const scope = filter
    ? 'Searching only the filtered messages; remove the filter to search the whole chat.'
    : null;
  return (
    <section
      ref={sectionRef}
      aria-label="Chat"
      className="rounded-2xl border border-slate-200 bg-[#efeae2] shadow-sm"
    >
      <ChatToolbar
        countLabel={chatCountLabel(chat.counts, chat.total_msgs)}
        authors={chat.unique_authors}
        sender={chat.sender}
        onSender={chat.setSender}
        searchOpen={searchOpen}
        onToggleSearch={() => setSearchOpen((open) => !open)}
        searchAnchorRef={searchAnchorRef}
        onClear={() => setConfirmingClear(true)}
        clearHint={
          clearedCopy(chat.source) === 'saved'
            ? 'Close this chat in this browser; the saved copy stays in your account'
            : undefined
        }
        actions={
          <>
            {toolbarActions}
            <AnalyseLink to={analysisPath} range={filter?.drillDown.range} />
          </>
        }
        notice={filter ? <FilterChip filter={filter} /> : null}
        stickyClass={`${stickyClass} rounded-t-2xl`}
        searchDropdown={
          searchOpen && !mobile ? (
            <SearchDropdown
              search={search}
              messages={chat.data}
              onPick={jumpTo}
              onClose={closeSearch}
              scope={scope}
            />
          ) : null
        }
      />
      <CutExportNotice
        counts={chat.counts}
        lines={chat.total_msgs}
        withMedia={Object.keys(chat.media).length > 0}
      />
      <MediaLinksProvider source={chat.source} media={chat.media}>
        {filter && indices === null ? (
          <div className="flex justify-center py-16 text-brand-600">
            <Spinner className="size-7" label="Finding the messages" />
          </div>
        ) : filter && shown.length === 0 ? (
          <p className="px-4 py-16 text-center text-sm text-slate-600">No messages match this filter.</p>
        ) : (
          <ChatLightbox messages={shown} indices={indices}>
            <MessageList
              messages={shown}
              indices={indices}
              sender={chat.sender}
              highlighted={highlighted}
              listRef={listRef}
            />
          </ChatLightbox>
        )}
      </MediaLinksProvider>
      <ClearChatDialog open={confirmingClear} onClose={() => setConfirmingClear(false)} onConfirm={clear} />
      <SearchPanel
        open={searchOpen && mobile}
        search={search}
        messages={chat.data}
        onPick={jumpTo}
        onClose={closeSearch}
        scope={scope}
      />
    </section>
  );
}

/**
 * How much of the top of the window the sticky bars cover once stuck (the toolbar and, on phones, the
 * app header above it): a message is centred in the part of the window left visible.
 */
function stuckBarsHeight(section: HTMLElement | null): number {
  const toolbar = section?.querySelector<HTMLElement>('[role="toolbar"]');
  if (!toolbar) return 0;
  return toolbar.offsetHeight + (Number.parseFloat(getComputedStyle(toolbar).top) || 0);
}

/** "No messages", then away: to /dashboard when signed in, else to the landing page. */
function NoMessages() {
  const { isSignedIn } = useAuth();
  const [target] = useState(isSignedIn ? '/dashboard' : '/');
  const [leave, setLeave] = useState(false);
  useEffect(() => setLeave(true), []);
  if (leave) return <Navigate to={target} replace />;
  return (
    <EmptyState icon={<InboxIcon className="size-7" />} title="No messages">
      There is no chat loaded.
    </EmptyState>
  );
}
