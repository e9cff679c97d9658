import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Surface } from '@/shared/ui/dialog';
import { Spinner } from '@/shared/ui/spinner';
import { usePlaybackSafeSrc } from './use-playback-safe-src';

/** One photo or video of the list the lightbox steps through. */
export interface LightboxItem {
  key: string;
  kind: 'image' | 'video';
  author: string;
  /** When it was sent, as the chat shows it. */
  time: string;
  /** The caption, else the file name. */
  text: string;
  /** A small preview shown blurred while the full file loads (a data or object URL). */
  preview?: string | null;
}

/** The full file of the item shown. */
export type LightboxMedia =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  /** `message` is shown as is: the server's words when it refused the download. */
  | { status: 'failed'; message: string };

interface LightboxProps {
  items: readonly LightboxItem[];
  /** The item shown; null when closed. */
  index: number | null;
  onIndexChange(index: number): void;
  onClose(): void;
  media: LightboxMedia;
  /** Saves the item shown under its file name. */
  onDownload(): void;
  downloading?: boolean;
  /** The full file did not load in the element (e.g. an expired link). */
  onMediaError?(): void;
}

const KIND_LABEL = { image: 'Photo', video: 'Video' } as const;

const ROUND_BUTTON =
  'flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
// Over the picture: dark enough to be seen on a bright photo.
const STEP_BUTTON =
  'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white ' +
  'ring-1 ring-white/20 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ' +
  'aria-disabled:cursor-default aria-disabled:opacity-30 aria-disabled:hover:bg-black/60';

// Keys the focused element uses itself: a video's controls seek with the arrows, a field moves its caret.
function keptByTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLMediaElement || target instanceof HTMLInputElement;
}

/**
 * One photo or video of a chat, full screen: previous and next (buttons and ←/→, stopping at the first
 * and last item rather than wrapping, so the ends of the chat are felt), Escape or Close, the caption
 * line and a Download with the file's own name. A Radix dialog (shared/ui/dialog.tsx): focus stays in
 * and goes back to the preview that opened it.
 */
export function Lightbox({
  items,
  index,
  onIndexChange,
  onClose,
  media,
  onDownload,
  downloading = false,
  onMediaError,
}: LightboxProps) {
  const item = index === null ? undefined : items[index];
  const at = index ?? 0;
  const hasPrev = at > 0;
  const hasNext = at < items.length - 1;
  const step = (by: -1 | 1) => {
    const next = at + by;
    if (next >= 0 && next < items.length) onIndexChange(next);
  };
  const stepRef = useRef(step);
  stepRef.current = step;
  const open = item !== undefined;
  // On the document: the keys work wherever the focus is in the dialog (and a click on the picture leaves
  // it on the page's body).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || keptByTarget(event.target)) return;
      if (event.key === 'ArrowLeft') stepRef.current(-1);
      else if (event.key === 'ArrowRight') stepRef.current(1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <Surface
      open={open}
      onClose={onClose}
      overlayClassName="fixed inset-0 z-50 bg-slate-950 animate-fade-in"
      contentClassName="fixed inset-0 z-50 flex flex-col text-white"
    >
      {item ? (
        <div className="flex min-h-0 flex-1 flex-col" data-testid="lightbox">
          <div className="flex items-center gap-2 px-3 py-2 sm:px-5">
            <RadixDialog.Title className="min-w-0 flex-1 truncate text-sm font-semibold">
              {KIND_LABEL[item.kind]} {at + 1} of {items.length}
            </RadixDialog.Title>
            <button
              type="button"
              onClick={onDownload}
              disabled={media.status !== 'ready' || downloading}
              className="inline-flex h-10 items-center gap-2 rounded-lg bg-white/15 px-3 text-sm font-semibold hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40"
            >
              {downloading ? (
                <Spinner className="size-4" />
              ) : (
                <DownloadIcon aria-hidden="true" className="size-4" />
              )}
              Download
            </button>
            <RadixDialog.Close aria-label="Close" className={ROUND_BUTTON}>
              <XIcon aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-16">
            <Stage item={item} media={media} onMediaError={onMediaError} />
            {items.length > 1 ? (
              <>
                <button
                  type="button"
                  aria-label="Previous"
                  onClick={() => step(-1)}
                  // aria-disabled, not disabled: the focus stays on the button at the first item.
                  aria-disabled={!hasPrev}
                  className={`${STEP_BUTTON} left-2 sm:left-4`}
                >
                  <ChevronLeftIcon aria-hidden="true" className="size-6" />
                </button>
                <button
                  type="button"
                  aria-label="Next"
                  onClick={() => step(1)}
                  aria-disabled={!hasNext}
                  className={`${STEP_BUTTON} right-2 sm:right-4`}
                >
                  <ChevronRightIcon aria-hidden="true" className="size-6" />
                </button>
              </>
            ) : null}
          </div>
          <p
            className="line-clamp-3 px-4 py-3 text-center text-sm break-words text-slate-200"
            data-lightbox-caption
          >
            <span className="font-semibold text-white">{item.author}</span>
            {' · '}
            {item.time}
            {item.text ? ` · ${item.text}` : ''}
          </p>
        </div>
      ) : null}
    </Surface>
  );
}

/** The photo or video itself, its blurred preview while the full file loads, or why it cannot be shown. */
function Stage({
  item,
  media,
  onMediaError,
}: {
  item: LightboxItem;
  media: LightboxMedia;
  onMediaError?: () => void;
}) {
  const name = item.text || KIND_LABEL[item.kind];
  if (media.status === 'ready') {
    return item.kind === 'image' ? (
      <img
        key={media.url}
        src={media.url}
        alt={name}
        onError={onMediaError}
        // A small picture is drawn at least 24rem wide (its height follows), else as large as it fits.
        className="max-h-full max-w-full min-w-[min(100%,24rem)] object-contain"
      />
    ) : (
      // One player per item: another video never waits for this one to pause.
      <Video key={item.key} url={media.url} name={name} onError={onMediaError} />
    );
  }
  // The preview and the spinner or the refusal over it, in one grid cell (relative: over the faded preview,
  // which its opacity paints above plain blocks).
  return (
    <div className="grid h-full w-full place-items-center">
      {item.preview ? (
        <img
          src={item.preview}
          alt=""
          className="col-start-1 row-start-1 max-h-[60dvh] w-[min(90vw,32rem)] object-contain opacity-60 blur-md"
        />
      ) : null}
      <div className="relative col-start-1 row-start-1 flex w-full justify-center px-12">
        {media.status === 'loading' ? (
          <span className="rounded-full bg-black/60 p-3">
            <Spinner className="size-8" label="Loading the full file" />
          </span>
        ) : (
          <p
            role="alert"
            className="flex w-full max-w-sm items-start gap-2 rounded-lg bg-white px-4 py-3 text-sm text-slate-800 shadow-lg"
          >
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
            {media.message}
          </p>
        )}
      </div>
    </div>
  );
}

/** A renewed link (a saved chat's signed links expire) is taken when paused, never mid-playback. */
function Video({ url, name, onError }: { url: string; name: string; onError?: () => void }) {
  const { ref, src, onLoadedMetadata } = usePlaybackSafeSrc<HTMLVideoElement>(url);
  return (
    // biome-ignore lint/a11y/useMediaCaption: chat videos carry no caption tracks
    <video
      ref={ref}
      src={src}
      controls
      playsInline
      aria-label={name}
      onError={onError}
      onLoadedMetadata={onLoadedMetadata}
      className="max-h-full max-w-full min-w-[min(100%,24rem)] bg-black"
    />
  );
}
