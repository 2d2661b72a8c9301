// `npm run restore -- <backup> [--force]`: restores a backup into the configured database and
// files folder, which must be empty unless --force (README "Backups").
import { ConfigError, parseConfig } from '@psc/api';
import { BackupRefused, runRestoreCommand } from '../api/src/backups/backup-cli';

const args = process.argv.slice(2);
const force = args.includes('--force');
const backups = args.filter((arg) => arg !== '--force');
if (backups.length !== 1) {
  console.error('Usage: npm run restore -- <backup directory, or its name in BACKUP_DIR> [--force]');
  process.exit(2);
}
try {
  process.exitCode = await runRestoreCommand(parseConfig(process.env), backups[0]!, { force }, (line) => console.log(line));
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof BackupRefused)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}
