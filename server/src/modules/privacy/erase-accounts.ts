import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';
import { AppError } from '../../errors';
import { deleteAccount } from '../users/users.service';

export type ErasureOutcome =
  | { ref: string; outcome: 'erased'; userId: string }
  | { ref: string; outcome: 'not-found' }
  | { ref: string; outcome: 'refused'; reason: string };

/**
 * The operator's erasure (`npm run erase-account`; decision 043): each account named by its id
 * or e-mail deleted exactly as its person would delete it (users.service deleteAccount), e.g. again
 * after a restore from a backup made before they left, or on a request by e-mail. One account's
 * refusal (a package under way, a suspension) does not stop the others.
 */
export async function eraseAccounts(db: AppDb, refs: string[]): Promise<ErasureOutcome[]> {
  const outcomes: ErasureOutcome[] = [];
  for (const given of refs) {
    const ref = given.trim();
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select id from users
           where id::text = ${ref.toLowerCase()} or lower(email) = ${ref.toLowerCase()}`,
    );
    if (!row) {
      outcomes.push({ ref, outcome: 'not-found' });
      continue;
    }
    try {
      await deleteAccount(db, row.id);
      outcomes.push({ ref, outcome: 'erased', userId: row.id });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ ref, outcome: 'refused', reason: error.message });
    }
  }
  return outcomes;
}
