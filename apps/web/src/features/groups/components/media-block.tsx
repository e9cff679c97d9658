import type { GroupMessage, GroupMessageType } from '@wadesk/contract';
import { DownloadIcon, FileIcon, MicIcon, PlayIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { jpegSize } from '@/features/groups/utils/jpeg-size';
import { shortFileName } from '@/shared/format/file-name';
import { Spinner } from '@/shared/ui/spinner';

// Fits a document card in a bubble at 375 px; the whole name is in the card's tooltip.
const FILE_NAME_MAX = 24;

/** The download button's label by message type ("Image" or "Video"; the rest alike). */
export function mediaLabel(type: GroupMessageType): string {
  switch (type) {
    case 'image':
      return 'Image';
    case 'video':
      return 'Video';
    case 'ptv':
      return 'Video note';
    case 'audio':
    case 'ptt':
      return 'Audio';
    case 'sticker':
      return 'Sticker';
    default:
      return 'Document';
  }
}

export const jpegData = (base64: string) => `data:image/jpeg;base64,${base64}`;

interface MediaBlockProps {
  message: GroupMessage;
  downloading: boolean;
  onDownload: () => void;
  /** Opens a photo or video in the lightbox. */
  onOpen?: () => void;
}

interface DownloadButtonProps {
  label: string;
  busy: boolean;
  onClick: () => void;
  /** Only the icon on phones, leaving the width to a document's name (the accessible name stays). */
  iconOnPhones?: boolean;
}

function DownloadButton({ label, busy, onClick, iconOnPhones = false }: DownloadButtonProps) {
  return (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      disabled={busy}
      aria-label={`Download ${label}`}
      className="inline-flex items-center gap-1.5 rounded-md bg-white/90 px-2 py-1 text-xs font-semibold text-brand-800 shadow-xs ring-1 ring-slate-200 hover:bg-white disabled:opacity-60"
    >
      {busy ? <Spinner className="size-3.5" /> : <DownloadIcon className="size-3.5" />}
      <span className={iconOnPhones ? 'hidden sm:inline' : undefined}>{label}</span>
    </button>
  );
}

function FileCard({
  icon,
  title,
  detail,
  action,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  action: ReactNode;
}) {
  return (
    <div className="flex min-w-48 items-center gap-3 rounded-lg border border-slate-200/80 bg-slate-50/80 px-3 py-2">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 shadow-xs">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium break-words text-slate-800" title={title}>
          {shortFileName(title, FILE_NAME_MAX)}
        </span>
        <span className="block truncate text-xs text-slate-500">{detail}</span>
      </span>
      {action}
    </div>
  );
}

/** A media message: the small preview that came with it, and a download of the whole file. */
export function MediaBlock({ message, downloading, onDownload, onOpen }: MediaBlockProps) {
  const label = mediaLabel(message.message_type);
  const download = <DownloadButton label={label} busy={downloading} onClick={onDownload} />;
  const visual =
    message.message_type === 'image' ||
    message.message_type === 'video' ||
    message.message_type === 'ptv' ||
    message.message_type === 'sticker';
  const round = message.message_type === 'ptv';

  if (visual) {
    // A photo or video preview is laid out in its own shape before it has decoded (jpegSize).
    const shape =
      message.media_base64 && message.message_type !== 'sticker' && !round
        ? jpegSize(message.media_base64)
        : null;
    const preview = message.media_base64 ? (
      <img
        src={jpegData(message.media_base64)}
        alt={`${label} preview`}
        style={shape ? { aspectRatio: `${shape.width} / ${shape.height}` } : undefined}
        className={`block bg-slate-100 object-cover ${
          message.message_type === 'sticker'
            ? 'size-32 rounded-lg object-contain'
            : round
              ? 'size-48 rounded-full'
              : 'max-h-72 min-h-24 w-64 max-w-full rounded-lg'
        }`}
      />
    ) : (
      <div className="flex h-32 w-64 max-w-full items-center justify-center rounded-lg bg-slate-200 text-xs text-slate-600">
        No preview
      </div>
    );
    const opens = onOpen && message.message_type !== 'sticker';
    return (
      <div className="relative w-fit max-w-full">
        {opens ? (
          <button
            type="button"
            onClick={(event) => {
              // Opening is not a click on the bubble (which blinks the author's messages).
              event.stopPropagation();
              onOpen();
            }}
            aria-label={`Open ${label}`}
            className={`block max-w-full cursor-zoom-in focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${round ? 'rounded-full' : 'rounded-lg'}`}
          >
            {preview}
          </button>
        ) : (
          preview
        )}
        {message.message_type === 'video' || round ? (
          <span className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <span className="flex size-11 items-center justify-center rounded-full bg-black/55 text-white">
              <PlayIcon className="size-5" />
            </span>
          </span>
        ) : null}
        <div className="absolute right-1.5 bottom-1.5">{download}</div>
      </div>
    );
  }
  const audio = message.message_type === 'audio' || message.message_type === 'ptt';
  const fileDownload = <DownloadButton label={label} busy={downloading} onClick={onDownload} iconOnPhones />;
  return (
    <FileCard
      icon={audio ? <MicIcon /> : <FileIcon />}
      title={message.filename ?? (message.message_type === 'ptt' ? 'Voice message' : label)}
      detail={message.mimetype ?? label}
      action={fileDownload}
    />
  );
}
