import { join } from 'node:path';
import { z } from 'zod';
import type { SharedSecretName } from '../secrets';
import type { S3StorageConfig } from './s3-storage';

export type StorageConfig =
  | { kind: 'local'; root: string; signingSecret: string }
  | ({ kind: 's3' } & S3StorageConfig);

const text = z.string().trim();

/** The storage variables of the env schema (config.ts spreads them into its own). */
export const storageEnv = {
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_REGION: text.default('us-east-1'),
  S3_BUCKET: text
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a valid bucket name (3–63 characters a-z 0-9 . -)',
    })
    .optional(),
  S3_ACCESS_KEY_ID: text.optional(),
  S3_SECRET_ACCESS_KEY: text.optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  STORAGE_SIGNING_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
};

type StorageVars = z.output<z.ZodObject<typeof storageEnv>>;

/**
 * S3 when S3_BUCKET is set, else local disk under DATA_DIR/objects. Throws a message naming the variable
 * when the S3 settings only make sense together. `generatedSecret` supplies secrets env does not give.
 */
export function storageConfig(
  vars: StorageVars,
  dataDir: string,
  generatedSecret: (name: SharedSecretName) => string,
): StorageConfig {
  const s3Only = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (key) => vars[key],
  );
  if (!vars.S3_BUCKET) {
    if (s3Only.length > 0) throw new Error(`S3_BUCKET is required when ${s3Only.join(', ')} is set`);
    return {
      kind: 'local',
      root: join(dataDir, 'objects'),
      signingSecret: vars.STORAGE_SIGNING_SECRET ?? generatedSecret('storage_signing_secret'),
    };
  }
  if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    const missing = vars.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new Error(`${missing} is required when the other S3 key variable is set`);
  }
  return {
    kind: 's3',
    bucket: vars.S3_BUCKET,
    region: vars.S3_REGION,
    endpoint: vars.S3_ENDPOINT ?? null,
    accessKeyId: vars.S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: vars.S3_SECRET_ACCESS_KEY ?? null,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE === 'true',
  };
}
