/// <reference types="node" />

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// `@/x` is apps/web/src/x (also in tsconfig.json's paths), so an import names the folder it reaches
// instead of climbing '../../..'; vitest.config.ts says the same.
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Every server path prefix the SPA talks to; everything else is the SPA's own routes.
const SERVER_PREFIXES = ['users', 'v1', 'api', 'org', 'config', 'healthz', 'docs', 'sim', 'events', 'files'];
const target = `http://localhost:${process.env.SERVER_PORT ?? '3000'}`;
const proxy: Record<string, ProxyOptions> = {
  [`^/(${SERVER_PREFIXES.join('|')})(/|\\?|$)`]: { target },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
