import { downloadMediaMessage, getContentType, normalizeMessageContent, type WAMessage } from 'baileys';

type ILogger = NonNullable<Parameters<typeof downloadMediaMessage>[3]>['logger'];

import type { DownloadedMedia } from '../driver';

interface MediaFields {
  mimetype?: string | null;
  fileName?: string | null;
}

/**
 * Downloads and decrypts a media message with Baileys. `reuploadRequest` (the socket's updateMediaMessage)
 * asks the phone to upload media again when the CDN copy has expired; without a socket it is left out.
 */
export async function downloadWaMedia(
  message: WAMessage,
  context: { logger: ILogger; reuploadRequest?: (message: WAMessage) => Promise<WAMessage> },
): Promise<DownloadedMedia> {
  const data = await downloadMediaMessage(
    message,
    'buffer',
    {},
    context.reuploadRequest
      ? { logger: context.logger, reuploadRequest: context.reuploadRequest }
      : undefined,
  );
  const content = normalizeMessageContent(message.message);
  const type = getContentType(content ?? undefined);
  const media = (type ? (content as Record<string, MediaFields | undefined>)[type] : undefined) ?? {};
  return { data, mimetype: media.mimetype ?? 'application/octet-stream', filename: media.fileName ?? null };
}
