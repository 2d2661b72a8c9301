import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The portal is served by the API at '/', with every non-/api path falling back to
// index.html (see api/src/static). In development Vite proxies /api to a local API.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Fonts and icons stay separate files so the browser caches them across releases.
    assetsInlineLimit: 0,
    rolldownOptions: {
      treeshake: {
        // @psc/core is pure domain rules with no I/O (DESIGN "Layout"), but its package does not
        // say so, and its modules build zod schemas at the top level. Declaring them free of side
        // effects lets the shell take core's messages and numerals without zod and every schema;
        // the sign-in page's chunk still gets the schema it imports.
        moduleSideEffects: [{ test: /[\\/]core[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: { '/api': process.env.PORTAL_API_ORIGIN ?? 'http://localhost:8080' },
  },
});
