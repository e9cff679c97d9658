import type { Config } from './config';
import type { Database } from './db/client';
import { newSecret } from './secrets';
import { createSharedSecretsRepository } from './shared-secrets.repository';

/**
 * Fills in the secrets `loadConfig` left pending (PostgreSQL and not given in env) from the database,
 * generating each once: every instance on that database then signs tokens and file links with the same
 * keys, whatever its DATA_DIR. Call it after the database is open and migrated, before buildApp. A config
 * with nothing pending is returned as it is.
 */
export async function resolveSharedSecrets(config: Config, database: Database): Promise<Config> {
  const pending = new Set(config.pendingSecrets);
  if (pending.size === 0) return config;
  const repo = createSharedSecretsRepository(database.db);

  const jwtSecret = pending.has('jwt_secret')
    ? await repo.getOrCreate('jwt_secret', newSecret())
    : config.jwtSecret;
  let storage = config.storage;
  if (storage.kind === 'local' && pending.has('storage_signing_secret')) {
    storage = { ...storage, signingSecret: await repo.getOrCreate('storage_signing_secret', newSecret()) };
  }
  return { ...config, jwtSecret, storage, pendingSecrets: [] };
}
