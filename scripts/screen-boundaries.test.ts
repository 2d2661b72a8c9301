import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// STYLE §15: screens of one domain do not import another domain's screens. A screen folder
// imports core, the app's components/, hooks/ and api/, and its own files; a part a second
// domain needs moves to components/ or hooks/ the moment it is shared.

const REPOSITORY = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The folders whose sub-folders are domains: the workstation's screens and the portal's pages. */
const SCREEN_ROOTS = ['desktop/renderer/src/screens', 'portal/src/pages'];

const SOURCE_FILE = /\.(?:ts|tsx)$/;
// Static imports and re-exports (`from '...'`) and lazy ones (`import('...')`).
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function listFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return listFiles(path);
    return SOURCE_FILE.test(name) ? [path] : [];
  });
}

/** The domain folder a path lies in under a screen root, or null when it is outside any. */
function domainOf(root: string, path: string): string | null {
  const inside = relative(root, path);
  if (inside.startsWith('..') || !inside.includes(sep)) return null;
  return inside.split(sep)[0]!;
}

/** Each import of a domain's file that reaches into a different domain folder of the same root. */
function findCrossDomainImports(root: string, files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const domain = domainOf(root, file);
    if (!domain) continue;
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1]!;
      if (!specifier.startsWith('.')) continue;
      const target = domainOf(root, resolve(dirname(file), specifier));
      if (target && target !== domain) found.push(`${relative(REPOSITORY, file)} imports ${specifier}`);
    }
  }
  return found;
}

function readScreenRoot(root: string): Map<string, string> {
  return new Map(listFiles(root).map((file) => [file, readFileSync(file, 'utf8')]));
}

describe('screen folders (STYLE §15)', () => {
  it.each(SCREEN_ROOTS)('in %s import no other domain folder', (folder) => {
    const root = join(REPOSITORY, folder);
    expect(findCrossDomainImports(root, readScreenRoot(root))).toEqual([]);
  });

  it('are told apart: a payments screen reaching into recruitment is caught, shared folders are not', () => {
    const root = join(REPOSITORY, 'desktop/renderer/src/screens');
    const files = new Map([
      [
        join(root, 'payments/payment-detail.tsx'),
        [
          "import { RemarkModal } from '../recruitment/recruitment-parts';",
          "import {\n  ErrorAlert,\n} from '../../components/error-alert';",
          "import { useApiQuery } from '../../hooks/use-api-query';",
          "import { candidateName } from './payment-rules';",
          "import { lazyScreen } from '../lazy-screen';",
          "const Screen = lazy(() => import('../users/user-list-screen'));",
        ].join('\n'),
      ],
      // The registry beside the domain folders composes them all; it is no domain itself.
      [join(root, 'screen-registry.tsx'), "import { paymentScreens } from './payments/payment-screens';"],
    ]);
    expect(findCrossDomainImports(root, files)).toEqual([
      'desktop/renderer/src/screens/payments/payment-detail.tsx imports ../recruitment/recruitment-parts',
      'desktop/renderer/src/screens/payments/payment-detail.tsx imports ../users/user-list-screen',
    ]);
  });
});
