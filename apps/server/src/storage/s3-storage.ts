import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
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

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

export function createS3Storage(config: S3StorageConfig, clock: Clock, client = createS3Client(config)) {
  const Bucket = config.bucket;

  const storage: S3Storage = {
    kind: 's3',
    client,

    async put(name, body, { contentType, size }) {
      assertSafeObjectName(name);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: body,
          ContentType: contentType,
          ContentLength: size,
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

    // A PutObject is one request: S3 stores the whole object or nothing.
    async removeStaleTemporaries() {
      return 0;
    },
  };
  return storage;
}
