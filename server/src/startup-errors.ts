import type { Config } from './config';
import { DataDirInUseError } from './db/data-dir-lock';

/**
 * A short reason from whatever was thrown: a system error's code, an Error's message, or the
 * code, errno or message of a plain object (PGlite's file system throws those), never
 * "[object Object]".
 */
export function failureReason(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error !== 'object' || error === null) return String(error);
  const e = error as { code?: unknown; errno?: unknown; message?: unknown };
  if (typeof e.code === 'string' && e.code) return e.code;
  if (typeof e.message === 'string' && e.message) return e.message;
  if (typeof e.errno === 'number') return `errno ${e.errno}`;
  return error.constructor?.name && error.constructor.name !== 'Object'
    ? error.constructor.name
    : 'unknown error';
}

/** One line a person can act on when the port cannot be used. */
export function listenFailure(err: NodeJS.ErrnoException, port: number, host: string): string {
  if (err.code === 'EADDRINUSE') {
    return `AlmQuest cannot start: port ${port} is already in use (PORT). Stop the program using it, or choose another port, e.g. PORT=8081 npm start.`;
  }
  if (err.code === 'EACCES') {
    return `AlmQuest cannot start: no permission to listen on port ${port} (PORT). Use a port above 1023, e.g. PORT=8080.`;
  }
  return `AlmQuest cannot start: listening on ${host}:${port} failed (${err.code ?? err.message}). Check PORT and HOST.`;
}

/** What to check when the database cannot be opened, naming the variable behind it. */
export function databaseFailure(error: unknown, database: Config['database']): string {
  if (error instanceof DataDirInUseError) return `AlmQuest cannot start: ${error.message}`;
  const reason = failureReason(error);
  if (database.kind === 'pglite') {
    return `AlmQuest cannot start: the embedded database folder ${database.dataDir ?? ''} (DATA_DIR) cannot be used (${reason}). Check that it exists or can be created, and that this user may write to it.`;
  }
  let where = 'the server in DATABASE_URL';
  try {
    const url = new URL(database.url);
    where = `${url.hostname}:${url.port || 5432}/${url.pathname.slice(1)} (DATABASE_URL)`;
  } catch {
    // the URL was checked at start-up; keep the generic words
  }
  return `AlmQuest cannot start: the PostgreSQL database at ${where} cannot be used (${reason}). Check that PostgreSQL is running and reachable, that the database exists, and the user name and password in DATABASE_URL.`;
}
