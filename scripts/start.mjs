// `npm start`: make sure the SPA build is current, then run one server for SPA and API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
const extraEnv = process.argv.includes('--demo') ? { WHATSAPP_DRIVER: 'simulator', DEMO_SEED: '1' } : {};
const server = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...extraEnv },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
