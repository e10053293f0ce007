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
  tx: Tx | AppDb,
  userId: string,
  consent: Consent,
): Promise<void> {
  const [row] = await tx
    .update(users)
    .set({ privacyNotice: consent.notice, privacyAcceptedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ locale: users.locale });
  if (!row) return;
  await tx.insert(consentReceipts).values({
    userId,
    notice: consent.notice,
    locale: row.locale,
    isAdult: consent.isAdult,
  });
}
