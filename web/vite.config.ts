import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { dppExamples } from './scripts/dpp-examples';

// `npm run dev`: Vite with hot reload on :5173, the API proxied to the service (npm start, :3000).
const api = process.env.QRS_API ?? 'http://localhost:3000';
const proxied = ['/v1', '/auth', '/r', '/01', '/dpp', '/docs', '/openapi.json', '/.well-known'];

export default defineConfig({
  plugins: [react(), dppExamples()],
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: false }])) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Keeps the first screen small: charts come in their own chunk (lazy import).
    chunkSizeWarningLimit: 500,
    // No inline <script> or data: modules: the service's CSP allows only same-origin scripts.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
