import type { LiveEvents } from '../../realtime/live-events';
import type { Notifier } from '../../notifier';
import { toDelivery } from './notifications.presenter';

/** The notifier services and matching call: presents each row and hands it to live events. */
export function createNotifier(live: Pick<LiveEvents, 'publish'>): Notifier {
  return { notify: (rows) => live.publish(rows.map(toDelivery)) };
}
