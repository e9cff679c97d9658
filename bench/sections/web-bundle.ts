// The JavaScript the landing page loads: the web app is built and Vite's manifest says which chunks the
// entry imports statically (what the browser must fetch before the page runs; route chunks and
// overlays load later). Chromium then opens the landing page and every script it fetched until the
// network is idle is counted too, so a chunk loaded right after start cannot hide. Sizes are gzip.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DESKTOP, launchBrowser, openPage } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';
import { root } from '../../scripts/web-build.mjs';
import { rowsOf } from '../row';

const LANDING_TARGET_KB = 150;
const dist = join(root, 'apps/web/dist');
const row = rowsOf('web-bundle');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The entry chunk and every chunk it imports statically, directly or not. */
export function landingChunks(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...seen].map((key) => manifest[key]?.file as string);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

interface Fetched {
  /** Scripts the page itself runs. */
  page: string[];
  /** Web workers it starts (the chat engine's, warmed up by the upload card): off the main thread. */
  workers: string[];
}

const distFile = (url: string) => new URL(url).pathname.replace(/^\//, '');

/** The dist files of the scripts chromium fetches while the landing page loads, up to network idle. */
async function fetchedByLandingPage(): Promise<Fetched> {
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    const { page, close } = await openPage(browser, server.baseURL, DESKTOP);
    const files = new Set<string>();
    const workers = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js'))
        files.add(distFile(request.url()));
    });
    page.on('worker', (worker) => workers.add(distFile(worker.url())));
    await page.goto('/', { waitUntil: 'networkidle' });
    await close();
    return { page: [...files].filter((file) => !workers.has(file)), workers: [...workers] };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function run() {
  const build = spawnSync('npm', ['run', 'build', '-w', '@wadesk/web'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`The web build failed: ${build.stderr.slice(-500)}`);
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

  const landing = landingChunks(manifest);
  const landingBytes = landing.reduce((sum, file) => sum + gzipped(file), 0);
  const scripts = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
  const sized = scripts.map((file) => ({ file, gzip: gzipped(file) })).sort((a, b) => b.gzip - a.gzip);
  const largest = sized[0];
  const fetched = await fetchedByLandingPage();
  const fetchedBytes = fetched.page.reduce((sum, file) => sum + gzipped(file), 0);
  const workerBytes = fetched.workers.reduce((sum, file) => sum + gzipped(file), 0);
  const allBytes = sized.reduce((sum, chunk) => sum + chunk.gzip, 0);

  return [
    row(
      'landing page JavaScript (entry + static imports, gzip)',
      kb(landingBytes),
      `≤ ${LANDING_TARGET_KB} KB`,
      landingBytes <= LANDING_TARGET_KB * 1024,
    ),
    row('landing page chunks', String(landing.length)),
    row(
      'page JavaScript chromium fetched for / until network idle (gzip)',
      `${kb(fetchedBytes)} in ${fetched.page.length} files`,
      `≤ ${LANDING_TARGET_KB} KB`,
      fetchedBytes <= LANDING_TARGET_KB * 1024,
    ),
    row('chat engine worker warmed up by / (gzip, off the main thread)', `${kb(workerBytes)}`),
    row(
      'largest chunk (gzip)',
      largest ? `${kb(largest.gzip)} ${largest.file.replace(/^assets\//, '')}` : '—',
    ),
    row('all JavaScript chunks (gzip)', `${kb(allBytes)} in ${sized.length} chunks`),
  ];
}
