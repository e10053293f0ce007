import { DISTANCE_RANGE_MAX_KM } from '@almquest/contracts/users';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../db/client';
import { packages } from '../db/schema';
import type { Logger } from '../logger';
import type { Notifier } from '../notifier';
import { type MatchSettings, tryMatchPackage } from './assign';
import { withinReachSql } from './reach';

const PAGE = 100;

export type Rematcher = {
  /**
   * Asks for a pass soon: over the waiting packages this distributor can reach, or over all
   * waiting packages when no distributor is named (the periodic sweep). Calls while a pass runs
   * are folded into one more pass after it.
   */
  schedule(distributorId?: string): void;
  /** One full pass over every waiting package, oldest first; resolves with how many paired. */
  runOnce(): Promise<number>;
  /** Resolves when no pass is running or scheduled (for tests and shutdown). */
  whenIdle(): Promise<void>;
  /**
   * Takes no more passes, and resolves once the one running has ended (a shutdown, before the
   * database closes: a pass then failed on a closed pool, leaving its packages to another sweep).
   */
  stop(): Promise<void>;
};

type Waiting = { id: string; created_at: string };

/**
 * Gives Not Paired packages another chance, oldest first. Each package is matched in its own
 * transaction holding its row with FOR UPDATE SKIP LOCKED, so two server processes sweeping at
 * once never pair the same package twice and never wait on each other.
 */
export function createRematcher(
  db: AppDb,
  notifier: Notifier,
  logger: Logger,
  settings: MatchSettings,
): Rematcher {
  let running: Promise<void> | null = null;
  let isFullSweepRequested = false;
  const distributorsToServe = new Set<string>();

  /** Distributors a split's rest passed over in this pass (held elsewhere): served after it. */
  const passedOver = new Set<string>();

  async function tryPackage(id: string): Promise<boolean> {
    const notifications = await db.transaction(async (tx) => {
      const [pkg] = await tx
        .select()
        .from(packages)
        .where(
          and(
            eq(packages.id, id),
            eq(packages.state, 'Not Paired'),
            // Past its pickup time it waits for the deadline sweep to expire it, not for a match.
            gt(packages.readyUntil, sql`now()`),
          ),
        )
        .for('update', { skipLocked: true });
      if (!pkg) return null;
      const outcome = await tryMatchPackage(tx, pkg, settings);
      for (const passed of outcome.passedOver ?? []) passedOver.add(passed);
      return outcome.isPaired ? outcome.notifications : null;
    });
    if (!notifications) return false;
    notifier.notify(notifications);
    return true;
  }

  /** Every waiting package, a page at a time (keyset on created_at, id), oldest first. */
  async function sweepAll(): Promise<number> {
    let paired = 0;
    let after: Waiting | null = null;
    for (;;) {
      const page: Waiting[] = await queryRows<Waiting>(
        db,
        sql`
          select id, created_at::text as created_at from ${packages}
          where state = 'Not Paired'
            ${after ? sql`and (created_at, id) > (${after.created_at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by created_at, id
          limit ${PAGE}`,
      );
      for (const { id } of page) if (await tryPackage(id)) paired += 1;
      if (page.length < PAGE) return paired;
      after = page[page.length - 1]!;
    }
  }

  /** The waiting packages one distributor could reach, oldest first, from the GiST index. */
  async function serveDistributor(distributorId: string): Promise<number> {
    const reachable = await queryRows<{ id: string }>(
      db,
      sql`
        select p.id
        from packages p, users u, distributors d
        where u.id = ${distributorId} and d.user_id = u.id and d.is_active and u.lat is not null
          and p.state = 'Not Paired'
          and ${withinReachSql({
            center: sql`u.area_earth`,
            other: sql`almquest_earth_point(p.lat, p.lng)`,
            boxKm: sql`d.distance_range + ${DISTANCE_RANGE_MAX_KM}`,
            reachKm: sql`d.distance_range + p.travel_capacity`,
          })}
        order by p.created_at, p.id
        limit ${PAGE}`,
    );
    let paired = 0;
    for (const { id } of reachable) if (await tryPackage(id)) paired += 1;
    return paired;
  }

  async function runPass(): Promise<void> {
    let paired = 0;
    if (isFullSweepRequested) {
      isFullSweepRequested = false;
      distributorsToServe.clear();
      paired += await sweepAll();
    }
    for (const id of [...distributorsToServe]) {
      distributorsToServe.delete(id);
      paired += await serveDistributor(id);
    }
    // Those passed over are free again by now (or soon): the rests left waiting beside them get
    // their chance in the next pass, waiting for the row this time.
    for (const id of passedOver) distributorsToServe.add(id);
    passedOver.clear();
    if (paired) logger.info({ paired }, 're-matched waiting packages');
  }

  let isStopped = false;
  function schedule(distributorId?: string) {
    if (isStopped) return;
    if (distributorId) distributorsToServe.add(distributorId);
    else isFullSweepRequested = true;
    if (running) return;
    running = (async () => {
      while (!isStopped && (isFullSweepRequested || distributorsToServe.size > 0)) await runPass();
    })()
      .catch((err: unknown) => logger.warn({ err }, 're-matching failed; the sweep will retry'))
      .finally(() => {
        running = null;
      });
  }

  return {
    schedule,
    runOnce: sweepAll,
    whenIdle: async () => {
      while (running) await running;
    },
    stop: async () => {
      isStopped = true;
      while (running) await running;
    },
  };
}
