// Runs drizzle-kit with its bare `import('drizzle-orm/version')` resolved from this package: npm placed
// drizzle-kit in the root node_modules but kept drizzle-orm inside apps/server, out of drizzle-kit's sight.
// Usage: node scripts/drizzle-kit.mjs generate
import { createRequire, register } from 'node:module';
import { dirname, join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return nextResolve(specifier, { ...context, parentURL: import.meta.url });
  }
  return nextResolve(specifier, context);
}

// This file is also loaded on the module-hooks thread, where only the hook above is wanted.
if (isMainThread) {
  register(import.meta.url);
  const require = createRequire(import.meta.url);
  require(join(dirname(require.resolve('drizzle-kit')), 'bin.cjs')); // bin.cjs is not in its exports map
}
