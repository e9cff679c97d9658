// `npm test`: every unit, integration and e2e test in one vitest run, then one plain summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './web-build.mjs';

const resultsDir = join(root, '.test-results');
const jsonFile = join(resultsDir, 'vitest.json');
mkdirSync(resultsDir, { recursive: true });
// A crash below must never leave an earlier run's summary for .ci/run to print.
for (const file of [jsonFile, join(resultsDir, 'summary.txt'), join(resultsDir, 'projects.txt')])
  rmSync(file, { force: true });

const args = [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${jsonFile}`,
  ...process.argv.slice(2),
];
const run = spawnSync(join(root, 'node_modules/.bin/vitest'), args, { cwd: root, stdio: 'inherit' });

let passed = 0;
let failed = 0;
if (existsSync(jsonFile)) {
  const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  passed = report.numPassedTests;
  // A file that cannot even load has no failed tests of its own; count it as one failure, not zero.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  failed = report.numFailedTests + brokenFiles;
} else {
  failed = 1;
}
if (run.status !== 0 && failed === 0) failed = 1;
if (existsSync(jsonFile))
  writeFileSync(join(resultsDir, 'projects.txt'), projectTimes(JSON.parse(readFileSync(jsonFile, 'utf8'))));
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(resultsDir, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(failed > 0 ? 1 : 0);

/**
 * Each project's wall time (first file's start to last file's end; projects of one group overlap) and
 * its passed tests, with the server's split by database: what CI prints to say where its minutes go.
 */
function projectTimes(report) {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const projects = new Map();
  for (const file of report.testResults) {
    const relative = file.name.slice(root.length + 1);
    const name = workspaces.find((dir) => relative.startsWith(`${dir}/`)) ?? 'other';
    const entry = projects.get(name) ?? { start: Infinity, end: 0, passed: 0, pglite: 0, postgres: 0 };
    entry.start = Math.min(entry.start, file.startTime);
    entry.end = Math.max(entry.end, file.endTime);
    for (const test of file.assertionResults) {
      if (test.status !== 'passed') continue;
      entry.passed++;
      const title = test.ancestorTitles.join(' ');
      if (title.includes('[postgres]')) entry.postgres++;
      else if (title.includes('[pglite]')) entry.pglite++;
    }
    projects.set(name, entry);
  }
  let text = 'Test projects:\n';
  for (const [name, entry] of projects) {
    const seconds = Math.round((entry.end - entry.start) / 1000);
    const databases =
      entry.pglite + entry.postgres > 0
        ? ` (on PGlite ${entry.pglite}, on PostgreSQL ${entry.postgres})`
        : '';
    text += `  ${name}: ${seconds} s, ${entry.passed} passed${databases}\n`;
  }
  return text;
}
