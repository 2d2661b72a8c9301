// `npm start`: builds the portal and the workstation renderer when their sources are newer
// than the last build, compiles the server, then runs the product (scripts/serve.ts) on the
// embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverNodeArgs, serverOutput } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestChange(folder) {
  if (!existsSync(folder)) return 0;
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const builds = [
  { workspace: 'portal', output: 'portal/dist/index.html', sources: ['portal', 'core/src'] },
  { workspace: 'desktop', output: 'desktop/dist/renderer/index.html', sources: ['desktop/renderer', 'core/src'] },
];
for (const build of builds) {
  const output = join(root, build.output);
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(...build.sources.map((s) => newestChange(join(root, s))));
  if (changedAt > builtAt) {
    console.log(`Building ${build.workspace}...`);
    const result = spawnSync('npm', ['run', 'build', '--workspace', build.workspace, '--silent'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// The server compiled to JavaScript and run with plain Node, as in production (scripts/build-server.mjs):
// compiling every time takes well under a second, so a start never runs stale code.
await buildServer();
const child = spawn(process.execPath, [...serverNodeArgs, join(serverOutput, 'serve.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
