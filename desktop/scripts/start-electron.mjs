// `npm run desktop`: builds the main process, preload and renderer, then starts Electron.
// The Electron binary is downloaded by electron's own install script, which cannot run in every
// build environment (DESIGN "The desktop workstation"); without it this script says how to get
// it and exits non-zero instead of failing somewhere deeper.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { buildElectron } from './build-electron.mjs';

const desktopDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

function findElectronBinary() {
  try {
    // electron's package exports the path of its binary, or throws when the download never happened.
    const binary = require('electron');
    return typeof binary === 'string' && existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

const electronBinary = findElectronBinary();
if (electronBinary === undefined) {
  const { version } = require('electron/package.json');
  console.error(`
The Electron ${version} binary is not installed, so the staff workstation cannot start here.
(The repository's package.json does not let npm run electron's download script on install.)

On a machine with internet access, from the repository root, run one of:
  node node_modules/electron/install.js
      downloads the binary that matches the installed electron package;
  npx electron@${version.split('.')[0]} --version
      checks that npm can fetch Electron at all (it caches a copy outside this project).
Behind a mirror, set ELECTRON_MIRROR first. An Electron ${version.split('.')[0]} already unpacked elsewhere can be
used with ELECTRON_OVERRIDE_DIST_PATH=<its folder>. Then run \`npm run desktop\` again.

Without Electron the same screens run in a browser: \`npm start\`, then open /staff.
`);
  process.exit(1);
}

await buildElectron();
await build({ configFile: fileURLToPath(new URL('../renderer/vite.config.ts', import.meta.url)), logLevel: 'warn' });

const child = spawn(electronBinary, [desktopDir], { stdio: 'inherit', env: process.env });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
