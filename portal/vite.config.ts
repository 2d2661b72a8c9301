import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The first screens a phone opens by address, and the lazily loaded modules each one needs
 * (its layout and its page, as in src/routes/router.tsx; i18next where the page reads its texts
 * through it: src/i18n/index.ts).
 */
const FIRST_SCREENS: Record<string, string[]> = {
  login: ['src/layout/public-layout.tsx', 'src/pages/login-page.tsx'],
  register: ['src/layout/public-layout.tsx', 'src/pages/account/register-page.tsx'],
  faq: ['src/layout/public-layout.tsx', 'src/pages/faq-page.tsx'],
  vacancy: ['src/antd-frame.tsx', 'src/i18n/i18next-setup.ts', 'src/layout/signed-in-layout.tsx', 'src/pages/vacancy/vacancy-page.tsx'],
};
/**
 * What every first screen loads before it renders: the first screens' texts of Nepali, the
 * default language (spec §9), a chunk of its own (src/i18n/index.ts). A phone set to English fetches its own
 * chunk after the entry (the Content-Security-Policy allows no inline script to choose).
 */
const EVERY_SCREEN = ['src/i18n/first-catalogue-ne.ts'];
/**
 * index.html answers '/' and any other path (api/src/http/static-sites.ts); most visitors of '/'
 * are signed out and land on the sign-in page, so it names that page's chunks too.
 */
const BARE_PATH_SCREEN = 'login';

type BuiltChunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: string[]; viteMetadata?: { importedCss: Set<string> } };
type BuiltFile = BuiltChunk | { type: 'asset'; fileName: string; source: string | Uint8Array };

/**
 * Writes dist/<screen>/index.html beside index.html for each first screen: the same page with
 * its screen's chunks and styles named in the head, so a slow phone fetches them with the entry
 * instead of one round trip after another (entry, then layout, then page). The API serves a
 * folder's index.html for its path (api/src/http/static-sites.ts) and index.html for any other.
 */
function firstScreenPreloads(): Plugin {
  const root = import.meta.dirname;
  return {
    name: 'psc-first-screen-preloads',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const files = bundle as unknown as Record<string, BuiltFile>;
      const chunks = Object.values(files).filter((file): file is BuiltChunk => file.type === 'chunk');
      const html = files['index.html'];
      if (!options.dir || !html || html.type !== 'asset') return;
      // What a chunk needs before it runs: itself, its static imports, their styles.
      const closure = (start: BuiltChunk[]) => {
        const seen = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const chunk = files[fileName];
          if (chunk?.type !== 'chunk') return;
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        start.forEach((chunk) => visit(chunk.fileName));
        return { scripts: seen, styles };
      };
      const shell = closure(chunks.filter((chunk) => chunk.isEntry));
      for (const [screen, screenModules] of Object.entries(FIRST_SCREENS)) {
        const modules = [...EVERY_SCREEN, ...screenModules];
        const wanted = modules.map((module) => resolve(root, module));
        const pages = chunks.filter((chunk) => chunk.facadeModuleId !== null && wanted.includes(chunk.facadeModuleId));
        if (pages.length !== modules.length) throw new Error(`first screen ${screen}: a module has no chunk of its own (${modules.join(', ')})`);
        const needed = closure(pages);
        const links = [
          ...[...needed.scripts].filter((file) => !shell.scripts.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...[...needed.styles].filter((file) => !shell.styles.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ];
        const page = String(html.source).replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
        mkdirSync(join(options.dir, screen), { recursive: true });
        writeFileSync(join(options.dir, screen, 'index.html'), page);
        if (screen === BARE_PATH_SCREEN) writeFileSync(join(options.dir, 'index.html'), page);
      }
    },
  };
}

/**
 * Builds each language's first-screen texts (src/i18n/first-catalogue-*.ts) as the texts they
 * compute, evaluated here once: as written, the module imports the whole catalogue and picks
 * from it, which would put the whole catalogue into the chunk the first screen waits for.
 */
function firstScreenTexts(): Plugin {
  const modules = new Set(['ne', 'en'].map((language) => resolve(import.meta.dirname, `src/i18n/first-catalogue-${language}.ts`)));
  return {
    name: 'psc-first-screen-texts',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!modules.has(id)) return null;
      const { catalogue } = (await tsImport(pathToFileURL(id).href, import.meta.url)) as { catalogue: Record<string, string> };
      return `export const catalogue = ${JSON.stringify(catalogue)};\n`;
    },
  };
}

// The portal is served by the API at '/', with every non-/api path falling back to
// index.html (see api/src/static). In development Vite proxies /api to a local API.
/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, at the
 * strongest settings once here rather than a quick gzip on every answer: the API sends the copy
 * the browser accepts (serveStatic's precompressed files, api/src/http/static-sites.ts). Brotli
 * is about a fifth smaller than gzip on these scripts; browsers ask for it over HTTPS.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|css|html|svg|json)$/;
  return {
    name: 'psc-precompress',
    apply: 'build',
    enforce: 'post',
    // After every plugin's writeBundle (the first screens' pages included).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const dir = resolve(import.meta.dirname, 'dist');
        for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !TEXT.test(entry.name)) continue;
          const path = join(entry.parentPath, entry.name);
          const content = readFileSync(path);
          // A small file gains less than the header that names its encoding.
          if (content.length < 1024) continue;
          writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
          writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [firstScreenTexts(), react(), firstScreenPreloads(), precompress()],
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
