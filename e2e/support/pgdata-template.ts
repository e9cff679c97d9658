import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/web-build.mjs';

// A new PGlite data directory runs initdb (about 3 s of CPU) and then every migration: each e2e server
// paid that at start. Instead the run makes one migrated directory and every server starts on a copy of
// it (under 1 s). The server still runs its migrations on start — they find nothing to do — so a copy
// behaves exactly like a first start on a fresh directory (docs/testing.md, "End-to-end tests").

const migrations = join(root, 'apps/server/src/db/migrations');
const cacheDir = join(root, 'node_modules/.cache/wadesk-e2e');

/** Changes whenever the schema or the way the server opens PGlite could: then a new template is made. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrations, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(path));
  }
  hash.update(readFileSync(join(root, 'apps/server/src/db/client.ts')));
  // The PGlite build writes the files; Drizzle's migrator keeps the record of what ran.
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) {
    // The server's own copy when npm kept one beside it (it does for drizzle-orm), else the hoisted one.
    const own = join(root, 'apps/server/node_modules', pkg, 'package.json');
    hash.update(readFileSync(existsSync(own) ? own : join(root, 'node_modules', pkg, 'package.json')));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated template's directory, made once (several workers may race: the first rename wins). Templates
 * of other keys, and half-built ones a killed run left, are removed when a new one is made.
 */
export async function pgdataTemplate(): Promise<string> {
  const name = `pgdata-${templateKey()}`;
  const target = join(cacheDir, name);
  if (existsSync(target)) return target;
  if (existsSync(cacheDir))
    for (const entry of readdirSync(cacheDir))
      if (!entry.startsWith(name)) rmSync(join(cacheDir, entry), { recursive: true, force: true });
  const { openMigratedDatabase } = await import('../../apps/server/src/db/client');
  mkdirSync(cacheDir, { recursive: true });
  const building = mkdtempSync(`${target}-building-`);
  const database = await openMigratedDatabase(`file://${building}`);
  await database.close();
  try {
    renameSync(building, target);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
  return target;
}

/** Puts a copy of the template where the server will look for its PGlite data (`DATA_DIR/pgdata`). */
export async function seedPgdata(dataDir: string): Promise<void> {
  cpSync(await pgdataTemplate(), join(dataDir, 'pgdata'), { recursive: true });
}
