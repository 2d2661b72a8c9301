// Builds the Electron main process and the preload into dist/ with Vite (already a dependency
// for the renderer). Neither build needs the Electron binary: `electron` stays an external import.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const desktopDir = fileURLToPath(new URL('..', import.meta.url));
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** Builds the main process into `outDir`/main and the preload into `outDir`/preload (by default dist/, relative to desktop/). */
export async function buildElectron(outDir = 'dist') {
  // Main: ESM for Node inside Electron. Third-party packages stay in node_modules (better-sqlite3
  // is native); our workspace packages export TypeScript source, so they are bundled. The print
  // jobs' compose worker runs on a thread of its own, which loads a script of its own: an entry
  // beside index.js, where main/services/workstation-services.ts looks for it.
  await build({
    configFile: false,
    root: desktopDir,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir: `${outDir}/main`,
      emptyOutDir: true,
      target: 'node22',
      sourcemap: true,
      rollupOptions: {
        input: { index: 'main/index.ts', 'print-compose-worker': 'main/services/print/print-compose-worker.ts' },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
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
      outDir: `${outDir}/preload`,
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
  console.log('Built dist/main/index.js, dist/main/print-compose-worker.js and dist/preload/index.cjs');
}
