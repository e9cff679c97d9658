import type { GroupMessage, SessionGroup } from '@wadesk/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { downloadMedia } from '@/features/groups/api/groups-api';
import { jpegData } from '@/features/groups/components/media-block';
import { base64Blob, mediaFileName } from '@/features/groups/utils/media-download';
import { errorMessage } from '@/shared/api/api-error';
import { downloadBlob } from '@/shared/csv/download-file';
import { formatDateTime } from '@/shared/format/format';
import { formatPhone } from '@/shared/format/phone';
import type { LightboxItem, LightboxMedia } from '@/shared/media/lightbox';
import { toast } from '@/shared/ui/toast';

export const DOWNLOAD_ERROR = 'Error in file Download';

/** Full files kept after they were shown or saved, so stepping back and forth asks the phone once. */
const CACHE_MAX = 3;

interface FullFile {
  blob: Blob;
  mimetype: string;
  filename: string | null;
}

/** The messages the lightbox shows: photos and videos (round video notes too), in the conversation's order. */
export function isViewable(message: GroupMessage): boolean {
  return (
    message.has_media &&
    (message.message_type === 'image' || message.message_type === 'video' || message.message_type === 'ptv')
  );
}

/** The author as the bubble names them: "You" for the linked account. */
export function authorOf(message: GroupMessage): string {
  if (message.from_me) return 'You';
  return message.author_name ?? (message.author_number ? formatPhone(message.author_number) : 'Unknown');
}

function itemOf(message: GroupMessage): LightboxItem {
  return {
    key: message.msg_id,
    kind: message.message_type === 'image' ? 'image' : 'video',
    author: authorOf(message),
    time: formatDateTime(message.timestamp * 1000),
    text: message.body || message.filename || '',
    preview: message.media_base64 ? jpegData(message.media_base64) : null,
  };
}

class RefusedDownload extends Error {}

/**
 * The group's media: whole files fetched through POST /api/downloadMedia/ (a few kept), the lightbox over
 * the photos and videos of the loaded messages, and the Download buttons, which save under the file's own
 * name or one made of the group, author and time (utils/media-download.ts).
 */
export function useMediaViewer(group: SessionGroup, messages: readonly GroupMessage[]) {
  const { session_id, group_id, name: chat } = group;
  // By msg_id, the download in flight or done: the lightbox and a Download button share one request.
  const files = useRef(new Map<string, Promise<FullFile>>());
  const [openId, setOpenId] = useState<string | null>(null);
  const [shown, setShown] = useState<{ id: string; media: LightboxMedia } | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  // Another group: nothing of this one is kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the group is the trigger
  useEffect(() => {
    files.current.clear();
    setOpenId(null);
  }, [session_id, group_id]);

  const fetchFile = useCallback(
    (message: GroupMessage): Promise<FullFile> => {
      const cache = files.current;
      const id = message.msg_id;
      const cached = cache.get(id);
      if (cached) {
        // The most recently used goes last; the first is the one to forget.
        cache.delete(id);
        cache.set(id, cached);
        return cached;
      }
      const file = downloadMedia({ message_id: id, chat_id: group_id, session_id }).then((media) => {
        if (!media) throw new RefusedDownload(DOWNLOAD_ERROR);
        // Room is made when a file arrives, so that a refused one never pushes a kept file out.
        for (const key of cache.keys()) {
          if (cache.size <= CACHE_MAX) break;
          if (key !== id) cache.delete(key);
        }
        return {
          blob: base64Blob(media.data, media.mimetype),
          mimetype: media.mimetype,
          filename: media.filename ?? message.filename,
        };
      });
      // A failure is not kept: the next try asks again.
      file.catch(() => {
        if (cache.get(id) === file) cache.delete(id);
      });
      cache.set(id, file);
      return file;
    },
    [group_id, session_id],
  );

  const save = useCallback(
    (message: GroupMessage, file: FullFile) =>
      downloadBlob(
        file.blob,
        mediaFileName(file.mimetype, file.filename, {
          chat,
          author: authorOf(message),
          timestamp: message.timestamp,
        }),
      ),
    [chat],
  );

  const download = useCallback(
    async (message: GroupMessage) => {
      setDownloading(message.msg_id);
      try {
        save(message, await fetchFile(message));
      } catch (error) {
        // The server's words when it refused (media above its size limit, expired, the phone too slow).
        toast.error(error instanceof RefusedDownload ? error.message : errorMessage(error, DOWNLOAD_ERROR));
      } finally {
        setDownloading(null);
      }
    },
    [fetchFile, save],
  );

  const viewable = useMemo(() => messages.filter(isViewable), [messages]);
  const items = useMemo(() => viewable.map(itemOf), [viewable]);
  const found = openId === null ? -1 : viewable.findIndex((message) => message.msg_id === openId);
  const current = found >= 0 ? viewable[found] : undefined;
  const currentRef = useRef(current);
  currentRef.current = current;
  const currentId = current?.msg_id ?? null;

  // The shown file's object URL lives while it is shown: revoked on the next item, on closing, on leaving.
  useEffect(() => {
    const message = currentRef.current;
    if (!currentId || !message) return;
    let live = true;
    let url: string | null = null;
    setShown({ id: currentId, media: { status: 'loading' } });
    fetchFile(message).then(
      (file) => {
        if (!live) return;
        url = URL.createObjectURL(file.blob);
        setShown({ id: currentId, media: { status: 'ready', url } });
      },
      (error: unknown) => {
        if (!live) return;
        const words = error instanceof RefusedDownload ? error.message : errorMessage(error, DOWNLOAD_ERROR);
        setShown({ id: currentId, media: { status: 'failed', message: words } });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [currentId, fetchFile]);

  const lightbox = {
    items,
    index: found >= 0 ? found : null,
    media: shown && shown.id === current?.msg_id ? shown.media : ({ status: 'loading' } as const),
    onIndexChange: (index: number) => setOpenId(viewable[index]?.msg_id ?? null),
    onClose: () => setOpenId(null),
    downloading: current !== undefined && downloading === current.msg_id,
    onDownload: () => {
      if (current) void download(current);
    },
  };

  return { open: setOpenId as (msgId: string) => void, lightbox, downloading, download };
}
