import type { Executor, Tx } from './client';
import type { NewNotification, NotificationRow } from './rows';
import { notifications } from './schema';

/** What a notification says about its package, so a person can tell one from another. */
export function packageContext(pkg: { quantity: number; address: string; createdAt: Date }) {
  return {
    packageQuantity: pkg.quantity,
    packageAddress: pkg.address,
    packageDonatedAt: pkg.createdAt,
  };
}

/** Writes notification rows inside the caller's transaction; they are published after commit. */
export async function insertNotifications(
  tx: Tx | Executor,
  rows: NewNotification[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return (tx as Tx).insert(notifications).values(rows).returning();
}
