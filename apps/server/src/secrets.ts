import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE_NAME = 'secrets.json';

/** Secrets generated when env does not give them; several instances on one PostgreSQL share them. */
export type SharedSecretName = 'jwt_secret' | 'storage_signing_secret';

/** A new random secret, as long as any we generate. */
export function newSecret(): string {
  return randomBytes(48).toString('base64url');
}

/**
 * Returns the secret stored under `name` in DATA_DIR/secrets.json, generating and saving it on first use.
 * Secrets that the operator did not give in env must survive restarts (or every token would die with the
 * process), so they are kept beside the data they protect, readable by the owner only.
 */
export function persistentSecret(dataDir: string, name: string): string {
  const path = join(dataDir, FILE_NAME);
  const secrets = readSecrets(path);
  const existing = secrets[name];
  if (typeof existing === 'string' && existing.length > 0) return existing;

  const secret = newSecret();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path, `${JSON.stringify({ ...secrets, [name]: secret }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600); // the mode option only applies when the file is created
  return secret;
}

function readSecrets(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${path} must hold a JSON object`);
  }
  return parsed as Record<string, unknown>;
}
