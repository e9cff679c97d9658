import { z } from 'zod';

export const storageMessages = {
  fileNotFound: 'That file was not found. It may have been deleted with its chat.',
  linkInvalid: 'This link is invalid or has expired.',
} as const;

/** Most names one POST /v1/getPresignedUrls/ may ask for: a generous visible range of a chat. */
export const PRESIGN_BATCH_MAX = 500;

const objectName = z.string().min(1).max(1024);

/** POST /v1/getS3PresignedUrl/: a link for one attachment object the caller owns. */
export const presignRequest = z.object({ object_name: objectName });

export const presignResponse = z.object({
  url: z.string(),
  /** When the link stops working (ISO 8601). */
  expires_at: z.string(),
  /** Seconds from now until then; renew with this rather than the clock, which may differ from ours. */
  expires_in: z.number(),
});
export type PresignResponse = z.infer<typeof presignResponse>;

/** POST /v1/getPresignedUrls/: links for many objects at once, e.g. every attachment in view. */
export const presignBatchRequest = z.object({
  object_names: z
    .array(objectName)
    .min(1)
    .max(PRESIGN_BATCH_MAX, { error: `At most ${PRESIGN_BATCH_MAX} object names per request.` }),
});

export const presignBatchResponse = z.object({
  /** Object name → link, for every requested name the caller owns. */
  urls: z.record(z.string(), z.string()),
  /** Requested names that do not exist or are not the caller's (no link is given for them). */
  missing: z.array(z.string()),
  expires_at: z.string(),
  expires_in: z.number(),
});
export type PresignBatchResponse = z.infer<typeof presignBatchResponse>;
