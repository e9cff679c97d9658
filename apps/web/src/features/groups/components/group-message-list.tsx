import { type GroupMessage, groupMessages } from '@wadesk/contract';
import { ArrowDownIcon } from 'lucide-react';
import { type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type IndexLocationWithAlign, Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { MessagesState, Paging } from '@/features/groups/hooks/use-group-messages';
import { useKeptPlace } from '@/features/groups/hooks/use-kept-place';
import { placeMessages } from '@/features/groups/utils/message-layout';
import { HISTORY_ASKING_AGAIN } from '@/features/groups/utils/message-page';
import { DaySeparator } from '@/shared/ui/day-separator';
import { Spinner } from '@/shared/ui/spinner';

interface GroupMessageListProps {
  page: MessagesState & { paging: Paging };
  /** The messages' scrolling element's parent, for the search highlight and e2e. */
  container: RefObject<HTMLDivElement | null>;
  /** One message's bubble (`runStart`: the first of its author's run). */
  bubble: (message: GroupMessage, runStart: boolean) => ReactNode;
  /** Scrolled near the top / bottom: load the page before / after (keeping place). */
  onStart: () => void;
  onEnd: () => void;
  /** Whether the list's end is on screen. */
  onAtBottom: (atBottom: boolean) => void;
  /** Whether its start (the first message and what is said above it) is on screen. */
  onAtTop: (atTop: boolean) => void;
  /** Drawn over the list's bottom edge (the "Jump to latest" button). */
  overlay?: ReactNode;
}

/**
 * The group's messages, virtualised (react-virtuoso): it opens at its end, grows at the start without
 * moving what is on screen (firstItemIndex goes down by the messages prepended), and follows new messages
 * only while its end is on screen (docs/decisions/0025-group-reading.md).
 */
export function GroupMessageList({
  page,
  container,
  bubble,
  onStart,
  onEnd,
  onAtBottom,
  onAtTop,
  overlay,
}: GroupMessageListProps) {
  const list = useRef<VirtuosoHandle>(null);
  // Separators and author lines are placed so that a page put above never changes a held row's height
  // (placeMessages): virtuoso keeps the first shown row's top, so its bubble stays where the reader saw it.
  const placed = useMemo(
    () => placeMessages(page.messages, { hasMoreBefore: page.hasMoreBefore, seams: page.seams }),
    [page.messages, page.hasMoreBefore, page.seams],
  );
  const indexOf = useCallback(
    (msgId: string) => page.messages.findIndex((message) => message.msg_id === msgId),
    [page.messages],
  );

  // A replaced window starts where its scroll target says; the list is drawn anew for it (key).
  const [start, setStart] = useState<{ generation: number; location: IndexLocationWithAlign }>({
    generation: -1,
    location: { index: 'LAST', align: 'end' },
  });
  if (start.generation !== page.generation) {
    const target = page.scroll;
    const index = target?.kind === 'message' ? indexOf(target.msgId) : -1;
    setStart({
      generation: page.generation,
      location:
        index >= 0 && target?.kind === 'message'
          ? { index, align: target.align }
          : { index: 'LAST', align: 'end' },
    });
  }

  // A page landing above keeps the reader's message where it was, once virtuoso has measured the new rows.
  // A held message, `offset` px below the list's top (as the reader saw it) or aligned to the list's start,
  // centre or end: for the kept place and for the scroll targets below.
  const scrollToMessage = useCallback(
    (msgId: string, align: 'start' | 'center' | 'end', offset = 0) => {
      const index = indexOf(msgId);
      if (index >= 0) list.current?.scrollToIndex({ index, align, offset: -offset });
    },
    [indexOf],
  );
  const locate = useCallback(
    (msgId: string, offset: number) => scrollToMessage(msgId, 'start', offset),
    [scrollToMessage],
  );
  const kept = useKeptPlace(page.firstIndex, start.generation, locate);

  // Within one window: the Previous / More messages buttons and "Jump to latest" scroll to their target.
  const handled = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new target (its seq), once
  useEffect(() => {
    const target = page.scroll;
    if (!target || handled.current === target.seq) return;
    handled.current = target.seq;
    if (start.generation !== page.generation) return;
    kept.release();
    if (target.kind === 'bottom') {
      list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
      return;
    }
    scrollToMessage(target.msgId, target.align);
  }, [page.scroll?.seq]);

  return (
    <div ref={container} className="relative min-h-0 flex-1 bg-[#efeae2]" data-testid="group-messages">
      <Virtuoso
        key={start.generation}
        ref={list}
        scrollerRef={kept.scrollerRef}
        style={{ height: '100%' }}
        data={placed}
        firstItemIndex={page.firstIndex}
        initialTopMostItemIndex={start.location}
        computeItemKey={(_, item) => item.message.msg_id}
        startReached={onStart}
        endReached={onEnd}
        atBottomStateChange={onAtBottom}
        atTopStateChange={onAtTop}
        atTopThreshold={44}
        atBottomThreshold={48}
        followOutput={(atBottom) => (atBottom && page.atLatest ? 'auto' : false)}
        increaseViewportBy={{ top: 600, bottom: 400 }}
        components={{ Header: ListStart, Footer: ListEdge }}
        context={{
          start: !page.hasMoreBefore,
          loading: page.paging === 'prev' || page.historyPending,
          note: page.olderNote?.text ?? null,
        }}
        role="log"
        aria-label="Messages"
        itemContent={(_, { message, dayAbove, dayBelow, runStart }) => (
          <>
            {dayAbove ? <DaySeparator day={dayAbove} /> : null}
            {bubble(message, runStart)}
            {dayBelow ? <DaySeparator day={dayBelow} /> : null}
          </>
        )}
      />
      {overlay}
    </div>
  );
}

/** Room below the last bubble. */
function ListEdge() {
  return <div className="h-3" />;
}

/**
 * Above the first bubble: older messages loading, the start of what the group holds, or why nothing older
 * came (the server's words). One height in every state: a header that grew or shrank as a page loads would
 * move the messages the reader is looking at.
 */
function ListStart({ context }: { context?: { start: boolean; loading: boolean; note: string | null } }) {
  const row = 'flex h-11 items-center justify-center px-4';
  if (context?.loading)
    return (
      <div className={`${row} text-brand-700`}>
        <Spinner className="size-5" label="Loading older messages" />
      </div>
    );
  if (context?.start)
    return (
      <p className={`${row} text-center text-xs text-slate-600`} data-testid="group-start">
        <span className="rounded-lg bg-white/90 px-3 py-1 shadow-xs">The start of this group's messages</span>
      </p>
    );
  if (context?.note)
    return (
      <p className={`${row} text-center text-xs leading-4 text-slate-600`} data-testid="group-older-note">
        <span className="line-clamp-2 rounded-lg bg-white/90 px-3 py-0.5 shadow-xs">
          {context.note === groupMessages.phoneSentNothing ? HISTORY_ASKING_AGAIN : context.note}
        </span>
      </p>
    );
  return <div className={row} />;
}

/** The floating button back to the newest message, shown while the list is away from it. */
export function JumpToLatest({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Jump to latest"
      title="Jump to latest"
      data-testid="jump-to-latest"
      className="absolute right-4 bottom-4 flex size-10 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-700 shadow-md hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ArrowDownIcon className="size-5" />
    </button>
  );
}
