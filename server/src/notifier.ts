import type { NotificationRow } from './db/rows';

/**
 * Told about notification rows once their transaction has committed. Services and matching call
 * it; the live-events adapter behind it carries them to connected browsers.
 */
export type Notifier = { notify(rows: NotificationRow[]): void };
