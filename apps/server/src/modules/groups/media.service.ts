import { createHash } from 'node:crypto';
import { type DownloadMediaResponse, groupMessages } from '@wadesk/contract';
import { proto, type WAMessage } from 'baileys';
import { AppError } from '../../errors';
import type { ObjectStorage } from '../../storage/storage';
import { NotConnectedError, type WhatsAppGateway } from '../../whatsapp/gateway';
import { ownedGroup, waIdOf } from './group-access';
import type { GroupsRepository } from './groups.repository';

export interface MediaServiceDeps {
  repo: GroupsRepository;
  gateway: WhatsAppGateway;
  storage: ObjectStorage;
}

export type MediaService = ReturnType<typeof createMediaService>;

/**
 * downloadMedia: the first request downloads and decrypts through the session (the phone re-uploads
 * expired media), then the bytes live in object storage and later requests never touch WhatsApp.
 */
export function createMediaService({ repo, gateway, storage }: MediaServiceDeps) {
  return {
    async download(
      organisationId: number,
      sessionId: string,
      groupJid: string,
      messageId: string,
    ): Promise<DownloadMediaResponse> {
      const group = await ownedGroup(repo, organisationId, sessionId, groupJid);
      const message = await repo.findMessage(group.sessionId, group.jid, waIdOf(messageId));
      if (!message) throw new AppError(404, groupMessages.messageNotFound);
      if (!message.hasMedia || !message.raw) throw new AppError(400, 'This message has no media.');
      const mimetype = message.mimetype ?? 'application/octet-stream';

      if (message.mediaObject) {
        const cached = await readAll(await storage.get(message.mediaObject));
        return {
          success: true,
          messageMedia: { mimetype, data: cached.toString('base64'), filename: message.filename },
        };
      }
      let media: Awaited<ReturnType<WhatsAppGateway['downloadMedia']>>;
      try {
        media = await gateway.downloadMedia(
          group.sessionId,
          proto.WebMessageInfo.fromObject(message.raw as object) as WAMessage,
        );
      } catch (error) {
        if (error instanceof NotConnectedError) throw new AppError(409, groupMessages.notConnected);
        throw new AppError(502, 'The media could not be downloaded from WhatsApp. Try again later.');
      }
      // Named by a hash: JIDs hold characters object names may not.
      const name = `whatsapp-media/${group.sessionId}/${createHash('sha256').update(`${group.jid}/${message.waId}`).digest('hex')}`;
      await storage.put(name, media.data, { contentType: media.mimetype, size: media.data.length });
      await repo.setMediaObject(group.sessionId, group.jid, message.waId, name);
      return {
        success: true,
        messageMedia: {
          mimetype: media.mimetype,
          data: media.data.toString('base64'),
          filename: media.filename ?? message.filename,
        },
      };
    },
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
