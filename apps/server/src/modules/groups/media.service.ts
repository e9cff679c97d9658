import { groupMessages } from '@wadesk/contract';
import { AppError } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';
import type { ChatStore } from '../messages/chat-store.service';
import { ownedGroup, waIdOf } from './group-access';
import type { MediaFile } from './media-answer';
import type { PhoneAccess } from './phone-access';

export interface MediaServiceDeps {
  store: ChatStore;
  phone: PhoneAccess;
  storage: ObjectStorage;
}

export type MediaService = ReturnType<typeof createMediaService>;

/**
 * downloadMedia: the first request downloads and decrypts through the session's owner (the phone re-uploads
 * expired media), or from WhatsApp's CDN when no instance runs the session, and keeps the bytes in object
 * storage; later requests never touch WhatsApp. Media larger than MEDIA_MAX_BYTES is refused (413), by its
 * declared size before the download and when the download runs past it (phone-access.ts). The file is
 * answered as it is read from storage (media-answer.ts).
 */
export function createMediaService({ store, phone, storage }: MediaServiceDeps) {
  return {
    async download(
      organisationId: number,
      sessionId: string,
      groupJid: string,
      messageId: string,
    ): Promise<MediaFile> {
      const group = await ownedGroup(store, organisationId, sessionId, groupJid);
      const message = await store.findMessage(group.sessionId, group.jid, waIdOf(messageId));
      if (!message) throw new AppError(404, groupMessages.messageNotFound);
      if (!message.hasMedia || !message.raw) throw new AppError(400, 'This message has no media.');
      const mimetype = message.mimetype ?? 'application/octet-stream';

      const media = message.mediaObject
        ? { objectName: message.mediaObject, mimetype, filename: message.filename }
        : await phone.fetchMedia(group, message.waId);
      return {
        mimetype: media.mimetype,
        filename: media.filename,
        stream: await storage.get(media.objectName),
      };
    },
  };
}
