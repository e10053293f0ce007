/**
 * `npm run backup [-- FILE]`: backs up the database the server uses (DATABASE_URL, or the PGlite
 * folder DATA_DIR) to FILE, by default backups/almquest-<engine>-<time>.<ext>. PostgreSQL is
 * backed up while it serves (pg_dump); the embedded database only while no server has it open.
 * Then deletes this tool's backups in the same folder older than BACKUP_DAYS (the newest stays).
 */
import 'dotenv/config';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config';
import {
  BackupRefusedError,
  backupPgliteFolder,
  backupPostgres,
  defaultBackupFile,
  pruneOldBackups,
} from '../src/ops/backup';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = loadConfig();
const given = process.argv.slice(2).find((a) => !a.startsWith('--'));
const file = path.resolve(given ?? defaultBackupFile(root, config.database.kind));
mkdirSync(path.dirname(file), { recursive: true });
try {
  if (config.database.kind === 'postgres') await backupPostgres(config.database.url, file);
  else await backupPgliteFolder(config.database.dataDir!, file);
  const size = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up the ${config.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${file} (${size} MB).`,
  );
  // Older backups beside it go after BACKUP_DAYS, as the privacy notice says (decision 043).
  const pruned = pruneOldBackups(path.dirname(file), config.privacy.retention.backups);
  if (pruned.length) {
    console.log(
      `Deleted ${pruned.length} backup(s) older than BACKUP_DAYS (${config.privacy.retention.backups} days): ${pruned.join(', ')}`,
    );
  }
} catch (error) {
  // A sentence, not a stack: what was refused or what the tool said.
  console.error(
    error instanceof BackupRefusedError
      ? error.message
      : `The backup failed: ${error instanceof Error ? error.message : String(error)}. Any earlier backup at ${file} is as it was.`,
  );
  process.exitCode = 1;
}
