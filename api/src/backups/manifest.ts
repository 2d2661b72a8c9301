import { migrationsFolder } from '@psc/db';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TableDigest } from './table-digests';

// A backup directory (DESIGN "Backups"): the database dump, manifest.json describing it, and
// manifest.sha256 holding the manifest's own digest. Uploaded files live once in the backup
// folder's shared files/ store, named by their sha256 like the product's own store, so each
// night copies only the files new since the last one.

export const MANIFEST_FORMAT = 'psc-backup/1';
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_DIGEST_FILE = 'manifest.sha256';
export const POSTGRES_DUMP_FILE = 'database.dump';
export const PGLITE_DUMP_FILE = 'database.tar.gz';

export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  backupId: number;
  kind: string;
  engine: 'postgres' | 'pglite';
  /** The last migration applied; a restore refuses a backup of another schema. */
  schemaVersion: string;
  startedAt: string;
  /** The dump: pg_dump's custom format, or PGlite's data directory as a gzipped tarball. */
  database: { file: string; bytes: number; sha256: string };
  tables: TableDigest[];
  files: { sha256: string; bytes: number }[];
  /** Uploads the database names that the file store had lost when the backup was taken. */
  missingFiles: string[];
};

/** Why a backup cannot be restored, in words an operator acts on. */
export class BackupRefused extends Error {}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function sha256OfFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** The tag of the newest committed migration: the schema this code runs. */
export function currentSchemaVersion(): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)!.tag;
}

/** Writes the manifest and its digest; answers the digest. */
export async function writeManifest(directory: string, manifest: Manifest): Promise<{ sha256: string; bytes: number }> {
  const text = `${JSON.stringify(manifest, null, 1)}\n`;
  const sha256 = sha256Hex(text);
  await writeFile(join(directory, MANIFEST_FILE), text);
  await writeFile(join(directory, MANIFEST_DIGEST_FILE), `${sha256}\n`);
  return { sha256, bytes: Buffer.byteLength(text) + sha256.length + 1 };
}

/**
 * Reads a backup's manifest and checks, before anything is restored, that the backup is whole
 * and untouched: the manifest matches its digest, is of this format and this schema, and the
 * dump is there with its recorded size and checksum. Uploaded files are checked by the caller
 * as they are copied or compared. Throws BackupRefused naming what is wrong.
 */
export async function readVerifiedManifest(directory: string, onProgress: (line: string) => void = () => {}): Promise<Manifest> {
  const manifestPath = join(directory, MANIFEST_FILE);
  const digestPath = join(directory, MANIFEST_DIGEST_FILE);
  if (!existsSync(directory)) throw new BackupRefused(`The backup ${directory} does not exist.`);
  if (!existsSync(manifestPath)) throw new BackupRefused(`The backup is incomplete: ${MANIFEST_FILE} is missing (was it still being written?).`);
  if (!existsSync(digestPath)) throw new BackupRefused(`The backup is incomplete: ${MANIFEST_DIGEST_FILE} is missing.`);
  const text = await readFile(manifestPath);
  const recorded = (await readFile(digestPath, 'utf8')).trim();
  if (sha256Hex(text) !== recorded) throw new BackupRefused(`The backup has been altered: ${MANIFEST_FILE} does not match its checksum in ${MANIFEST_DIGEST_FILE}.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text.toString('utf8')) as Manifest;
  } catch {
    throw new BackupRefused(`The backup's ${MANIFEST_FILE} is not readable JSON.`);
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new BackupRefused(`The backup is of an unknown format (${String(manifest.format)}; this program reads ${MANIFEST_FORMAT}).`);
  const schema = currentSchemaVersion();
  if (manifest.schemaVersion !== schema) {
    throw new BackupRefused(`The backup is of another schema version (${manifest.schemaVersion}; this program runs ${schema}): restore it with the release that took it.`);
  }
  const dumpPath = join(directory, manifest.database.file);
  if (!existsSync(dumpPath)) throw new BackupRefused(`The backup is incomplete: the database dump ${manifest.database.file} is missing.`);
  onProgress(`checking the database dump (${manifest.database.bytes} bytes)`);
  const dumpSha = await sha256OfFile(dumpPath);
  if (dumpSha !== manifest.database.sha256) throw new BackupRefused(`The backup is corrupted: the database dump ${manifest.database.file} does not match its checksum in the manifest.`);
  return manifest;
}
