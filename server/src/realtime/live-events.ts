import pg from 'pg';
import type { Logger } from '../logger';
import { listenWithReconnect } from '../db/listener';
import { type Delivery, LocalHub } from './hub';

const CHANNEL = 'almquest_live';
/** How often the listening connection checks it is still heard (it gives up after half). */
const LISTENER_HEARTBEAT_MS = 4000;

/**
 * The live-events adapter: carries deliveries (already presented events, each for one user) to
 * that user's open streams, in this process or any other. It knows nothing of what an event
 * means; the notifications module presents them (see notifications/notifier.ts).
 */
export type LiveEvents = {
  hub: LocalHub;
  /** Called after the transaction that wrote them has committed. */
  publish(deliveries: Delivery[]): void;
  /** Ends a person's open streams in every process (they were suspended). */
  endUser(userId: string): void;
  close(): Promise<void>;
};

/** One process (PGlite, or tests): events go straight to this process's connections. */
export function createLocalLiveEvents(options: { streamLimit?: number } = {}): LiveEvents {
  const hub = new LocalHub(options.streamLimit);
  return {
    hub,
    publish(deliveries) {
      for (const delivery of deliveries) hub.deliver(delivery);
    },
    endUser: (userId) => hub.closeUser(userId),
    close: async () => undefined,
  };
}

/** What a notification's trigger says when it is written (db/functions/almquest_live_notify.sql). */
type Written = { n: number; u: string; p: string | null };

/**
 * Several processes sharing one PostgreSQL. Each notification's own transaction sends a NOTIFY
 * naming it (a trigger, db/functions/almquest_live_notify.sql), which PostgreSQL hands to every listening process when
 * that transaction commits: nothing is sent after the commit, so nothing can be lost or fall
 * behind under load. Every process LISTENs on a connection of its own; for a person with a
 * stream open here it reads the notifications named (a batch at a time) and hands them on. The
 * process that wrote them hands them on at once, from memory. The listening connection checks
 * that it is heard, reconnects by itself, and once back every open stream catches up from the
 * stored notifications, so what was said while it was away is not lost either.
 */
export async function createPostgresLiveEvents(
  url: string,
  logger: Logger,
  {
    load,
    streamLimit,
    heartbeatMs,
  }: {
    /** Reads notifications by inner id and presents them. */
    load: (ids: number[]) => Promise<Delivery[]>;
    streamLimit?: number;
    heartbeatMs?: number;
  },
): Promise<LiveEvents> {
  const hub = new LocalHub(streamLimit);
  // Only for ending a suspended person's streams in other processes (rare).
  const sender = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 4000 });
  sender.on('error', () => undefined);
  let pending: number[] = [];
  let isLoading = false;
  let wasCutOff = false;
  const loadPending = async () => {
    if (isLoading || pending.length === 0) return;
    isLoading = true;
    const ids = pending.filter((id) => !hub.wasDelivered(id));
    pending = [];
    try {
      for (const delivery of await load(ids)) hub.deliver(delivery);
    } catch (err) {
      // Busy or away: every open stream reads what it missed from the stored notifications,
      // trying again until the database answers.
      logger.warn({ err }, 'could not read live events; streams will catch up');
      hub.gapAll();
      // While the listener is down, catching up waits for it: what is written meanwhile is
      // only found once this process hears again.
      if (!wasCutOff) hub.catchUpAll();
    } finally {
      isLoading = false;
      if (pending.length > 0) void loadPending();
    }
  };
  const listener = listenWithReconnect(url, CHANNEL, {
    heartbeatMs: heartbeatMs ?? LISTENER_HEARTBEAT_MS,
    onMessage: (payload) => {
      try {
        const message = JSON.parse(payload) as Written | { endUser: string };
        if ('endUser' in message) return hub.closeUser(message.endUser);
        if (hub.wasDelivered(message.n)) return;
        if (message.p) hub.packageEvent(message.p);
        if (!hub.has(message.u)) return;
        pending.push(message.n);
        // Everything that arrived in this turn of the event loop is read in one statement.
        if (pending.length === 1) setImmediate(() => void loadPending());
      } catch (err) {
        logger.warn({ err }, 'bad live event payload');
      }
    },
    onState: (isListening) => {
      if (!isListening) {
        wasCutOff = true;
        hub.gapAll();
        logger.warn('live events connection lost; reconnecting');
      } else if (wasCutOff) {
        wasCutOff = false;
        hub.catchUpAll();
      }
    },
    onConnectFailed: (err) => logger.warn({ err }, 'live events reconnect failed; trying again'),
  });
  try {
    await listener.firstConnection;
  } catch (error) {
    await listener.close();
    await sender.end();
    throw error;
  }

  return {
    hub,
    publish(deliveries) {
      // This process's own streams at once; other processes hear the commit's NOTIFY.
      for (const delivery of deliveries) hub.deliver(delivery);
    },
    endUser(userId) {
      hub.closeUser(userId);
      sender
        .query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ endUser: userId })])
        .catch((err: unknown) =>
          logger.warn({ err }, 'could not end a suspended person’s streams in other processes'),
        );
    },
    close: async () => {
      await listener.close();
      await sender.end();
    },
  };
}
