import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chakraStaticGlobal } from './scripts/chakra-static-global.ts';
import { prerenderPlugin } from './scripts/prerender.ts';
import { swPrecache } from './scripts/sw-precache.ts';
import { i18nPrecompile } from './scripts/vite-i18n-precompile.ts';

const apiTarget = process.env.API_PROXY_TARGET || 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), chakraStaticGlobal(), prerenderPlugin(), swPrecache(), i18nPrecompile()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 900 },
  // The dev server forwards the API and the socket to the reference server (npm run server).
  server: {
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/config.json': apiTarget,
      '/app/': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  optimizeDeps: { include: ['comlink', 'dexie', 'pusher-js/worker', 'laravel-echo', 'zod'] },
});
