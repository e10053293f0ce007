import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder (a seed, a second
 * `npm start`) would write past the first, losing answered writes or leaving half-registered
 * people, and `npm run reset` would delete it from under a running server. So whoever opens the
 * folder holds a lock file in it naming their process; others refuse while that process lives.
 */
export const LOCK_FILE = 'almquest.lock';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database folder ${dataDir} (DATA_DIR) is in use by another AlmQuest process (pid ${pid}). Stop that process first (Ctrl+C in its terminal, or kill ${pid}), then try again.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process holding the folder's lock, other than this one; null when it is free. */
export function lockHolder(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? pid : null;
}

/**
 * Takes the folder's lock for this process (a lock left by a process that has ended is taken
 * over), or throws DataDirInUseError. Returns the function that gives it back.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone (reset after we stopped, say)
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new DataDirInUseError(dataDir, holder);
      // Left by an ended process, or our own: take it over.
      try {
        unlinkSync(file);
      } catch {
        // someone else removed it first; try again
      }
    }
  }
  throw new DataDirInUseError(dataDir, Number(readFileSync(file, 'utf8').trim()) || 0);
}
