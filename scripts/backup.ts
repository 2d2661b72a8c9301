// `npm run backup`: one backup now of the configured database and uploaded files (README "Backups").
import { ConfigError, parseConfig } from '@psc/api';
import { BackupRefused, runBackupCommand } from '../api/src/backups/backup-cli';

try {
  process.exitCode = await runBackupCommand(parseConfig(process.env), (line) => console.log(line));
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof BackupRefused)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}
