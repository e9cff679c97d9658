// `npm run typecheck`: every workspace's `typecheck` script, as many at once as the machine has cores.
// tsc is single-threaded; one after another they took 45 s of CI's two cores, most of it with one idle.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { root } from './web-build.mjs';

const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces.filter(
  (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).scripts?.typecheck,
);

function check(dir) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'typecheck'], { cwd: join(root, dir) });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ dir, code, output }));
  });
}

// The two largest first, so the small ones fill the gaps instead of leaving one core idle at the end.
const largest = ['apps/server', 'apps/web'];
const queue = [
  ...largest.filter((dir) => workspaces.includes(dir)),
  ...workspaces.filter((dir) => !largest.includes(dir)),
];
const failed = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      const result = await check(dir);
      console.log(`${result.code === 0 ? 'ok  ' : 'FAIL'} ${dir}`);
      if (result.code !== 0) failed.push(result);
    }
  }),
);
for (const { dir, output } of failed) console.log(`\n── ${dir}\n${output}`);
process.exit(failed.length > 0 ? 1 : 0);
