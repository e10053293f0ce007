import type { Consent } from '@almquest/contracts/privacy';
import { eq, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../../db/client';
import { consentReceipts, users } from '../../db/schema';

/**
 * Keeps a person's acceptance of the privacy notice (decision 043): the version on their account,
 * for the session to compare with the current one, and a receipt (version, the language they
 * read it in, the 18-or-over confirmation, the time) that proves it.
 */
export async function recordConsent(
  db: Tx | AppDb,
  userId: string,
  consent: Consent,
): Promise<boolean> {
  // One transaction: the update locks the person, so an account deleted meanwhile either waits
  // for the receipt or leaves nothing to write it for (no foreign-key failure, no 500).
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ privacyNotice: consent.notice, privacyAcceptedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ locale: users.locale });
    if (!row) return false;
    await tx.insert(consentReceipts).values({
      userId,
      notice: consent.notice,
      locale: row.locale,
      isAdult: consent.isAdult,
    });
    return true;
  });
}
