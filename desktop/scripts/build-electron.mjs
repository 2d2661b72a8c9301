// Builds the Electron main process and the preload into dist/ with Vite (already a dependency
// for the renderer). Neither build needs the Electron binary: `electron` stays an external import.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const desktopDir = fileURLToPath(new URL('..', import.meta.url));
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

export async function buildElectron() {
  // Main: ESM for Node inside Electron. Third-party packages stay in node_modules (better-sqlite3
  // is native); our workspace packages export TypeScript source, so they are bundled.
  await build({
    configFile: false,
    root: desktopDir,
    logLevel: 'warn',
    build: {
      ssr: 'main/index.ts',
      outDir: 'dist/main',
      emptyOutDir: true,
      target: 'node22',
      sourcemap: true,
      rollupOptions: { output: { format: 'es', entryFileNames: 'index.js' } },
    },
    ssr: { noExternal: [/^@psc\//], external: ['electron'] },
  });
  // Preload: a sandboxed preload runs as one CommonJS file that may require only 'electron'.
  await build({
    configFile: false,
    root: desktopDir,
    logLevel: 'warn',
    build: {
      ssr: 'preload/index.ts',
      outDir: 'dist/preload',
      emptyOutDir: true,
      target: 'chrome142',
      sourcemap: false,
      rollupOptions: { external: ['electron', ...nodeBuiltins], output: { format: 'cjs', entryFileNames: 'index.cjs' } },
    },
    ssr: { noExternal: true, external: ['electron'] },
  });
}

if (import.meta.url === `file://${process.argv[1]}` || fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildElectron();
  console.log('Built dist/main/index.js and dist/preload/index.cjs');
}
