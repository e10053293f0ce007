import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * One lock per person, taken before anything else of theirs. What acts on the
 * whole person (a suspension, deleting the account) takes it exclusively; what must not cross
 * such an act (a donation by them, a claim of their room, a new push device) takes it shared.
 *
 * The person's row lock alone was not enough: PostgreSQL lets a new FOR SHARE join the ones
 * already on a row without queueing behind a waiting FOR NO KEY UPDATE, so eight donors whose
 * donations were being matched to one distributor kept the row share-locked without a gap and
 * that distributor's suspension waited for ever. An advisory lock is queued fairly: once the
 * suspension waits, new shared requests wait behind it. The row locks stay (they make the
 * suspension read what the claims committed); this lock only comes first.
 *
 * The key is (a constant, hashtext(id)): two people sharing a hash only wait for each other.
 */
const PERSON_LOCK_SPACE = 0x416c6d51; // 'AlmQ'

/** Shared person locks for every id, in one statement (shared locks cannot deadlock each other). */
export async function lockPeopleShared(tx: Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock_shared(${PERSON_LOCK_SPACE}::int4, hashtext(id))
        from unnest(${sql`array[${sql.join(
          ids.map((id) => sql`${id}::text`),
          sql`, `,
        )}]`}) as id`,
  );
}

/** The person's lock, exclusively: waits for every shared holder and makes new ones wait. */
export async function lockPersonExclusive(tx: Tx, id: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${PERSON_LOCK_SPACE}::int4, hashtext(${id}::text))`,
  );
}
