/**
 * `npm run restore -- FILE [--force]`: restores a backup of `npm run backup` into the database
 * the server would use (DATABASE_URL, or the PGlite folder DATA_DIR). Refused while a server
 * uses it, and over existing data unless --force (the old PGlite folder is kept beside it).
 */
import 'dotenv/config';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { BackupRefusedError, restorePgliteFolder, restorePostgres } from '../src/ops/backup';

const args = process.argv.slice(2);
const given = args.find((a) => !a.startsWith('--'));
const force = args.includes('--force');
if (!given || !existsSync(given)) {
  console.error(
    given
      ? `No backup at ${given}.`
      : 'Say which backup to restore: npm run restore -- FILE [--force]',
  );
  process.exit(1);
}
const file = path.resolve(given);
const config = loadConfig();
try {
  if (config.database.kind === 'postgres') {
    await restorePostgres(config.database.url, file, { force });
    console.log(`Restored ${file} into the PostgreSQL database. Start the server again.`);
  } else {
    const keptAt = await restorePgliteFolder(file, config.database.dataDir!, {
      force,
      onNote: (note) => console.log(note),
    });
    console.log(
      `Restored ${file} into ${config.database.dataDir}.${keptAt ? ` The database that was there is kept at ${keptAt}.` : ''} Start the server again.`,
    );
  }
} catch (error) {
  // A sentence, not a stack: what was refused or what the tool said.
  console.error(
    error instanceof BackupRefusedError
      ? error.message
      : `The restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
