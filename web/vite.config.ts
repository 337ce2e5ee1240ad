import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const target = process.env.WPS_DEV_TARGET ?? 'http://127.0.0.1:8080';
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
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
