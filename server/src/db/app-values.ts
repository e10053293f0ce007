import { eq } from 'drizzle-orm';
import type { AppDb } from './client';
import { appState } from './schema';

/**
 * A value the server makes once and keeps (generated keys and secrets): the first process to ask
 * stores `make()`; every later ask, in any process, reads that same value back.
 */
export async function keptValue(db: AppDb, key: string, make: () => string): Promise<string> {
  await db.insert(appState).values({ key, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, key));
  if (!row) throw new Error(`app_state has no ${key} after storing it`);
  return row.value;
}
