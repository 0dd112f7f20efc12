import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server owns /api, /health and /ws; in development Vite forwards them so the app stays same-origin.
// changeOrigin stays false (Vite's string shorthand turns it on): the server compares Origin with Host,
// so Host must remain the dev server's own.
const apiTarget = { target: 'http://127.0.0.1:8000', changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    // lib/zod-config.ts (which turns zod's eval probe off under our CSP) shares zod's chunk, so it runs before
    // any chunk that builds a schema: every such chunk imports this one first.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config\.ts$/ }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/health': apiTarget,
      '/ws': { ...apiTarget, ws: true },
    },
  },
});
