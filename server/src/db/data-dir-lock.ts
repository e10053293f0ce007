import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
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
    /** What the holder said it holds the folder for: a restore, or (unsaid) a server or tool. */
    readonly purpose: string = '',
  ) {
    super(
      purpose === 'restore' && pid > 0
        ? `A restore (pid ${pid}) is running on the embedded database folder ${dataDir} (DATA_DIR). Start this once it has ended: it says "Restored" when it is done.`
        : pid > 0
          ? `The embedded database folder ${dataDir} (DATA_DIR) is in use by another AlmQuest process (pid ${pid}). Stop that process first (Ctrl+C in its terminal, or kill ${pid}), then try again.`
          : // No live process named: the lock could not be taken all the same (files left in the way).
            `The embedded database folder ${dataDir} (DATA_DIR) could not be locked. If no AlmQuest process is running on it, delete the files named almquest.lock* in it, then try again.`,
    );
  }
}

/** Whether process `pid` is running (ours or another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Which run of process `pid` this is, where the system says (Linux: the boot and the moment the
 * process started): after a crash and a reboot, another program may have the pid a lock names.
 * Null where it cannot be told.
 */
export function processIdentity(pid: number): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command's closing parenthesis (the command may hold spaces).
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return started ? `${boot}:${started}` : null;
  } catch {
    return null;
  }
}

/** What this process writes into a lock: its pid, which run of that pid it is, and why. */
const lockText = (purpose: string) =>
  `${process.pid}\n${processIdentity(process.pid) ?? ''}\n${purpose}\n`;

/** The live process holding the folder's lock, other than this one; null when it is free. */
export function lockHolder(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
  } catch {
    return null;
  }
  const [first = '', identity = ''] = text.split('\n').map((line) => line.trim());
  if (!/^\d{1,10}$/.test(first)) return null;
  const pid = Number(first);
  if (pid <= 0 || pid === process.pid) return null;
  if (!isAlive(pid)) return null;
  // A process alive under that pid, but not the run that wrote the lock: the lock is stale.
  if (identity !== '') {
    const now = processIdentity(pid);
    if (now !== null && now !== identity) return null;
  }
  return pid;
}

/** What the folder's lock says it is held for ('restore'), or '' (a server or a tool). */
export function lockPurpose(dataDir: string): string {
  try {
    return readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').split('\n')[2]?.trim() ?? '';
  } catch {
    return '';
  }
}

/** Creates the lock file with our pid already in it, or reports that one exists (atomic). */
function tryCreate(file: string, purpose: string): boolean {
  const temp = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(temp, lockText(purpose));
  try {
    linkSync(temp, file); // fails if the lock exists; never leaves a lock without its pid
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes a lock whose process has ended, holding `.takeover` meanwhile so that two processes
 * taking over at once cannot delete each other's new lock. A guard older than 10 s was left by
 * a process that died mid-takeover.
 */
function removeStaleLock(dataDir: string, file: string): void {
  const guard = `${file}.takeover`;
  try {
    writeFileSync(guard, `${process.pid}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    // A guard from the future (a clock set back, or a file that came with an archive) is as stale.
    if (age > 10_000 || age < 0) unlinkSync(guard);
    else pause(20);
    return;
  }
  try {
    if (lockHolder(dataDir) === null) unlinkSync(file);
  } catch {
    // gone already
  } finally {
    unlinkSync(guard);
  }
}

/**
 * Takes the folder's lock for this process (a lock left by a process that has ended is taken
 * over), or throws DataDirInUseError. Returns the function that gives it back.
 */
export function lockDataDir(
  dataDir: string,
  { purpose = '' }: { purpose?: 'restore' | '' } = {},
): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(file, purpose)) {
      return () => {
        try {
          if (readFileSync(file, 'utf8').split('\n')[0] === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone (reset after we stopped, say)
        }
      };
    }
    const holder = lockHolder(dataDir);
    if (holder !== null) throw new DataDirInUseError(dataDir, holder, lockPurpose(dataDir));
    removeStaleLock(dataDir, file);
  }
  throw new DataDirInUseError(dataDir, lockHolder(dataDir) ?? 0);
}
