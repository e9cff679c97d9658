import type { AttachmentKind, OmittedMedia } from '@wadesk/chat-export';
import {
  DownloadIcon,
  FileIcon,
  ImageIcon,
  Maximize2Icon,
  MicIcon,
  StickerIcon,
  UsersIcon,
  VideoIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { MediaState, ResolvedMedia } from '@/features/chat-viewer/media/media-links-context';
import { shortFileName } from '@/shared/format/file-name';
import { usePlaybackSafeSrc } from '@/shared/media/use-playback-safe-src';
import { Spinner } from '@/shared/ui/spinner';

/** Fits a phone's bubble beside the file icon without the CSS ellipsis eating the extension. */
const DOCUMENT_NAME_CHARS = 26;

const OMITTED_LABEL: Record<OmittedMedia, string> = {
  image: 'Image omitted',
  video: 'Video omitted',
  audio: 'Audio omitted',
  document: 'Document omitted',
  sticker: 'Sticker omitted',
  gif: 'GIF omitted',
  contact: 'Contact card omitted',
  view_once: 'View-once media (never exported)',
  media: 'Media omitted',
};

const KIND_ICON: Record<AttachmentKind | OmittedMedia, ReactNode> = {
  image: <ImageIcon />,
  gif: <ImageIcon />,
  video: <VideoIcon />,
  audio: <MicIcon />,
  sticker: <StickerIcon />,
  document: <FileIcon />,
  other: <FileIcon />,
  contact: <UsersIcon />,
  view_once: <ImageIcon />,
  media: <ImageIcon />,
};

// What a placeholder says when there is nothing to show (yet).
export const STATE_DETAIL: Record<Exclude<MediaState['status'], 'ready'>, string> = {
  absent: 'Not included in this upload',
  loading: 'Loading…',
  missing: 'This file is no longer available',
  failed: 'This file could not be loaded',
};

function Placeholder({ icon, title, detail }: { icon: ReactNode; title: string; detail?: string }) {
  return (
    <div className="flex min-w-48 items-center gap-3 rounded-lg border border-slate-200/80 bg-slate-50/80 px-3 py-2.5 text-slate-500">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-slate-400 shadow-xs">
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-600 italic">{title}</span>
        {detail ? <span className="block truncate text-xs">{detail}</span> : null}
      </span>
    </div>
  );
}

export function OmittedMediaNote({ kind }: { kind: OmittedMedia }) {
  return <Placeholder icon={KIND_ICON[kind]} title={OMITTED_LABEL[kind]} />;
}

interface PlayerProps {
  url: string;
  name: string;
  onError(): void;
}

function VideoPlayer({ url, onError }: PlayerProps) {
  const { ref, src, onLoadedMetadata } = usePlaybackSafeSrc<HTMLVideoElement>(url);
  return (
    // biome-ignore lint/a11y/useMediaCaption: exported chats carry no caption tracks
    <video
      ref={ref}
      controls
      preload="metadata"
      src={src}
      onError={onError}
      onLoadedMetadata={onLoadedMetadata}
      className="block max-h-80 w-full max-w-sm rounded-lg bg-black"
    />
  );
}

function AudioPlayer({ url, name, onError }: PlayerProps) {
  const { ref, src, onLoadedMetadata } = usePlaybackSafeSrc<HTMLAudioElement>(url);
  return (
    // biome-ignore lint/a11y/useMediaCaption: voice notes carry no caption tracks
    <audio
      ref={ref}
      controls
      preload="metadata"
      src={src}
      onError={onError}
      onLoadedMetadata={onLoadedMetadata}
      aria-label={name}
      className="block w-64 max-w-full"
    />
  );
}

const OPEN_CLASSES = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

interface MessageMediaProps extends Pick<ResolvedMedia, 'attachment' | 'state'> {
  /** Opens a photo or video in the lightbox. */
  onOpen?: () => void;
}

/** An attachment shown inline by its kind, or a placeholder while there is nothing to show. */
export function MessageMedia({ attachment, state, onOpen }: MessageMediaProps) {
  if (!attachment) return null;
  const { file_name: name, kind } = attachment;
  if (state.status !== 'ready') {
    const icon = state.status === 'loading' ? <Spinner className="size-5 text-brand-600" /> : KIND_ICON[kind];
    return <Placeholder icon={icon} title={name} detail={STATE_DETAIL[state.status]} />;
  }
  const { url, onError } = state;

  switch (kind) {
    case 'image': {
      const image = (
        <img
          src={url}
          alt={name}
          loading="lazy"
          decoding="async"
          onError={onError}
          className="block max-h-80 min-h-24 w-auto max-w-full rounded-lg bg-slate-100 object-contain"
        />
      );
      if (!onOpen) return image;
      return (
        <button
          type="button"
          onClick={onOpen}
          aria-label={`Open ${name}`}
          className={`block max-w-full cursor-zoom-in rounded-lg ${OPEN_CLASSES}`}
        >
          {image}
        </button>
      );
    }
    case 'sticker':
      return (
        <img src={url} alt={name} loading="lazy" onError={onError} className="block size-32 object-contain" />
      );
    case 'video':
      if (!onOpen) return <VideoPlayer url={url} name={name} onError={onError} />;
      // The player stays in the bubble; the button above it opens the video full screen.
      return (
        <div className="relative w-fit max-w-full">
          <VideoPlayer url={url} name={name} onError={onError} />
          <button
            type="button"
            onClick={onOpen}
            aria-label={`Open ${name}`}
            title="Open full screen"
            className={`absolute top-1.5 right-1.5 flex size-8 items-center justify-center rounded-full bg-black/55 text-white hover:bg-black/70 ${OPEN_CLASSES}`}
          >
            <Maximize2Icon aria-hidden="true" className="size-4" />
          </button>
        </div>
      );
    case 'audio':
      return <AudioPlayer url={url} name={name} onError={onError} />;
    default:
      return (
        <a
          href={url}
          download={name}
          className="flex min-w-48 items-center gap-3 rounded-lg border border-slate-200/80 bg-white/70 px-3 py-2.5 text-slate-700 hover:bg-white"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <FileIcon />
          </span>
          <span className="min-w-0 flex-1">
            {/* The extension stays in sight; the whole name is the tooltip. */}
            <span className="block truncate text-sm font-medium" title={name}>
              {shortFileName(name, DOCUMENT_NAME_CHARS)}
            </span>
            <span className="flex items-center gap-1 text-xs font-semibold text-brand-700">
              <DownloadIcon className="size-3.5" />
              Download File
            </span>
          </span>
        </a>
      );
  }
}
