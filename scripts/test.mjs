// `npm test`: every unit, integration and e2e test in one vitest run, then one plain summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './web-build.mjs';

const resultsDir = join(root, '.test-results');
const jsonFile = join(resultsDir, 'vitest.json');
mkdirSync(resultsDir, { recursive: true });
rmSync(jsonFile, { force: true });

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
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(resultsDir, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(failed > 0 ? 1 : 0);
