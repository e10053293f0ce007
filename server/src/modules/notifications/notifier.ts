import type { LiveEvents } from '../../realtime/live-events';
import type { Notifier } from '../../notifier';
import type { Deliverer } from './delivery';
import { toDelivery } from './notifications.presenter';

/**
 * The notifier services and matching call once a transaction has committed: presents each row to
 * live events (open tabs), and starts sending the push and e-mail deliveries the same
 * transaction queued.
 */
export function createNotifier(
  live: Pick<LiveEvents, 'publish'>,
  deliverer?: Pick<Deliverer, 'kick'>,
): Notifier {
  return {
    notify: (rows) => {
      live.publish(rows.map(toDelivery));
      if (rows.length > 0) deliverer?.kick();
    },
  };
}
