import type { Notification } from '@almquest/contracts/notifications';
import type { Executor, Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { presentPicture } from '../users/users.presenter';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** Writes notification rows inside the caller's transaction; they are published after commit. */
export async function insertNotifications(
  tx: Tx | Executor,
  rows: NewNotification[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return (tx as Tx).insert(notifications).values(rows).returning();
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    packageId: row.packageId,
    photo: presentPicture(row.photo),
    state: row.state,
    user_type: row.userType,
    message: row.message,
    timestamp: row.createdAt.toISOString(),
    isSeen: row.isSeen,
  };
}

/** Told about notifications once their transaction has committed (the live push, issue #5). */
export type Notifier = { notify(rows: NotificationRow[]): void };
export const silentNotifier: Notifier = { notify: () => undefined };
