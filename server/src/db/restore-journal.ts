import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { isAlive } from './data-dir-lock';

/**
 * A restore of the embedded database exchanges the folder's contents in two phases: the old
 * database's entries out (into the kept folder, or deleted), then the restored ones in. A
 * process killed between two of those moves (Ctrl+C, the OOM killer, a power cut) left a folder
 * holding half of one database or none, which the next start turned into a new empty database.
 * So the restore writes this journal into the folder before the first move and updates it
 * between the phases; whoever opens the folder next (a server, a seed, another restore) finishes
 * the exchange from it before anything else, and only then removes it.
 */
export const RESTORE_JOURNAL = 'almquest.restore-journal';

export type RestoreJournal = {
  /** `out`: the old entries are leaving; `in`: they have all left, the restored ones come in. */
  phase: 'out' | 'in';
  /** Where the old database goes (`--force`), or null when the folder held none. */
  keptAt: string | null;
  /** The folder the archive was restored into and read back from. */
  restoring: string;
  /**
   * The restored database's entries: once its copy is gone, all of them must be in the folder
   * (a copy deleted part-way through would leave half a database that looks whole).
   */
  entries?: string[];
  /**
   * The data folder as the restore named it: the other two are beside it. A later opening may
   * name the same folder another way (a symlink, a volume mounted elsewhere).
   */
  dataDir?: string;
};

/**
 * A restore's copy went before all of it came in. The old database had all left by then (the
 * copy moves in only after), so it is whole where it was kept; a new restore sets what came in
 * aside (abandonRestore) and starts over.
 */
export class RestoreCopyGoneError extends Error {
  override name = 'RestoreCopyGoneError';
  constructor(dataDir: string, journal: RestoreJournal) {
    super(
      `A restore into ${dataDir} was interrupted and its restored copy (${journal.restoring}) is gone. Run the restore again (with --force): it sets what came in aside and starts over${journal.keptAt ? `; the database that was there is kept at ${journal.keptAt}` : ''}.`,
    );
  }
}

/**
 * Sets aside what an interrupted restore whose copy is gone brought in, and its journal: the
 * folder is then empty for a new restore. Answers where it went.
 */
export function abandonRestore(dataDir: string): string {
  const aside = `${dataDir}.incomplete-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  mkdirSync(aside, { mode: 0o700 });
  moveEntries(dataDir, aside);
  rmSync(path.join(dataDir, RESTORE_JOURNAL));
  return aside;
}

/** AlmQuest's own files in the folder (its lock, this journal): never part of a database. */
export const isOwnFile = (entry: string) => entry.startsWith('almquest.');

/** Writes the journal whole or not at all (a temporary file renamed over it). */
export function writeRestoreJournal(dataDir: string, journal: RestoreJournal): void {
  const file = path.join(dataDir, RESTORE_JOURNAL);
  const whole = { ...journal, dataDir: path.resolve(dataDir) };
  writeFileSync(`${file}.next`, JSON.stringify(whole), { mode: 0o600 });
  renameSync(`${file}.next`, file);
}

function readRestoreJournal(dataDir: string): RestoreJournal | null {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, RESTORE_JOURNAL), 'utf8');
  } catch {
    return null;
  }
  let journal: RestoreJournal | null = null;
  try {
    journal = JSON.parse(text) as RestoreJournal;
  } catch {
    // said below
  }
  // The folder as the restore named it, when that is this very folder by another path.
  const named =
    typeof journal?.dataDir === 'string' && isSameFolder(journal.dataDir, dataDir)
      ? journal.dataDir
      : path.resolve(dataDir);
  // Only the folders a restore of this very folder makes, beside it: a journal naming any
  // other would have files moved from or to elsewhere.
  const beside = (suffix: RegExp, at: unknown) =>
    typeof at === 'string' &&
    path.dirname(at) === path.dirname(named) &&
    path.basename(at).startsWith(path.basename(named)) &&
    suffix.test(path.basename(at).slice(path.basename(named).length));
  if (
    !journal ||
    (journal.phase !== 'out' && journal.phase !== 'in') ||
    !beside(/^\.restoring-\d+$/, journal.restoring) ||
    (journal.keptAt !== null && !beside(/^\.before-restore-[\dTZ-]+$/, journal.keptAt))
  ) {
    throw new Error(
      `${path.join(dataDir, RESTORE_JOURNAL)} names folders that are not beside this folder${
        typeof journal?.dataDir === 'string' ? ` (the restore named it ${journal.dataDir})` : ''
      }. Open the folder by the path the restore used, so the restore can finish. Move the file away only once the database you want is in the folder: AlmQuest then starts on whatever the folder holds.`,
    );
  }
  return journal;
}

/** Whether two paths name one folder (by their real paths, symlinks followed). */
function isSameFolder(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/**
 * Moves one entry, by renaming it, or where the two folders are on different file systems (the
 * data folder a volume's mount point) by copying it under a temporary name, renaming the whole
 * copy into place, and only then deleting the original. Safe to repeat after an interruption: a
 * copy cut short is made again from the untouched original, and a whole copy already in place
 * is never replaced by what is left of an original whose deletion was cut short.
 */
export function moveEntry(from: string, to: string): void {
  try {
    renameSync(from, to);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
  }
  if (!existsSync(to)) {
    const copying = `${to}.copying`;
    rmSync(copying, { recursive: true, force: true });
    cpSync(from, copying, { recursive: true, preserveTimestamps: true });
    renameSync(copying, to);
  }
  rmSync(from, { recursive: true, force: true });
}

/** Moves every entry of `from` but AlmQuest's own files into `to`; `afterEach` after each. */
export function moveEntries(from: string, to: string, afterEach?: () => void): void {
  for (const entry of readdirSync(from)) {
    if (isOwnFile(entry)) continue;
    moveEntry(path.join(from, entry), path.join(to, entry));
    afterEach?.();
  }
}

/**
 * Carries an exchange of the journal to its end: the old entries out (the rest of them), then
 * the restored ones in. Call it holding the folder's lock. Answers what it finished, or null
 * when no restore was under way. A restore runs its own exchange through here too; `afterMove`
 * (for tests) is called after each entry moved.
 */
export function finishRestore(
  dataDir: string,
  { afterMove }: { afterMove?: () => void } = {},
): RestoreJournal | null {
  const journal = readRestoreJournal(dataDir);
  if (!journal) return null;
  if (journal.phase === 'out') {
    if (journal.keptAt) {
      mkdirSync(journal.keptAt, { recursive: true, mode: 0o700 });
      moveEntries(dataDir, journal.keptAt, afterMove);
    } else {
      for (const entry of readdirSync(dataDir)) {
        if (isOwnFile(entry)) continue;
        rmSync(path.join(dataDir, entry), { recursive: true });
        afterMove?.();
      }
    }
    writeRestoreJournal(dataDir, { ...journal, phase: 'in' });
  }
  if (existsSync(journal.restoring)) {
    moveEntries(journal.restoring, dataDir, afterMove);
    rmSync(journal.restoring, { recursive: true, force: true });
  } else if (
    !readdirSync(dataDir).some((entry) => !isOwnFile(entry)) ||
    (Array.isArray(journal.entries) &&
      journal.entries.some((entry) => !existsSync(path.join(dataDir, String(entry)))))
  ) {
    // The restored copy is gone and not all of it is here: opened, the folder would become a new
    // empty database, or half of one, which is what the journal is for.
    throw new RestoreCopyGoneError(dataDir, journal);
  }
  rmSync(path.join(dataDir, RESTORE_JOURNAL));
  return journal;
}

/**
 * What a backup or restore killed on the way left beside `path`: entries named
 * `<name of path><suffix><pid>…` (temporary backups, staging copies of a database, each holding
 * people's contacts), removed once the process named has ended.
 */
export function removeAbandoned(at: string, suffix: string): void {
  const folder = path.dirname(at);
  const prefix = `${path.basename(at)}${suffix}`;
  for (const entry of readdirSync(folder)) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(/^\d+/.exec(entry.slice(prefix.length))?.[0]);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isAlive(pid)) continue;
    rmSync(path.join(folder, entry), { recursive: true, force: true });
  }
}
