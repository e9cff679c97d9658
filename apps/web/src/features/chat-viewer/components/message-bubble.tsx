import type { ChatMessage } from '@wadesk/chat-export';
import { BanIcon } from 'lucide-react';
import { memo } from 'react';
import { useMediaLink } from '@/features/chat-viewer/media/media-links-context';
import { avatarColour } from '@/shared/format/avatar';
import { formatWallClock } from '@/shared/format/calendar-dates';
import { Avatar } from '@/shared/ui/avatar';
import { LinkifiedText } from '@/shared/ui/linkified-text';
import { useOpenMedia } from './chat-lightbox';
import { MessageMedia, OmittedMediaNote } from './message-media';

interface MessageBubbleProps {
  message: ChatMessage;
  index: number;
  /** The active sender's messages sit on the right. */
  own: boolean;
  highlighted: boolean;
  /**
   * The first of consecutive messages of one author on one day (shared/format/message-runs): only it
   * shows the author's name and avatar, as WhatsApp groups a run.
   */
  startsRun?: boolean;
}

/** The media (from the chat's own files or a signed link), then the caption. */
function AttachmentBody({ message, index }: { message: ChatMessage; index: number }) {
  const { attachment, state, caption } = useMediaLink(message);
  const openMedia = useOpenMedia();
  if (!attachment) return <TextBody text={message.content} />;
  const viewable = attachment.kind === 'image' || attachment.kind === 'video';
  return (
    <div className="space-y-1.5">
      <MessageMedia
        attachment={attachment}
        state={state}
        onOpen={openMedia && viewable ? () => openMedia(index) : undefined}
      />
      {caption ? (
        <p className="text-sm whitespace-pre-wrap break-words text-slate-800">
          <LinkifiedText text={caption} />
        </p>
      ) : null}
    </div>
  );
}

function Body({ message, index }: { message: ChatMessage; index: number }) {
  if (message.deleted) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-slate-600 italic">
        <BanIcon className="size-4" />
        This message was deleted
      </p>
    );
  }
  if (message.omitted_media) return <OmittedMediaNote kind={message.omitted_media} />;
  if (message.attachment || message.has_attachment) return <AttachmentBody message={message} index={index} />;
  return <TextBody text={message.content} />;
}

function TextBody({ text }: { text: string }) {
  return (
    <p className="text-sm whitespace-pre-wrap break-words text-slate-800">
      <LinkifiedText text={text} />
    </p>
  );
}

/** One message: author, content (or media), datetime and the edited mark. */
export const MessageBubble = memo(function MessageBubble({
  message,
  index,
  own,
  highlighted,
  startsRun = true,
}: MessageBubbleProps) {
  const ring = highlighted ? 'ring-2 ring-amber-400 ring-offset-2 ring-offset-[#efeae2]' : '';

  if (message.author === 'system') {
    return (
      <div className="flex justify-center px-3 py-1" data-message-index={index} data-side="center">
        <div
          data-highlighted={highlighted || undefined}
          className={`max-w-[90%] rounded-lg bg-[#fdf4c5] px-3 py-1.5 text-center text-xs text-slate-700 shadow-xs transition-shadow sm:max-w-[70%] ${ring}`}
        >
          <span className="sr-only">system: </span>
          <LinkifiedText text={message.content} />
          <span className="ml-2 text-[0.68rem] text-slate-600 tabular-nums">
            {formatWallClock(message.date, message.datetime)}
          </span>
        </div>
      </div>
    );
  }

  return (
    <div
      className={`flex items-start gap-2 px-3 sm:px-5 ${startsRun ? 'pt-2 pb-0.5' : 'py-0.5'} ${
        own ? 'justify-end' : 'justify-start'
      }`}
      data-message-index={index}
      data-side={own ? 'right' : 'left'}
      data-run={startsRun ? 'start' : 'continued'}
    >
      {own ? null : startsRun ? (
        <Avatar name={message.author} />
      ) : (
        <span aria-hidden="true" className="size-8 shrink-0" />
      )}
      <article
        data-highlighted={highlighted || undefined}
        aria-label={`Message from ${message.author}`}
        className={`min-w-0 max-w-[85%] rounded-xl px-3 pt-1.5 pb-1 shadow-xs transition-[box-shadow,background-color] duration-300 sm:max-w-[70%] lg:max-w-[60%] ${
          startsRun ? (own ? 'rounded-tr-sm' : 'rounded-tl-sm') : ''
        } ${highlighted ? 'bg-amber-50' : own ? 'bg-[#d9fdd3]' : 'bg-white'} ${ring}`}
      >
        {startsRun ? (
          <p
            data-author-name
            className={`mb-0.5 truncate text-xs font-semibold ${own ? 'text-brand-800' : ''}`}
            style={own ? undefined : { color: avatarColour(message.author) }}
          >
            {message.author}
          </p>
        ) : null}
        <Body message={message} index={index} />
        <p className="mt-0.5 flex items-center justify-end gap-1.5 text-[0.68rem] text-slate-600 tabular-nums">
          {message.edited ? <span className="italic">edited</span> : null}
          <time dateTime={message.date}>{formatWallClock(message.date, message.datetime)}</time>
        </p>
      </article>
    </div>
  );
});
