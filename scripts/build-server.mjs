// Compiles the server to plain JavaScript for Node: api/src/main.ts (the production entry) and
// scripts/serve.ts (`npm start`'s demo entry) each become one file in api/dist, with the
// workspaces' own TypeScript (@psc/*) inside and every other package left to node_modules.
// Production runs the compiled file with plain Node: run through tsx, the API carries tsx's
// loader thread and the transformed sources as well, about 75 MB more resident than compiled.
// Type checking stays with `tsc -b`; this only strips the types (esbuild, well under a second).
//
// Sources that find their data beside themselves (new URL('./data/...', import.meta.url): the
// migrations, the reference lists, the print fonts) keep finding it: in each workspace file
// import.meta.url is read relative to that source file, wherever the compiled file sits.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverOutput = join(root, 'api', 'dist');

/**
 * How Node runs the compiled server. The heap limit keeps an API process near 300 MB resident
 * under its heaviest request (a 100,000-row marks workbook): without it V8 lets collectable
 * garbage grow the process past 500 MB before collecting (`npm run bench -- results --part
 * upload`: 275 MB peak at 224 MB of old space, 4.9 s; 523 MB without). A machine with memory to
 * spare may raise it with API_HEAP_MB.
 */
export const serverNodeArgs = ['--enable-source-maps', `--max-old-space-size=${process.env.API_HEAP_MB ?? '224'}`];

/**
 * The entries compiled, by the name of their output file in api/dist. The print batches' compose
 * worker runs on a thread of its own, which loads a script file of its own: its entry sits beside
 * the server's, where api/src/admit-cards/pdf-printer.ts looks for it (by import.meta.filename,
 * which this build leaves the bundle's own, unlike import.meta.url below).
 */
export const serverEntries = {
  main: join(root, 'api', 'src', 'main.ts'),
  serve: join(root, 'scripts', 'serve.ts'),
  'print-compose-worker': join(root, 'api', 'src', 'admit-cards', 'print-compose-worker.ts'),
};

/** Workspace sources compiled in, each reading import.meta.url as its own source file's, from `outdir`. */
const keepSourceLocation = (outdir) => ({
  name: 'keep-source-location',
  setup(compiler) {
    // Only the workspaces are compiled in; npm packages are imported from node_modules at run time.
    compiler.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@psc/') ? undefined : { external: true }));
    compiler.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        const fromOutput = relative(outdir, args.path).split(sep).join('/');
        contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromOutput)}, import.meta.url).href`);
      }
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
});

/** Compiles `entryPoints` (by default the API's and `npm start`'s) into `outdir` (by default api/dist). */
export async function buildServer(entryPoints = serverEntries, outdir = serverOutput) {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // The stack traces of a production error name the TypeScript source's lines.
    sourcesContent: false,
    plugins: [keepSourceLocation(outdir)],
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildServer();
