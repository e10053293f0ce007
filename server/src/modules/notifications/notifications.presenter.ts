import {
  type LiveEvent,
  NOTIFICATION_TEXT,
  type Notification,
} from '@almquest/contracts/notifications';
import type { NotificationRow } from '../../db/rows';
import type { Delivery } from '../../realtime/hub';
import { presentPicture } from '../users/users.presenter';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.publicId,
    packageId: row.packageId,
    photo: presentPicture(row.photo),
    state: row.state,
    user_type: row.userType,
    kind: row.kind,
    // English, for SPEC's live message and other clients; ours say `kind` in the reader's words.
    message: NOTIFICATION_TEXT[row.kind],
    about:
      row.packageQuantity !== null && row.packageAddress !== null && row.packageDonatedAt
        ? {
            quantity: row.packageQuantity,
            address: row.packageAddress,
            donatedAt: row.packageDonatedAt.toISOString(),
            counterpartName: row.counterpartName,
            donation:
              row.donationId !== null && row.donationQuantity !== null
                ? { id: row.donationId, quantity: row.donationQuantity }
                : null,
          }
        : null,
    timestamp: row.createdAt.toISOString(),
    isSeen: row.isSeen,
  };
}

/** The event a notification becomes on the wire (SPEC live message, plus what the client needs). */
export function toLiveEvent(row: NotificationRow): LiveEvent {
  const notification = presentNotification(row);
  return {
    message: notification.message,
    photo: notification.photo,
    pid: notification.packageId,
    state: notification.state,
    timestamp: notification.timestamp,
    notification,
  };
}

/**
 * A notification as the live-events adapter carries it: to its user, in the order of its inner
 * id (never sent to a browser), under its public id.
 */
export function toDelivery(row: NotificationRow): Delivery {
  return { id: row.id, publicId: row.publicId, userId: row.userId, event: toLiveEvent(row) };
}
