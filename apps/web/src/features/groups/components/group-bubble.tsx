import type { GroupMessage, PollState, ReplyState } from '@wadesk/contract';
import { ArchiveIcon, LockIcon, TriangleAlertIcon, UsersIcon } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { authorKey } from '@/features/groups/hooks/use-blink';
import { formatTime } from '@/features/groups/utils/list-time';
import { kindLabel, NOTICE_KINDS } from '@/features/groups/utils/message-kind';
import { avatarColour } from '@/shared/format/avatar';
import { formatDateTime } from '@/shared/format/format';
import { formatPhone } from '@/shared/format/phone';
import { Avatar } from '@/shared/ui/avatar';
import { LinkifiedText } from '@/shared/ui/linkified-text';
import { Poll } from '@/shared/ui/poll';
import { ReplyStatus } from '@/shared/ui/reply-status';
import { DeletedNote } from './deleted-note';
import { EditHistory } from './edit-history';
import { MediaBlock } from './media-block';
import { MissedCallLine } from './missed-call-line';
import { QuotedBlock } from './quoted-block';
import { ReactionChips } from './reaction-chips';

interface GroupBubbleProps {
  message: GroupMessage;
  /** A reply sent from the desk: its ticks, or why WhatsApp refused it (with Retry). */
  reply?: ReplyState | null;
  /** A poll's question, options and counts (the latest heard); null shows the message as text. */
  poll?: PollState | null;
  /**
   * The first of consecutive messages of one author (see utils/message-layout.ts): it alone shows the
   * author's name and avatar and has the bubble's tail. true when not told.
   */
  runStart?: boolean;
  blinking: boolean;
  /** The message a ticket's link opened the chat at: marked for a few seconds. */
  highlighted?: boolean;
  downloading: boolean;
  onBlink: (author: string) => void;
  onDownload: (message: GroupMessage) => void;
  /** Opens a photo or video in the lightbox (by msg_id); without it the preview is only a picture. */
  onOpenMedia?: (msgId: string) => void;
}

const KIND_ICONS: Partial<Record<GroupMessage['message_type'], ReactNode>> = {
  view_once: <LockIcon className="size-3.5" />,
  unknown: <TriangleAlertIcon className="size-3.5" />,
  groups_v4_invite: <UsersIcon className="size-3.5" />,
  album: <ArchiveIcon className="size-3.5" />,
};

/** What the message is, above its text: for every kind but plain text and media (which show their own). */
function KindNote({ message }: { message: GroupMessage }) {
  const label = message.has_media ? null : kindLabel(message.message_type);
  if (!label) return null;
  return (
    <p
      className="flex items-center gap-1 text-xs font-semibold text-slate-600 uppercase"
      data-kind={message.message_type}
    >
      {KIND_ICONS[message.message_type] ?? null}
      {label}
    </p>
  );
}

function Body({
  message,
  poll,
  downloading,
  onDownload,
  onOpenMedia,
}: Omit<GroupBubbleProps, 'blinking' | 'onBlink' | 'runStart' | 'reply'>) {
  if (message.message_type === 'revoked') return <DeletedNote message={message} />;
  // A server that sends no poll (built before polls counted) leaves the question as the text.
  if (poll) return <Poll poll={poll} />;
  const notice = NOTICE_KINDS.has(message.message_type);
  // Never an empty bubble: a notice without text still says where to see the message.
  const text = message.body || (notice ? 'Open it on the phone' : '');
  return (
    <div className="space-y-1.5">
      {message.has_media ? (
        <MediaBlock
          message={message}
          downloading={downloading}
          onDownload={() => onDownload(message)}
          onOpen={onOpenMedia ? () => onOpenMedia(message.msg_id) : undefined}
        />
      ) : null}
      <KindNote message={message} />
      {text ? (
        <p
          className={`text-sm whitespace-pre-wrap break-words ${notice ? 'text-slate-600 italic' : 'text-slate-800'}`}
        >
          <LinkifiedText text={text} />
        </p>
      ) : null}
    </div>
  );
}

/** One group message; a click blinks every message of the same author. */
export const GroupBubble = memo(function GroupBubble({
  message,
  reply = null,
  poll = null,
  runStart = true,
  blinking,
  highlighted = false,
  downloading,
  onBlink,
  onDownload,
  onOpenMedia,
}: GroupBubbleProps) {
  const when = formatDateTime(message.timestamp * 1000);
  if (message.message_type === 'gp2') {
    return (
      <div className="flex justify-center px-3 py-1">
        <p className="max-w-[85%] rounded-lg bg-[#fdf4c5] px-3 py-1 text-center text-xs text-slate-700 shadow-xs">
          {message.body || 'Group updated'}{' '}
          <span className="ml-1 text-[0.68rem] leading-4 text-slate-500" title={when}>
            {formatTime(message.timestamp)}
          </span>
        </p>
      </div>
    );
  }
  if (message.message_type === 'call_missed') return <MissedCallLine message={message} />;
  const own = message.from_me;
  const blink = () => onBlink(authorKey(message));
  const number = message.author_number ? formatPhone(message.author_number) : null;
  const name = message.author_name ?? number ?? 'Unknown';
  const colour = avatarColour(message.author ?? name);
  const showAuthor = !own && runStart;
  const tail = runStart ? (own ? 'rounded-tr-sm' : 'rounded-tl-sm') : '';
  return (
    <div
      className={`flex gap-2 px-3 transition-colors duration-700 sm:px-5 ${runStart ? 'pt-1.5 pb-px' : 'py-px'} ${own ? 'justify-end' : 'justify-start'} ${highlighted ? 'bg-amber-200/70' : ''}`}
      data-side={own ? 'right' : 'left'}
      data-msg-id={message.msg_id}
      data-highlighted={highlighted || undefined}
      data-run-start={runStart || undefined}
    >
      {own ? null : showAuthor ? (
        <Avatar name={name} className="mt-0.5 size-7 text-[0.65rem]" />
      ) : (
        <span aria-hidden="true" className="w-7 shrink-0" />
      )}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the author button inside is the keyboard way to the same blink */}
      <article
        onClick={blink}
        data-blinking={blinking || undefined}
        aria-label={own ? 'Your message' : `Message from ${name}`}
        className={`min-w-0 max-w-[85%] cursor-pointer rounded-xl px-3 pt-1.5 pb-1 shadow-xs sm:max-w-[70%] lg:max-w-[60%] ${tail} ${
          own ? 'bg-[#d9fdd3]' : 'bg-white'
        } ${reply?.status === 'failed' ? 'ring-1 ring-red-300' : ''} ${blinking ? 'animate-pulse ring-2 ring-amber-400' : ''}`}
      >
        {showAuthor ? (
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              blink();
            }}
            className="mb-0.5 flex max-w-full items-baseline gap-1.5 text-left text-xs"
            title="Highlight this author's messages"
          >
            <span className="truncate font-semibold" style={{ color: colour }}>
              {name}
            </span>
            {number && message.author_name ? (
              <span className="shrink-0 text-slate-500 tabular-nums">{number}</span>
            ) : null}
          </button>
        ) : null}
        <QuotedBlock message={message} />
        <Body
          message={message}
          poll={poll}
          downloading={downloading}
          onDownload={onDownload}
          onOpenMedia={onOpenMedia}
        />
        {reply?.status === 'failed' ? <ReplyStatus state={reply} waId={message.id} /> : null}
        {/* Whole pixels (leading-4): the list measures rows in whole pixels, so a fractional row height
            would shift the kept place a little with every older page (docs/decisions/0025-group-reading.md). */}
        <div className="mt-0.5 flex h-4 items-center justify-end gap-1 text-[0.68rem] leading-4 text-slate-600 tabular-nums">
          <EditHistory message={message} />
          <time dateTime={new Date(message.timestamp * 1000).toISOString()} title={when}>
            {formatTime(message.timestamp)}
          </time>
          {reply && reply.status !== 'failed' ? <ReplyStatus state={reply} waId={message.id} /> : null}
        </div>
        <ReactionChips reactions={message.reactions ?? []} own={own} />
      </article>
    </div>
  );
});
