import { type Database, type DatabaseOptions, openDatabase } from './client';
import { DataDirInUseError } from './data-dir-lock';

/**
 * The database a command-line tool works on (server/scripts): the server's own, from its
 * configuration (`config.database`, or it with other limits). The embedded one is refused while a
 * server has it open: the process exits 1 with `refused` and the lock's own words, never working
 * past a running server.
 */
export async function openForCommand(
  database: DatabaseOptions,
  refused: string,
): Promise<Database> {
  try {
    return await openDatabase(database);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(`${refused}: ${error.message}`);
    process.exit(1);
  }
}
