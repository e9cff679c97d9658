import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/helpers/describe-each-database';
import { loadConfig } from './config';
import { sharedSecrets } from './db/schema';
import { resolveSharedSecrets } from './shared-secrets';

const tempDir = () => mkdtempSync(join(tmpdir(), 'wadesk-shared-secrets-'));
const onPostgres = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.internal/wadesk', ...env });
const signingSecret = (config: ReturnType<typeof loadConfig>) =>
  config.storage.kind === 'local' ? config.storage.signingSecret : null;

describeEachDatabase('shared secrets', (ctx) => {
  it('gives instances with different DATA_DIRs on one PostgreSQL the same generated secrets', async () => {
    const firstDir = tempDir();
    const pending = onPostgres(firstDir);
    expect(pending.pendingSecrets).toEqual(['storage_signing_secret', 'jwt_secret']);
    expect(pending.jwtSecret).toBe('');
    expect(() => statSync(join(firstDir, 'secrets.json'))).toThrow(); // no file for PostgreSQL

    const first = await resolveSharedSecrets(pending, ctx.database);
    const second = await resolveSharedSecrets(onPostgres(tempDir()), ctx.database);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.pendingSecrets).toEqual([]);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(signingSecret(second)).toBe(signingSecret(first));
    expect(signingSecret(first)).not.toBe(first.jwtSecret);
    expect(await ctx.count(sharedSecrets)).toBe(2);
  });

  it('keeps secrets given in env and stores only the missing one', async () => {
    const config = await resolveSharedSecrets(
      onPostgres(tempDir(), { JWT_SECRET: 'e'.repeat(32) }),
      ctx.database,
    );
    expect(config.jwtSecret).toBe('e'.repeat(32));
    expect((await ctx.db.select().from(sharedSecrets)).map((row) => row.name)).toEqual([
      'storage_signing_secret',
    ]);
  });

  it('leaves the embedded database on the DATA_DIR file: nothing pending, nothing stored', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.pendingSecrets).toEqual([]);
    expect(statSync(join(dataDir, 'secrets.json')).isFile()).toBe(true);
    expect(await resolveSharedSecrets(config, ctx.database)).toBe(config);
    expect(await ctx.count(sharedSecrets)).toBe(0);
  });

  it('refuses to build an app whose shared secret was never resolved', async () => {
    await expect(ctx.buildApp({ jwtSecret: '', pendingSecrets: ['jwt_secret'] })).rejects.toThrow(
      /resolveSharedSecrets/,
    );
  });
});
