// Writes the web app's import boundaries (the overrides in apps/web/biome.json) from its folder list,
// so a new folder in apps/web/src/features/ is fenced in without anyone editing the config by hand.
// The rules, as docs/web-structure.md states them:
//   - nothing in src/ climbs with '../': a cross-folder import names its target as '@/<folder>/…';
//     so a relative import stays inside its own folder and only '@/' imports need checking;
//   - a feature imports '@/shared/…', '@/testing/…' and '@/features/<itself>/…', never another
//     feature and never '@/app/…';
//   - shared/ imports no feature and no app code;
//   - the chat engine (shared/loaded-chat/engine, a worker) also imports no React and no loaded-chat state.
// `node scripts/web-boundaries.mjs` rewrites the config; `--check` (run by `npm run lint`) fails when the
// committed config differs from what the folders say.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const configPath = join(web, 'biome.json');
const docs = '(docs/web-structure.md)';

const noClimbing = {
  group: ['..', '../**', './../**'],
  message: `Import another folder through the alias, '@/<folder>/…', not by climbing '../' ${docs}.`,
};

export function features() {
  return readdirSync(join(web, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function restrict(includes, ...patterns) {
  return {
    includes: [includes],
    linter: {
      rules: {
        style: { noRestrictedImports: { level: 'error', options: { patterns: [noClimbing, ...patterns] } } },
      },
    },
  };
}

function featureRule(name) {
  return restrict(`src/features/${name}/**`, {
    group: [
      '@/features/*',
      '@/features/*/**',
      `!@/features/${name}`,
      `!@/features/${name}/**`,
      '@/app',
      '@/app/**',
    ],
    message: `features/${name} imports only its own folder, shared/ and testing/ ${docs}; move what two features need to shared/, or compose them in app/.`,
  });
}

const noFeatureOrApp = ['@/features', '@/features/**', '@/app', '@/app/**'];

/** The overrides in order: a later override replaces an earlier one's options for the files both match. */
export function boundaryOverrides() {
  return [
    restrict('src/**'),
    ...features().map(featureRule),
    restrict('src/shared/**', {
      group: noFeatureOrApp,
      message: `shared/ imports no feature and no app code ${docs}.`,
    }),
    restrict('src/shared/loaded-chat/engine/**', {
      group: [
        ...noFeatureOrApp,
        '@/shared/loaded-chat/state',
        '@/shared/loaded-chat/state/**',
        'react',
        'react-dom',
        'react/**',
      ],
      message: `The chat engine runs in a worker: it imports no React, nothing of loaded-chat/state, no feature and no app code ${docs}.`,
    }),
  ];
}

function expectedConfig() {
  const current = JSON.parse(readFileSync(configPath, 'utf8'));
  return { ...current, overrides: boundaryOverrides() };
}

// Biome formats the file the way `biome check` wants it, so the committed text is what lint accepts.
function formatted(config) {
  const result = spawnSync('npx', ['biome', 'format', '--stdin-file-path=apps/web/biome.json'], {
    cwd: root,
    input: `${JSON.stringify(config, null, 2)}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`biome format failed: ${result.stderr}`);
  return result.stdout;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = formatted(expectedConfig());
  if (process.argv.includes('--check')) {
    if (readFileSync(configPath, 'utf8') !== text) {
      console.error(
        'apps/web/biome.json does not match the web folders: run `node scripts/web-boundaries.mjs` and commit it.',
      );
      process.exit(1);
    }
  } else {
    writeFileSync(configPath, text);
    console.log(`apps/web/biome.json: boundaries for ${features().length} features written`);
  }
}
