import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import type { PackageRow } from '../../db/rows';
import type { ReadCache } from '../../db/session-cache';
import { getPackageWithEvents, type PackageEventRow } from './packages.service';

/** A package as a read gives it: its row (with both sides' contacts) and its timeline. */
export type PackageRead = { readonly pkg: PackageRow; readonly events: readonly PackageEventRow[] };

/** Package pages this process has read, kept until the package or either side changes. */
export type PackageReads = ReadCache<PackageRead>;

/**
 * The package-page cache (docs/decisions/020-package-read-cache.md): a signed-in
 * read of a package costs no query while this process hears every change. Entries depend on the
 * package (its row and timeline) and on its donor and distributor (their current
 * names and phones).
 */
export function createPackageReads(database: Database): PackageReads {
  return database.sessions.readCache<PackageRead>({ maxEntries: 5_000 });
}

/**
 * One package and its timeline: from memory when it may serve it, else one statement, kept only
 * when `isKept` (its reader may see it: a stranger's read neither fills the memory nor warms it).
 */
export function readPackage(
  reads: PackageReads,
  database: Database,
  id: string,
  isKept: (read: PackageRead) => boolean,
): PackageRead | Promise<PackageRead> {
  return (
    reads.peek(id) ??
    reads.load(
      id,
      async () => {
        const { pkg, events } = await getPackageWithEvents(database.db, id);
        // Shared by every later reader: nobody may change it in place.
        for (const event of events) Object.freeze(event);
        return Object.freeze({ pkg: Object.freeze(pkg), events: Object.freeze(events) });
      },
      ({ pkg }) => [pkg.id, pkg.donorId, pkg.distributorId],
      isKept,
    )
  );
}

/**
 * After a request changed packages and before it answers: resolves once every process has heard
 * of what was committed (the session cache's fence), so none shows them as they were afterwards
 * (docs/decisions/020). A fence that fails after the commit is logged: the change stands.
 */
export async function fenceChangedPackages(database: Database, log: Logger): Promise<void> {
  try {
    await database.sessions.fence();
  } catch (err) {
    log.warn({ err }, 'other processes may show the changed packages a moment longer');
  }
}
