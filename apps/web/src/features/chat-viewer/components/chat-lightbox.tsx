import type { ChatMessage } from '@wadesk/chat-export';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { attachmentOf, useMediaLink, useServerMedia } from '@/features/chat-viewer/media/media-links-context';
import { formatWallClock } from '@/shared/format/calendar-dates';
import { Lightbox, type LightboxItem, type LightboxMedia } from '@/shared/media/lightbox';
import { saveUrl } from '@/shared/media/save-url';
import { toast } from '@/shared/ui/toast';
import { STATE_DETAIL } from './message-media';

/** Opens the lightbox at a message, by its position in the whole chat; null where nothing opens it. */
const OpenMediaContext = createContext<((index: number) => void) | null>(null);

export function useOpenMedia() {
  return useContext(OpenMediaContext);
}

interface Viewable {
  /** Position in the whole chat (the bubbles' `index`). */
  index: number;
  message: ChatMessage;
  item: LightboxItem;
}

export const SAVE_FAILED = 'The file could not be saved. Try again.';

function viewables(messages: readonly ChatMessage[], indices: readonly number[] | null, server: boolean) {
  const found: Viewable[] = [];
  messages.forEach((message, position) => {
    if (message.deleted) return;
    const attachment = attachmentOf(message, server);
    if (attachment?.kind !== 'image' && attachment?.kind !== 'video') return;
    const index = indices?.[position] ?? position;
    const caption = message.has_captions ? message.captions : '';
    found.push({
      index,
      message,
      item: {
        key: String(index),
        kind: attachment.kind,
        author: message.author,
        time: formatWallClock(message.date, message.datetime),
        text: caption || attachment.file_name,
      },
    });
  });
  return found;
}

interface ChatLightboxProps {
  /** The messages shown, in order; `indices` their positions in the whole chat when a part (a drill-down). */
  messages: readonly ChatMessage[];
  indices: readonly number[] | null;
  children: ReactNode;
}

/**
 * The chat's photos and videos in the lightbox (shared/media/lightbox.tsx), in the order of the messages
 * shown: a bubble's photo or video opens it there, the arrows step through the others.
 */
export function ChatLightbox({ messages, indices, children }: ChatLightboxProps) {
  const server = useServerMedia();
  const [openAt, setOpenAt] = useState<number | null>(null);
  const open = openAt !== null;
  // Listed when opened, not at every render of a long chat.
  const list = useMemo(
    () => (open ? viewables(messages, indices, server) : []),
    [open, messages, indices, server],
  );
  const position = list.findIndex((viewable) => viewable.index === openAt);
  const openMedia = useCallback((index: number) => setOpenAt(index), []);
  return (
    <OpenMediaContext.Provider value={openMedia}>
      {children}
      <Shown
        list={list}
        position={position >= 0 ? position : null}
        onPosition={(next) => setOpenAt(list[next]?.index ?? null)}
        onClose={() => setOpenAt(null)}
      />
    </OpenMediaContext.Provider>
  );
}

// A message without an attachment, for the hook while nothing is shown.
const NOTHING: ChatMessage = {
  author: '',
  datetime: '',
  content: '',
  has_attachment: false,
  media_type: null,
  date: '',
  has_captions: false,
  captions: '',
  attachment: null,
  omitted_media: null,
  edited: false,
  deleted: false,
};

interface ShownProps {
  list: readonly Viewable[];
  position: number | null;
  onPosition(position: number): void;
  onClose(): void;
}

function Shown({ list, position, onPosition, onClose }: ShownProps) {
  const current = position === null ? undefined : list[position];
  const { attachment, state } = useMediaLink(current?.message ?? NOTHING);
  const [saving, setSaving] = useState(false);
  const items = useMemo(() => list.map((viewable) => viewable.item), [list]);
  const media: LightboxMedia =
    state.status === 'ready'
      ? { status: 'ready', url: state.url }
      : state.status === 'loading'
        ? { status: 'loading' }
        : { status: 'failed', message: STATE_DETAIL[state.status] };
  const download = async () => {
    if (state.status !== 'ready' || !attachment) return;
    setSaving(true);
    try {
      // The export's own file name ("IMG-20240305-WA0007.jpg").
      await saveUrl(state.url, attachment.file_name);
    } catch {
      toast.error(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Lightbox
      items={items}
      index={position}
      onIndexChange={onPosition}
      onClose={onClose}
      media={media}
      onDownload={() => void download()}
      downloading={saving}
      onMediaError={state.status === 'ready' ? state.onError : undefined}
    />
  );
}
