import type { Database } from '../../../db/client';
import type { Logger } from '../../../logger';
import type { Rematcher } from '../../../matching/rematch';
import type { Notifier } from '../../../notifier';
import { fenceChangedPackages, type PackageReads } from '../package-reads';
import type { ChangeResult } from './changes';

/** What a change made by a person has to reach once it committed, wherever it was asked for. */
export type ChangeOutlets = {
  database: Database;
  notifier: Notifier;
  rematcher: Rematcher;
  reads: PackageReads;
};

/**
 * After a lifecycle change commits (from the page, or a button on WhatsApp): its notifications go
 * out live, a distributor whose room grew gets waiting packages another look, and every process
 * forgets the package's page before the caller answers.
 */
export async function publishChange(
  outlets: ChangeOutlets,
  result: ChangeResult,
  log: Logger,
): Promise<void> {
  outlets.notifier.notify(result.notifications);
  if (result.freedDistributorId) outlets.rematcher.schedule(result.freedDistributorId);
  if (result.matchError !== undefined) {
    log.warn({ err: result.matchError }, 'matching a package given back failed');
    outlets.rematcher.schedule();
  }
  outlets.reads.forget(result.package.id);
  await fenceChangedPackages(outlets.database, log);
}
