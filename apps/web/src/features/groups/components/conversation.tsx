import type { GroupMessage, GroupSearchHit, SessionGroup } from '@wadesk/contract';
import { useCallback, useRef, useState } from 'react';
import { authorKey, useBlink } from '@/features/groups/hooks/use-blink';
import { useFocusMessage } from '@/features/groups/hooks/use-focus-message';
import { useGroupMessages } from '@/features/groups/hooks/use-group-messages';
import { useGroupSearch } from '@/features/groups/hooks/use-group-search';
import { useGroupSync } from '@/features/groups/hooks/use-group-sync';
import { useMarkRead } from '@/features/groups/hooks/use-mark-read';
import { useMediaViewer } from '@/features/groups/hooks/use-media-viewer';
import { useTextHighlight } from '@/features/groups/hooks/use-text-highlight';
import { zonedDayStart } from '@/features/groups/utils/zoned-day';
import { useLivePolls } from '@/shared/events/use-live-polls';
import { useLiveReplyStates } from '@/shared/events/use-live-reply-states';
import { Lightbox } from '@/shared/media/lightbox';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { ConversationNotices } from './conversation-notices';
import { GroupBubble } from './group-bubble';
import { GroupMessageList, JumpToLatest } from './group-message-list';
import { GroupSearchBar } from './group-search-bar';
import { JumpToDateBar } from './jump-to-date-bar';

interface ConversationProps {
  group: SessionGroup;
  onBack?: () => void;
  /** WhatsApp id of a message to scroll to and highlight (a ticket's link). */
  focusMessage?: string;
}

/** The right column with a group open: header, notices and the message bubbles. */
export function Conversation({ group, onBack, focusMessage }: ConversationProps) {
  const page = useGroupMessages(group);
  const sync = useGroupSync(group, () => void page.reload(true));
  const { blinking, blink } = useBlink();
  // Photos and videos: the lightbox over the loaded messages, and the Download buttons.
  const media = useMediaViewer(group, page.messages);
  const container = useRef<HTMLDivElement>(null);
  const [tool, setTool] = useState<'search' | 'date' | null>(null);
  const [atBottom, setAtBottom] = useState(true);
  // The desk's replies' ticks move with `reply.status` events (decision 0018, reply states).
  const replyState = useLiveReplyStates(group.session_id, group.group_id);
  // And the polls' counts with `poll.updated` events.
  const pollOf = useLivePolls(group.session_id, group.group_id);
  const { around, fromDate } = page;
  const showHit = useCallback((hit: GroupSearchHit) => void around(hit.msg_id), [around]);
  const search = useGroupSearch(group, showHit);
  useTextHighlight(container, tool === 'search' && search.status === 'done' ? search.query : '');
  const newBelow = useNewBelow(page.messages, page.atLatest && atBottom);
  // Seen: the newest message is on screen; each new message at its end is seen again.
  useMarkRead(
    group,
    page.status === 'ready' && page.atLatest && atBottom
      ? (page.messages.at(-1)?.msg_id ?? 'no messages')
      : null,
  );
  const focused = useFocusMessage(page, focusMessage);
  const hit = tool === 'search' ? search.hits[search.current]?.msg_id : undefined;
  const isHighlighted = (message: GroupMessage) => message.msg_id === hit || message.id === focused;

  const closeTool = () => {
    search.clear();
    setTool(null);
  };
  const toggle = (which: 'search' | 'date') => {
    search.clear();
    setTool(tool === which ? null : which);
  };
  const jumpToDay = (day: string) =>
    void fromDate(zonedDayStart(day)).then((found) => {
      if (!found) toast.info('No messages from that day on are stored. Showing the latest.');
    });
  const unseen = page.unseen + newBelow;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ConversationHeader
        group={group}
        onBack={onBack}
        onPrev={() => page.prev(true)}
        onNext={() => page.next(true)}
        onSync={sync.start}
        onSearch={() => toggle('search')}
        onDate={() => toggle('date')}
        tool={tool}
        paging={page.paging}
        syncing={sync.starting}
        empty={page.messages.length === 0}
      />
      {tool === 'search' ? <GroupSearchBar search={search} onClose={closeTool} /> : null}
      {tool === 'date' ? (
        <JumpToDateBar onJump={jumpToDay} onClose={closeTool} busy={page.paging !== null} />
      ) : null}
      <ConversationNotices
        progress={sync.progress}
        onDismiss={sync.dismiss}
        historyPending={page.historyPending}
      />
      {page.status === 'loading' ? (
        <div
          className="flex min-h-0 flex-1 items-center justify-center bg-[#efeae2] text-brand-700"
          data-testid="group-messages"
        >
          <Spinner className="size-8" label="Loading messages" />
        </div>
      ) : page.status === 'error' && page.messages.length === 0 ? (
        <p
          className="min-h-0 flex-1 bg-[#efeae2] px-6 py-16 text-center text-sm text-slate-600"
          data-testid="group-messages"
        >
          The messages could not be loaded.{' '}
          <button
            type="button"
            onClick={() => void page.reload()}
            className="font-semibold text-brand-700 underline"
          >
            Try again
          </button>
        </p>
      ) : page.messages.length === 0 ? (
        <div
          className="flex min-h-0 flex-1 items-center justify-center bg-[#efeae2]"
          data-testid="group-messages"
        >
          <p className="rounded-lg bg-white/90 px-4 py-2 text-sm font-medium text-slate-600 shadow-xs">
            No new Chat Found
          </p>
        </div>
      ) : (
        <GroupMessageList
          page={page}
          container={container}
          onStart={() => page.prev(false)}
          onEnd={() => page.next(false)}
          onAtBottom={setAtBottom}
          onAtTop={page.setAtTop}
          overlay={!atBottom || !page.atLatest ? <JumpToLatest onClick={page.jumpToLatest} /> : null}
          bubble={(message, runStart) => (
            <GroupBubble
              highlighted={isHighlighted(message)}
              message={message}
              reply={message.from_me ? replyState(message.id, message.reply) : null}
              poll={message.message_type === 'poll_creation' ? pollOf(message.id, message.poll) : null}
              runStart={runStart}
              blinking={blinking === authorKey(message)}
              downloading={media.downloading === message.msg_id}
              onBlink={blink}
              onDownload={media.download}
              onOpenMedia={media.open}
            />
          )}
        />
      )}
      {unseen > 0 ? (
        <button
          type="button"
          onClick={page.jumpToLatest}
          className="shrink-0 border-t border-brand-200 bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-100"
        >
          {unseen} new {unseen === 1 ? 'message' : 'messages'} — show latest
        </button>
      ) : null}
      {/* Under the list, which keeps the rest of the column's height (flex-1). */}
      {/* A sent message shows at the end, as in WhatsApp: the list goes there, wherever the member had read to. */}
      <Composer key={`${group.session_id}:${group.group_id}`} group={group} onSent={page.jumpToLatest} />
      {/* A dialog drawn over the page (a portal): its place here lays nothing out. */}
      <Lightbox {...media.lightbox} />
    </div>
  );
}

/**
 * Live messages that joined the end while the member was reading further up: counted from the last
 * message they had seen at the bottom, so the bar says how many wait below.
 */
function useNewBelow(messages: readonly GroupMessage[], seeing: boolean): number {
  const lastSeen = useRef<string | null>(null);
  if (seeing || lastSeen.current === null) lastSeen.current = messages.at(-1)?.msg_id ?? null;
  if (seeing) return 0;
  const at = messages.findIndex((message) => message.msg_id === lastSeen.current);
  return at < 0 ? 0 : messages.length - 1 - at;
}
