import { pipeline } from 'node:stream';
import { groupMessages } from '@wadesk/contract';
import { proto, type WAMessage } from 'baileys';
import { AppError } from '../../errors';
import { formatSize } from '../../sizes';
import type { ObjectStorage } from '../../storage/storage';
import { MediaUnavailableError } from '../../whatsapp/driver';
import { assertMediaWithin, byteCap, MediaTooLargeError } from '../../whatsapp/media-size';
import type { ChatStore, GroupRow } from '../messages/chat-store.service';
import { NotConnectedError, type WhatsAppGateway } from '../sessions/gateway';
import type { SessionCluster } from '../sessions/session-cluster';
import { groupMediaObjectName } from './media-object-name';
import { askPhoneForOlder, type OlderAnswer } from './older-history';

export interface PhoneAccessDeps {
  cluster: SessionCluster;
  gateway: WhatsAppGateway;
  store: ChatStore;
  storage: ObjectStorage;
  /** MEDIA_MAX_BYTES: larger media is refused by its declared size, and its download cut off past it. */
  mediaMaxBytes: number;
}

/** A media file fetched from the phone, kept in object storage under `objectName`. */
export interface FetchedMedia {
  objectName: string;
  mimetype: string;
  filename: string | null;
}

interface GroupCommand {
  organisationId: number;
  sessionId: string;
  groupJid: string;
}

type Answer<T> = { ok: T } | { notConnected: true };

export type PhoneAccess = ReturnType<typeof createPhoneAccess>;

/**
 * What the groups module asks of a session's phone — older messages and media — run on the instance that
 * owns the session (docs/architecture.md, scale-out), whichever instance received the request.
 */
export function createPhoneAccess({ cluster, gateway, store, storage, mediaMaxBytes }: PhoneAccessDeps) {
  const connectedHere = (sessionId: string) => gateway.state(sessionId)?.status === 'connected';

  async function ownGroup({ organisationId, sessionId, groupJid }: GroupCommand): Promise<GroupRow> {
    const group = await store.findGroup(organisationId, sessionId, groupJid);
    if (!group) throw new AppError(404, groupMessages.groupNotFound);
    return group;
  }

  async function local<T>(sessionId: string, work: () => Promise<T>): Promise<Answer<T>> {
    if (!connectedHere(sessionId)) return { notConnected: true };
    try {
      return { ok: await work() };
    } catch (error) {
      if (error instanceof NotConnectedError) return { notConnected: true };
      throw error;
    }
  }

  cluster.handle<GroupCommand & { timeoutMs: number }, Answer<OlderAnswer | null>>(
    'groups.older',
    async (c) =>
      local(c.sessionId, async () => askPhoneForOlder(store, gateway, await ownGroup(c), c.timeoutMs)),
  );

  /**
   * Downloads a message's media and keeps it in object storage. On the owner the connection can have the
   * phone upload expired media again; anywhere else the CDN copy is fetched with the message's key.
   */
  async function fetchHere(c: GroupCommand & { waId: string }): Promise<FetchedMedia> {
    const group = await ownGroup(c); // the organisation is checked again where the command runs
    const message = await store.findMessage(group.sessionId, group.jid, c.waId);
    if (!message?.hasMedia || !message.raw) throw new AppError(400, 'This message has no media.');
    const raw = proto.WebMessageInfo.fromObject(message.raw as object) as WAMessage;
    let media: Awaited<ReturnType<WhatsAppGateway['downloadMedia']>>;
    try {
      assertMediaWithin(raw, mediaMaxBytes); // before anything is downloaded
      media = await gateway.downloadMedia(c.sessionId, raw);
    } catch (error) {
      throw downloadRefusal(error);
    }
    // Stored as it arrives, never held whole: past the limit the cap fails the stream, which ends the
    // download and the put (object storage then keeps nothing, storage.ts `put`).
    let failedDownload: unknown = null;
    media.stream.once('error', (error) => {
      failedDownload ??= error;
    });
    const capped = pipeline(media.stream, byteCap(mediaMaxBytes), () => {});
    const objectName = groupMediaObjectName(c.sessionId, c.groupJid, c.waId);
    try {
      await storage.put(objectName, capped, { contentType: media.mimetype });
    } catch (error) {
      media.stream.destroy();
      if (error instanceof MediaTooLargeError || failedDownload) throw downloadRefusal(error);
      throw error; // the storage's own failure
    }
    await store.setMediaObject(c.sessionId, c.groupJid, c.waId, objectName);
    return { objectName, mimetype: media.mimetype, filename: media.filename ?? message.filename };
  }

  /** What the user is told when WhatsApp's media cannot be had, or is larger than the server takes. */
  function downloadRefusal(error: unknown): AppError {
    if (error instanceof MediaTooLargeError) {
      const size = error.size === null ? null : formatSize(error.size);
      return new AppError(413, groupMessages.mediaTooLarge(size, formatSize(error.maxBytes)));
    }
    if (error instanceof MediaUnavailableError)
      return new AppError(error.reason === 'expired' ? 409 : 504, error.message);
    return new AppError(502, 'The media could not be downloaded from WhatsApp. Try again later.');
  }

  cluster.handle<GroupCommand & { waId: string }, Answer<FetchedMedia>>('groups.media', async (c) => ({
    ok: await fetchHere(c),
  }));

  const command = (group: GroupRow): GroupCommand => ({
    organisationId: group.organisationId,
    sessionId: group.sessionId,
    groupJid: group.jid,
  });
  const unwrap = <T>(answer: Answer<T>): T => {
    if ('notConnected' in answer) throw new NotConnectedError();
    return answer.ok;
  };

  return {
    /** Asks the phone once for the messages before the group's oldest stored one; NotConnectedError when offline. */
    async older(group: GroupRow, timeoutMs: number): Promise<OlderAnswer | null> {
      const answer = unwrap(
        await cluster.onOwner<Answer<OlderAnswer | null>>(
          group.sessionId,
          'groups.older',
          { ...command(group), timeoutMs },
          timeoutMs + 15_000,
        ),
      );
      if (answer?.kind === 'start') group.historyComplete = true; // the owner stored it with the answer
      return answer;
    },

    async connected(sessionId: string): Promise<boolean> {
      return (await cluster.state(sessionId))?.status === 'connected';
    },

    /**
     * Downloads and decrypts a message's media on the session's owner, or here when no instance runs the
     * session (media that has not expired needs only its key), and keeps it in object storage.
     */
    async fetchMedia(group: GroupRow, waId: string): Promise<FetchedMedia> {
      try {
        return unwrap(
          await cluster.onOwner<Answer<FetchedMedia>>(
            group.sessionId,
            'groups.media',
            { ...command(group), waId },
            120_000,
          ),
        );
      } catch (error) {
        if (!(error instanceof NotConnectedError)) throw error;
        return fetchHere({ ...command(group), waId });
      }
    },
  };
}
