import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context';

/**
 * Where the bytes of uploads live, addressed by their sha256 (DESIGN "Files"; "Growing past one
 * machine": an S3-compatible object store implements the same four calls, with the hash as the
 * object key). The stored_files table says who owns which file and of what type; the store only
 * keeps bytes, so two candidates uploading the same scan share one copy.
 */
export type FileStorage = {
  /** Stores the bytes under their hash; storing bytes that are already there does nothing. */
  put(sha256: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under that hash. */
  get(sha256: string): Promise<Uint8Array | null>;
  has(sha256: string): Promise<boolean>;
  /** Removes the bytes; removing what is not there does nothing. */
  delete(sha256: string): Promise<void>;
};

const SHA256_HEX = /^[0-9a-f]{64}$/;

function assertHash(sha256: string): void {
  // The hash becomes a path: refuse anything that could climb out of the folder.
  if (!SHA256_HEX.test(sha256)) throw new Error(`Not a sha256 hex digest: ${sha256}`);
}

/** Files under <root>/ab/cd/<sha256>, two levels of fan-out so no folder grows huge. */
export function createLocalFileStorage(root: string): FileStorage {
  const pathOf = (sha256: string) => {
    assertHash(sha256);
    return join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };
  const exists = async (path: string) => {
    try {
      await stat(path);
      return true;
    } catch {
      return false;
    }
  };
  return {
    async put(sha256, bytes) {
      const path = pathOf(sha256);
      if (await exists(path)) return;
      await mkdir(join(path, '..'), { recursive: true });
      // Written aside and renamed into place, so a reader never sees half a file, and two
      // instances writing the same bytes at once both end with the same complete file.
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(sha256) {
      try {
        return new Uint8Array(await readFile(pathOf(sha256)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    has: (sha256) => exists(pathOf(sha256)),
    async delete(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
  };
}

/** The store of a data folder: files under <dataDir>/files. */
export function dataDirFileStorage(dataDir: string): FileStorage {
  return createLocalFileStorage(resolve(dataDir, 'files'));
}

const storages = new WeakMap<AppDeps, FileStorage>();

/**
 * The store of an app: files under <DATA_DIR>/files unless another store was set for it (an
 * object store in a multi-instance deployment, a temporary folder in tests).
 */
export function getFileStorage(deps: AppDeps): FileStorage {
  let storage = storages.get(deps);
  if (!storage) {
    storage = dataDirFileStorage(deps.config.dataDir);
    storages.set(deps, storage);
  }
  return storage;
}

export function setFileStorage(deps: AppDeps, storage: FileStorage): void {
  storages.set(deps, storage);
}
