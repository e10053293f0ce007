import type { Config } from '../config';
import { type Database, openDatabase } from './client';
import { DataDirInUseError } from './data-dir-lock';

/**
 * The database a command-line tool works on (server/scripts): the server's own, from its
 * configuration. The embedded one is refused while a server has it open: the process exits 1
 * with `refused` and the lock's own words, never working past a running server.
 */
export async function openForCommand(config: Config, refused: string): Promise<Database> {
  try {
    return await openDatabase(config.database);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(`${refused}: ${error.message}`);
    process.exit(1);
  }
}
