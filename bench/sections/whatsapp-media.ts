// Memory of one large WhatsApp media download (decision 0011, Media): the file streamed
// from the CDN through the driver into object storage and out as POST /api/downloadMedia/'s base64 JSON,
// against the same file held whole as the server did before. Each in a fresh child process.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Row } from '../row';

const SECTION = 'whatsapp-media';
const MEGABYTES = 96; // within MEDIA_MAX_BYTES' 100 MB default
const run$ = promisify(execFile);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface ChildResult {
  size: number;
  answered: number;
  ms: number;
  rssDelta: number;
  heldDelta: number;
}

async function download(mode: 'streamed' | 'whole'): Promise<ChildResult> {
  const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
  const { stdout } = await run$(
    tsx,
    ['--expose-gc', join(import.meta.dirname, 'whatsapp-media-child.ts'), mode, String(MEGABYTES)],
    { maxBuffer: 1024 * 1024, timeout: 300_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildResult;
}

export async function run(): Promise<Row[]> {
  const streamed = await download('streamed');
  const whole = await download('whole');
  const describe = (result: ChildResult) =>
    `peak RSS +${mb(result.rssDelta)}, heap + buffers +${mb(result.heldDelta)}; ${mb(result.answered)} answered in ${Math.round(result.ms)} ms`;
  // Far below the file's size, and the same for any size (16 MB and 96 MB files both peaked near 27 MB
  // held on the machine this was written on): the chunks on their way, and garbage not yet returned.
  const target = streamed.size / 2;
  return [
    {
      section: SECTION,
      metric: `download of a ${MEGABYTES} MB media into storage and out as base64 JSON, streamed (now)`,
      value: describe(streamed),
      target: `heap + buffers < ${mb(target)}`,
      ok: streamed.heldDelta < target,
    },
    {
      section: SECTION,
      metric: `the same media held whole (before: Baileys' buffer download, one base64 string)`,
      value: describe(whole),
      target: '',
      ok: null,
    },
  ];
}
