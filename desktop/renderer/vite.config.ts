// Build configuration: runs in Node at build time, never in the renderer, so the renderer's
// import restrictions do not apply to it.
// eslint-disable-next-line no-restricted-imports
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const rendererDir = fileURLToPath(new URL('.', import.meta.url));
// Where `npm start` / `npm run dev` in api/ listen by default; /api and the bridge go there in development.
const apiUrl = process.env.PSC_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: rendererDir,
  // The API serves the built renderer at /staff, and the Electron app scheme serves it at the same path.
  base: '/staff/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      '/api': apiUrl,
      '/staff/bridge': apiUrl,
    },
  },
});
