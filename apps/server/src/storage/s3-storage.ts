import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Clock } from '../clock';
import { contentDisposition } from './content-disposition';
import {
  assertSafeObjectName,
  isSafeObjectName,
  ObjectNotFoundError,
  type ObjectStorage,
  type StoredObject,
} from './storage';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** null means AWS itself. */
  endpoint: string | null;
  /** Both null: the SDK's default credential chain (environment, instance role, …). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `endpoint/bucket/key` URLs instead of `bucket.endpoint/key` (MinIO, s3rver, most self-hosted servers). */
  forcePathStyle: boolean;
}

export interface S3Storage extends ObjectStorage {
  readonly kind: 's3';
  readonly client: S3Client;
}

const DELETE_BATCH = 1000; // the most DeleteObjects accepts
/**
 * A stream of unknown length goes up in parts of this size (S3's smallest but the last), one at a time:
 * what it holds in memory is about one part, whatever the object's size.
 */
const STREAM_PART_BYTES = 5 * 1024 * 1024;

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's default checksums (aws-chunked uploads with trailers) are not understood by many
    // S3-compatible servers; S3 itself does not require them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The stream cut into STREAM_PART_BYTES pieces (the last one shorter); a stream's error is thrown. */
async function* partsOf(body: Readable): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    held.push(bytes);
    heldBytes += bytes.length;
    while (heldBytes >= STREAM_PART_BYTES) {
      const all = Buffer.concat(held);
      yield all.subarray(0, STREAM_PART_BYTES);
      held = [all.subarray(STREAM_PART_BYTES)];
      heldBytes = all.length - STREAM_PART_BYTES;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held);
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

export function createS3Storage(config: S3StorageConfig, clock: Clock, client = createS3Client(config)) {
  const Bucket = config.bucket;

  /**
   * A stream of unknown length (PutObject needs the length first): one PutObject when it ends within the
   * first part, else a multipart upload, one part at a time, so memory holds about one part whatever the
   * object's size. A failure aborts the upload: S3 then keeps nothing (a server that cannot abort keeps
   * only unlisted parts, never an object).
   */
  async function putStream(Key: string, body: Readable, ContentType: string): Promise<void> {
    const parts = partsOf(body);
    const first = await parts.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    const second = first.done ? first : await parts.next();
    if (second.done) {
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: firstPart, ContentType, ContentLength: firstPart.length }),
      );
      return;
    }
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
    try {
      const uploaded: { ETag?: string; PartNumber: number }[] = [];
      const send = async (Body: Buffer) => {
        const PartNumber = uploaded.length + 1;
        const answer = await client.send(
          new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body, ContentLength: Body.length }),
        );
        uploaded.push({ ETag: answer.ETag, PartNumber });
      };
      await send(firstPart);
      await send(second.value);
      for await (const part of parts) await send(part);
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: uploaded } }),
      );
    } catch (error) {
      body.destroy(); // stop reading (the download behind it) when S3 refused a part
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {}); // the put's own error is the one that matters
      throw error;
    }
  }

  const storage: S3Storage = {
    kind: 's3',
    client,

    async put(name, body, { contentType, size }) {
      assertSafeObjectName(name);
      if (size === undefined && !(body instanceof Uint8Array)) {
        await putStream(name, body, contentType);
        return;
      }
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: body,
          ContentType: contentType,
          ContentLength: size ?? (body as Uint8Array).length,
        }),
      );
    },

    async head(name) {
      assertSafeObjectName(name);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async get(name, range) {
      assertSafeObjectName(name);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: name, Range: range && `bytes=${range.start}-${range.end}` }),
        );
        return answer.Body as Readable; // an IncomingMessage in Node
      } catch (error) {
        if (notFound(error)) throw new ObjectNotFoundError(name);
        throw error;
      }
    },

    async delete(names) {
      names.forEach(assertSafeObjectName);
      for (let at = 0; at < names.length; at += DELETE_BATCH) {
        const Objects = names.slice(at, at + DELETE_BATCH).map((Key) => ({ Key }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },

    async signedUrl(name, { expiresInSeconds, download }) {
      assertSafeObjectName(name);
      const signingDate = clock();
      const command = new GetObjectCommand({
        Bucket,
        Key: name,
        ResponseContentDisposition: download === undefined ? undefined : contentDisposition(download),
      });
      const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds, signingDate });
      return { url, expiresAt: new Date(signingDate.getTime() + expiresInSeconds * 1000) };
    },

    async *list(prefix): AsyncGenerator<StoredObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          // Keys this server could not have written are not its objects.
          if (!object.Key || !isSafeObjectName(object.Key)) continue;
          yield {
            name: object.Key,
            size: object.Size ?? 0,
            // Unknown age counts as new: the sweep then leaves the object alone.
            lastModified: object.LastModified ?? clock(),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    // A PutObject is one request: S3 stores the whole object or nothing; a multipart upload becomes an
    // object only when completed, and putStream aborts one that failed.
    async removeStaleTemporaries() {
      return 0;
    },
  };
  return storage;
}
