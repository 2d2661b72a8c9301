import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The README promises `npm install` on the Node the root package.json's engines names. A locked
// package that asks for a newer Node makes npm warn EBADENGINE on every install (as
// @electron/rebuild and node-abi once did, wanting Node 22.12), and may not run at all: every
// package in the lock must accept the oldest Node the project says it supports.

type Lock = { packages: Record<string, { engines?: { node?: string } | string[] }> };
type Manifest = { engines: { node: string } };

const root = fileURLToPath(new URL('..', import.meta.url));
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as Lock;
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as Manifest;

/** The locked packages whose engines field refuses the given Node version. */
function packagesRefusing(nodeVersion: string, packages: Lock['packages']): string[] {
  return Object.entries(packages)
    .filter(([, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range !== undefined && !semver.satisfies(nodeVersion, range, { includePrerelease: true });
    })
    .map(([path, entry]) => `${path} (node ${(entry.engines as { node: string }).node})`);
}

describe('the locked dependencies', () => {
  it('tells a package that wants a newer Node from one that does not', () => {
    const packages = { 'node_modules/node-abi': { engines: { node: '>=22.12.0' } }, 'node_modules/a': { engines: { node: '^18.17.0 || >=20.5.0' } } };
    expect(packagesRefusing('20.19.0', packages)).toEqual(['node_modules/node-abi (node >=22.12.0)']);
  });

  it("all run on the oldest Node the project's engines accept, so installing there warns of none", () => {
    const oldest = semver.minVersion(manifest.engines.node);
    expect(oldest, `engines.node "${manifest.engines.node}" has no lowest version`).not.toBeNull();
    expect(packagesRefusing(oldest!.version, lock.packages)).toEqual([]);
  });
});
