import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The import boundaries are Biome overrides that scripts/web-boundaries.mjs writes from the folder list
// (docs/web-structure.md). CI runs `biome check` without that script, so this is what notices a config
// left stale by a new feature folder, or one edited by hand.
const src = join(import.meta.dirname, '..');
const repo = join(src, '..', '..', '..');
const config = JSON.parse(readFileSync(join(src, '..', 'biome.json'), 'utf8')) as {
  overrides: { includes: string[]; linter: { rules: { style: { noRestrictedImports: unknown } } } }[];
};
const features = readdirSync(join(src, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function restricted(folder: string): string[] {
  const override = config.overrides.find((o) => o.includes.includes(`src/${folder}/**`));
  const rule = override?.linter.rules.style.noRestrictedImports as
    | { options: { patterns: { group: string[] }[] } }
    | undefined;
  return rule?.options.patterns.flatMap((p) => p.group) ?? [];
}

describe('web import boundaries', () => {
  it('apps/web/biome.json is what scripts/web-boundaries.mjs writes for today’s folders', () => {
    const check = spawnSync(process.execPath, ['scripts/web-boundaries.mjs', '--check'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it.each(features)('features/%s may import only itself among features, and no app/ code', (feature) => {
    const groups = restricted(`features/${feature}`);
    expect(groups).toEqual(expect.arrayContaining(['@/features/*/**', '@/app/**', '../**']));
    expect(groups.filter((g) => g.startsWith('!'))).toEqual([
      `!@/features/${feature}`,
      `!@/features/${feature}/**`,
    ]);
  });

  it('shared/ may not import features or app/', () => {
    expect(restricted('shared')).toEqual(expect.arrayContaining(['@/features/**', '@/app/**', '../**']));
  });

  it('the chat engine (a worker) imports no React and no loaded-chat state', () => {
    expect(restricted('shared/loaded-chat/engine')).toEqual(
      expect.arrayContaining(['react', '@/shared/loaded-chat/state/**', '@/features/**', '@/app/**']),
    );
  });
});
