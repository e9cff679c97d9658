import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The feature import boundaries are Biome overrides, one per feature folder (docs/web-structure.md);
// a feature added without one would be unchecked, so this fails until it has one.
const src = join(import.meta.dirname, '..');
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

describe('feature import boundaries', () => {
  it.each(features)('features/%s may not import another feature or app/', (feature) => {
    const groups = restricted(`features/${feature}`);
    for (const other of features.filter((f) => f !== feature)) {
      expect(groups).toContain(`**/${other}`);
      expect(groups).toContain(`**/${other}/**`);
    }
    expect(groups).toContain('**/app/**');
    expect(groups).not.toContain(`**/${feature}/**`);
  });

  it('shared/ may not import features or app/', () => {
    expect(restricted('shared')).toEqual(expect.arrayContaining(['**/features/**', '**/app/**']));
  });

  it('the chat engine (a worker) imports no React and no loaded-chat state', () => {
    expect(restricted('shared/loaded-chat/engine')).toEqual(
      expect.arrayContaining(['react', '**/state/**', '**/features/**', '**/app/**']),
    );
  });
});
