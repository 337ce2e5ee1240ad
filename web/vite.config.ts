import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './build/precompress';
import { useCaseRoutes } from './build/use-case-routes';

const target = process.env.WPS_DEV_TARGET ?? 'http://127.0.0.1:8080';
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), useCaseRoutes(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: what the page loads first, for the first-load budget (scripts/web-budget.mjs).
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: {
      '/wps': { target, changeOrigin: true },
      '/lgw': { target, changeOrigin: true },
      '/health': { target, changeOrigin: true },
      // The sandbox provider's page and callback, the vendor API and the operator API live on the API's origin too.
      '/sandbox-pay': { target, changeOrigin: true },
      '/api': { target, changeOrigin: true },
      '/operator': { target, changeOrigin: true },
      '/socket.io': { target, changeOrigin: true, ws: true },
    },
  },
});
