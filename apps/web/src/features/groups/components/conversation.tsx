import type { GroupMessage, SessionGroup } from '@wadesk/contract';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { downloadMedia } from '@/features/groups/api/groups-api';
import { authorKey, useBlink } from '@/features/groups/hooks/use-blink';
import { useFocusMessage } from '@/features/groups/hooks/use-focus-message';
import { useGroupMessages } from '@/features/groups/hooks/use-group-messages';
import { useGroupSync } from '@/features/groups/hooks/use-group-sync';
import { useMarkRead } from '@/features/groups/hooks/use-mark-read';
import { mediaFileName, saveBase64File } from '@/features/groups/utils/media-download';
import { placeMessages } from '@/features/groups/utils/message-layout';
import { errorMessage } from '@/shared/api/api-error';
import { useLivePolls } from '@/shared/events/use-live-polls';
import { useLiveReplyStates } from '@/shared/events/use-live-reply-states';
import { DaySeparator } from '@/shared/ui/day-separator';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { ConversationNotices } from './conversation-notices';
import { GroupBubble } from './group-bubble';

export const DOWNLOAD_ERROR = 'Error in file Download';

function useDownload(group: SessionGroup) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = useCallback(
    async (message: GroupMessage) => {
      setDownloading(message.msg_id);
      try {
        const media = await downloadMedia({
          message_id: message.msg_id,
          chat_id: group.group_id,
          session_id: group.session_id,
        });
        if (!media) toast.error(DOWNLOAD_ERROR);
        else
          saveBase64File(
            media.data,
            media.mimetype,
            mediaFileName(media.mimetype, media.filename ?? message.filename),
          );
      } catch (error) {
        // The server's words when it refused (media above its size limit, expired, the phone too slow).
        toast.error(errorMessage(error, DOWNLOAD_ERROR));
      } finally {
        setDownloading(null);
      }
    },
    [group.group_id, group.session_id],
  );
  return { downloading, download };
}

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
  const { downloading, download } = useDownload(group);
  const scroller = useRef<HTMLDivElement>(null);
  const placed = useMemo(() => placeMessages(page.messages), [page.messages]);
  // The desk's replies' ticks move with `reply.status` events (decision 0018, reply states).
  const replyState = useLiveReplyStates(group.session_id, group.group_id);
  // And the polls' counts with `poll.updated` events.
  const pollOf = useLivePolls(group.session_id, group.group_id);
  // Seen: the newest page is on screen; each new message at its end is seen again.
  useMarkRead(
    group,
    page.status === 'ready' && page.atLatest ? (page.messages.at(-1)?.msg_id ?? 'no messages') : null,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: every new set of messages scrolls, not only a new target
  useEffect(() => {
    const element = scroller.current;
    if (!element || !page.scroll) return;
    element.scrollTop = page.scroll === 'bottom' ? element.scrollHeight : 0;
  }, [page.messages, page.scroll]);
  // Declared after the scroll above, so that scrolling to the linked message wins.
  const highlighted = useFocusMessage(page, scroller, focusMessage);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ConversationHeader
        group={group}
        onBack={onBack}
        onPrev={page.prev}
        onNext={page.next}
        onSync={sync.start}
        paging={page.paging}
        syncing={sync.starting}
        empty={page.messages.length === 0}
      />
      <ConversationNotices
        progress={sync.progress}
        onDismiss={sync.dismiss}
        historyPending={page.historyPending}
      />
      <div
        ref={scroller}
        className="relative min-h-0 flex-1 overflow-y-auto bg-[#efeae2] py-3"
        data-testid="group-messages"
      >
        {page.status === 'loading' ? (
          <div className="flex h-full items-center justify-center text-brand-700">
            <Spinner className="size-8" label="Loading messages" />
          </div>
        ) : page.status === 'error' && page.messages.length === 0 ? (
          <p className="px-6 py-16 text-center text-sm text-slate-600">
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
          <div className="flex h-full items-center justify-center">
            <p className="rounded-lg bg-white/90 px-4 py-2 text-sm font-medium text-slate-600 shadow-xs">
              No new Chat Found
            </p>
          </div>
        ) : (
          placed.map(({ message, newDay, runStart }) => (
            <Fragment key={message.msg_id}>
              {newDay ? <DaySeparator day={newDay} /> : null}
              <GroupBubble
                highlighted={highlighted === message.msg_id}
                message={message}
                reply={message.from_me ? replyState(message.id, message.reply) : null}
                poll={message.message_type === 'poll_creation' ? pollOf(message.id, message.poll) : null}
                runStart={runStart}
                blinking={blinking === authorKey(message)}
                downloading={downloading === message.msg_id}
                onBlink={blink}
                onDownload={download}
              />
            </Fragment>
          ))
        )}
      </div>
      {page.unseen > 0 ? (
        <button
          type="button"
          onClick={() => void page.reload(true)}
          className="border-t border-brand-200 bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-100"
        >
          {page.unseen} new {page.unseen === 1 ? 'message' : 'messages'} — show latest
        </button>
      ) : null}
      <Composer key={`${group.session_id}:${group.group_id}`} group={group} />
    </div>
  );
}
