import { type PresignBatchResponse, type PresignResponse, storageMessages } from '@wadesk/contract';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { ObjectStorage, SignedUrl } from '../../storage/storage';
import type { AttachmentRow, AttachmentsRepository, Owner } from './attachments.repository';

export interface MediaLinksServiceDeps {
  storage: ObjectStorage;
  attachments: AttachmentsRepository;
  ttlSeconds: number;
  clock: Clock;
}

// Only media the viewer plays is served inline; documents (and anything unknown) come as downloads
// under their original name, so no uploaded file is ever rendered as a page of ours.
const INLINE = /^(image\/(jpeg|png|gif|webp|bmp|heic)|video\/[\w.+-]+|audio\/[\w.+-]+)$/;

export type MediaLinksService = ReturnType<typeof createMediaLinksService>;

export function createMediaLinksService({ storage, attachments, ttlSeconds, clock }: MediaLinksServiceDeps) {
  const sign = (row: AttachmentRow): Promise<SignedUrl> =>
    storage.signedUrl(row.objectName, {
      expiresInSeconds: ttlSeconds,
      download: INLINE.test(row.mime) ? undefined : row.fileName,
    });

  const expiry = (expiresAt: Date) => ({
    expires_at: expiresAt.toISOString(),
    expires_in: Math.max(0, Math.floor((expiresAt.getTime() - clock().getTime()) / 1000)),
  });

  return {
    /** A link for one of the caller's attachments; anything else is "not found", whoever owns it. */
    async one(owner: Owner, objectName: string): Promise<PresignResponse> {
      const [row] = await attachments.findOwned(owner, [objectName]);
      if (!row) throw new AppError(404, storageMessages.fileNotFound);
      const { url, expiresAt } = await sign(row);
      return { url, ...expiry(expiresAt) };
    },

    /** Links for the caller's attachments among `objectNames`; the others are listed as missing. */
    async many(owner: Owner, objectNames: readonly string[]): Promise<PresignBatchResponse> {
      const unique = [...new Set(objectNames)];
      const rows = await attachments.findOwned(owner, unique);
      const signed = await Promise.all(rows.map(sign));
      const urls: Record<string, string> = {};
      rows.forEach((row, i) => {
        urls[row.objectName] = (signed[i] as SignedUrl).url;
      });
      // Every link of one answer is treated as expiring with the earliest of them.
      const earliest = Math.min(
        clock().getTime() + ttlSeconds * 1000,
        ...signed.map((l) => l.expiresAt.getTime()),
      );
      return { urls, missing: unique.filter((name) => !(name in urls)), ...expiry(new Date(earliest)) };
    },
  };
}
