import { type AttachmentKind, type ChatMessage, classifyAttachment } from '@wadesk/chat-export';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useAuth } from '@/shared/account/auth-context';
import type { ChatSource } from '@/shared/loaded-chat/engine/engine-protocol';
import { objectNameOf, serverCaption } from '@/shared/loaded-chat/server-chat';
import type { MediaLink } from '@/shared/loaded-chat/state/chat-state';
import { createMediaLinkStore, type MediaLinkSnapshot, type MediaLinkStore } from './media-link-store';
import { fetchMediaLinks } from './media-links-api';

interface MediaLinksValue {
  /** Object URLs of a chat imported in this browser, by the file name messages refer to. */
  media: Readonly<Record<string, MediaLink>>;
  /** Signed links of a server chat's attachments; null for chats imported in this browser. */
  store: MediaLinkStore | null;
}

const MediaLinksContext = createContext<MediaLinksValue>({ media: {}, store: null });

interface MediaLinksProviderProps {
  source: ChatSource | null;
  media: Readonly<Record<string, MediaLink>>;
  /** For tests; by default a store over POST /v1/getPresignedUrls/. */
  store?: MediaLinkStore;
  children: ReactNode;
}

/** Where the chat's media come from: its own object URLs, or signed links for a server chat. */
export function MediaLinksProvider({ source, media, store: given, children }: MediaLinksProviderProps) {
  const [store] = useState(() => given ?? createMediaLinkStore({ fetchLinks: fetchMediaLinks }));
  const { isSignedIn } = useAuth();
  useEffect(() => () => store.dispose(), [store]);
  // Without a session there is nobody to sign links for: the attachments show as not included.
  const server = source?.kind === 'server' && isSignedIn;
  const value = useMemo(() => ({ media, store: server ? store : null }), [media, server, store]);
  return <MediaLinksContext.Provider value={value}>{children}</MediaLinksContext.Provider>;
}

export type MediaState =
  /** The export referred to a file that was not in the upload. */
  | { status: 'absent' }
  | { status: 'ready'; url: string; onError(): void }
  | Exclude<MediaLinkSnapshot, { status: 'ready' }>;

export interface ResolvedMedia {
  /** The file as the export named it, and how to show it; null when the message has none. */
  attachment: { file_name: string; kind: AttachmentKind } | null;
  state: MediaState;
  caption: string;
}

const noSubscription = () => () => {};
const ABSENT: MediaState = { status: 'absent' };
const ignore = () => {};

function baseName(objectName: string): string {
  return objectName.slice(objectName.lastIndexOf('/') + 1);
}

/**
 * A message's attachment as shown: in a server chat (`server`) the object name, the first word of its
 * content, stands for the file when the export's name is not kept; null when it has none.
 */
export function attachmentOf(message: ChatMessage, server: boolean): ResolvedMedia['attachment'] {
  const objectName = server ? objectNameOf(message) : null;
  if (!objectName) return message.attachment;
  const name = message.attachment?.file_name ?? baseName(objectName);
  return { file_name: name, kind: message.attachment?.kind ?? classifyAttachment(name).kind };
}

/** Whether this chat's attachments come from the object store (a saved chat, signed in). */
export function useServerMedia(): boolean {
  return useContext(MediaLinksContext).store !== null;
}

/**
 * How to show a message's attachment: a local chat's object URL by file name, or a server chat's signed
 * link by object name (the first word of its content), fetched in batches and renewed before it expires.
 */
export function useMediaLink(message: ChatMessage): ResolvedMedia {
  const { media, store } = useContext(MediaLinksContext);
  const objectName = store ? objectNameOf(message) : null;
  const snapshot = useSyncExternalStore(store?.subscribe ?? noSubscription, () =>
    store && objectName ? store.get(objectName) : null,
  );
  useEffect(() => (store && objectName ? store.want(objectName) : undefined), [store, objectName]);
  const url = snapshot?.status === 'ready' ? snapshot.url : null;
  const onError = useCallback(() => {
    if (store && objectName && url) store.reportError(objectName, url);
  }, [store, objectName, url]);

  if (objectName && snapshot) {
    return {
      attachment: attachmentOf(message, true),
      state: url ? { status: 'ready', url, onError } : (snapshot as MediaState),
      caption: serverCaption(message),
    };
  }
  const attachment = message.attachment;
  const link = attachment ? media[attachment.file_name] : undefined;
  return {
    attachment,
    state: link ? { status: 'ready', url: link.url, onError: ignore } : ABSENT,
    caption: message.has_captions ? message.captions : '',
  };
}
