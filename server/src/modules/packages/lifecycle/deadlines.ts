import type { AppDb } from '../../../db/client';
import type { Logger } from '../../../logger';
import { deadlinesActedOn } from '../../../metrics/metrics';
import type { MatchSettings } from '../../../matching/assign';
import type { Rematcher } from '../../../matching/rematch';
import type { Notifier } from '../../../notifier';
import {
  type ChangeResult,
  duePackages,
  expirePackage,
  lapseOffer,
  raiseAtRisk,
  reclaimPackage,
  warnDonor,
} from './changes';

const BATCH = 100;

export type DeadlineCounts = {
  lapsed: number;
  expired: number;
  warned: number;
  raised: number;
  reclaimed: number;
};

export type DeadlineSweeper = {
  /** Acts on every deadline that has passed; resolves with how many of each it acted on. */
  runOnce(): Promise<DeadlineCounts>;
};

/**
 * Acts on passed deadlines: unanswered offers lapse (the package goes to the next distributor),
 * donors still waiting at half their window are told, packages nobody has accepted with a third
 * of their window left are raised to coordinators, packages not Received by their pickup time
 * expire, and (reliable dispatch) a package whose distributor has not said in time that they are
 * on their way goes to someone else. The deadlines are indexed columns, so a sweep reads only what is due, and it reads them
 * from the database, so a restart misses nothing. Each package is handled in its own transaction
 * holding its row with SKIP LOCKED and re-checking the deadline, so several server processes
 * sweeping at once, or a person acting at the same moment, never act twice.
 */
export function createDeadlineSweeper({
  db,
  notifier,
  rematcher,
  settings,
  coordinatorEmails,
  logger,
}: {
  db: AppDb;
  notifier: Notifier;
  rematcher: Rematcher;
  settings: MatchSettings;
  /** Who is alerted to a package at risk (COORDINATOR_EMAILS). */
  coordinatorEmails: ReadonlySet<string>;
  logger: Logger;
}): DeadlineSweeper {
  /** Packages that failed in this sweep: not tried again until the next one. */
  const failed = new Set<string>();

  function publish(result: ChangeResult | null): number {
    if (!result) return 0;
    notifier.notify(result.notifications);
    if (result.freedDistributorId) rematcher.schedule(result.freedDistributorId);
    if (result.matchError !== undefined) {
      logger.warn(
        { err: result.matchError, packageId: result.package.id },
        'matching again failed',
      );
      rematcher.schedule();
    }
    return 1;
  }

  /** One package's deadline; a failure is logged and the sweep goes on with the others. */
  async function actOn(
    what: string,
    id: string,
    act: () => Promise<ChangeResult | null>,
  ): Promise<number> {
    try {
      return publish(await act());
    } catch (err) {
      logger.error({ err, packageId: id, deadline: what }, 'acting on a deadline failed');
      failed.add(id);
      return 0;
    }
  }

  async function runOnce(): Promise<DeadlineCounts> {
    const counts: DeadlineCounts = { lapsed: 0, expired: 0, warned: 0, raised: 0, reclaimed: 0 };
    failed.clear();
    for (;;) {
      const due = await duePackages(db, BATCH, settings);
      let acted = 0;
      // Expiry first: a package whose pickup time has passed is not offered to anyone else.
      for (const id of due.expired) {
        if (failed.has(id)) continue;
        const done = await actOn('expiry', id, () => expirePackage(db, id));
        counts.expired += done;
        acted += done;
      }
      for (const id of due.lapsed) {
        if (failed.has(id)) continue;
        const done = await actOn('offer', id, () => lapseOffer(db, id, settings));
        counts.lapsed += done;
        acted += done;
      }
      for (const id of due.reclaimed) {
        if (failed.has(id)) continue;
        const done = await actOn('check-in', id, () => reclaimPackage(db, id, settings));
        counts.reclaimed += done;
        acted += done;
      }
      for (const id of due.warned) {
        if (failed.has(id)) continue;
        const done = await actOn('warning', id, () => warnDonor(db, id));
        counts.warned += done;
        acted += done;
      }
      for (const id of due.raised) {
        if (failed.has(id)) continue;
        const done = await actOn('at risk', id, async () => {
          const raised = await raiseAtRisk(db, id, coordinatorEmails);
          if (raised) {
            const { quantity, city, readyUntil } = raised.package;
            logger.warn(
              { packageId: id, quantity, city, readyUntil, alerted: raised.notifications.length },
              'package at risk: nobody has accepted it with a third of its window left',
            );
          }
          return raised;
        });
        counts.raised += done;
        acted += done;
      }
      const isFull = [due.expired, due.lapsed, due.warned, due.raised, due.reclaimed].some(
        (ids) => ids.length === BATCH,
      );
      // Another batch only while this one was full and did something (locked rows are skipped).
      if (!isFull || acted === 0) break;
    }
    for (const [kind, n] of Object.entries(counts)) if (n) deadlinesActedOn.inc({ kind }, n);
    if (Object.values(counts).some((n) => n > 0)) {
      logger.info(counts, 'deadlines acted on');
    }
    return counts;
  }

  return { runOnce };
}
