import type { S3StorageConfig } from './s3-storage';

/** The origin presigned links point at, for the page's Content-Security-Policy. */
export function s3PublicOrigin(
  config: Pick<S3StorageConfig, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>,
) {
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  return config.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
}
