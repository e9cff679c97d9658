import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from '../../scripts/web-build.mjs';

// Every e2e file starts the real server (`apps/server/src/main.ts`) once or more. Under tsx each start
// resolved and loaded every module through tsx's loader: about 2.9 CPU-seconds and 2 s before /healthz
// answered. The run instead compiles the server's own TypeScript into one ES module once (esbuild, the
// compiler tsx itself uses; ~0.3 s) and every start runs it with plain node: about 1.2 CPU-seconds and
// 1 s. Packages stay outside the bundle and load from node_modules exactly as under tsx; only the
// project's workspaces (@wadesk/*) are compiled in (docs/testing.md, "End-to-end tests").

const outDir = join(root, 'apps/server/.e2e-build');

/** The bundle's path for run `runId`; it lives beside the server so that its packages resolve as before. */
export const serverBundlePath = (runId: string) => join(outDir, `main-${runId}.mjs`);

export async function buildServerBundle(runId: string): Promise<void> {
  await build({
    entryPoints: [join(root, 'apps/server/src/main.ts')],
    outfile: serverBundlePath(runId),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [
      {
        name: 'wadesk-server',
        setup(pluginBuild) {
          // Bare imports stay imports, except the project's own workspaces.
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@wadesk/') ? undefined : { external: true },
          );
          // A module that finds files beside itself (migrations, the web build, a worker's entry) keeps
          // its own URL rather than the bundle's.
          pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => ({
            loader: 'ts',
            contents: (await readFile(args.path, 'utf8')).replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
          }));
        },
      },
    ],
  });
}

export async function removeServerBundle(runId: string): Promise<void> {
  await rm(serverBundlePath(runId), { force: true });
}
