/// <reference types="node" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// Every server path prefix the SPA talks to; everything else is the SPA's own routes.
const SERVER_PREFIXES = ['users', 'v1', 'api', 'org', 'config', 'healthz', 'docs', 'sim', 'events', 'files'];
const target = `http://localhost:${process.env.SERVER_PORT ?? '3000'}`;
const proxy: Record<string, ProxyOptions> = {
  [`^/(${SERVER_PREFIXES.join('|')})(/|\\?|$)`]: { target },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
