import pg from 'pg';
import type { Logger } from '../logger';
import { listenWithReconnect } from '../db/listener';
import { type Delivery, LocalHub } from './hub';

const CHANNEL = 'almquest_live';

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
export function createLocalLiveEvents(): LiveEvents {
  const hub = new LocalHub();
  return {
    hub,
    publish(deliveries) {
      for (const delivery of deliveries) hub.deliver(delivery);
    },
    endUser: (userId) => hub.closeUser(userId),
    close: async () => undefined,
  };
}

/**
 * Several processes sharing one PostgreSQL: each event is sent with NOTIFY after its transaction
 * committed, and every process LISTENs on a connection of its own and hands it to its local
 * connections, so a user gets it whichever process they are connected to. The listening
 * connection reconnects by itself after the database comes back.
 */
export async function createPostgresLiveEvents(url: string, logger: Logger): Promise<LiveEvents> {
  const hub = new LocalHub();
  const sender = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 3000 });
  sender.on('error', () => undefined);
  const listener = listenWithReconnect(url, CHANNEL, {
    onMessage: (payload) => {
      try {
        const message = JSON.parse(payload) as Delivery | { endUser: string };
        if ('endUser' in message) hub.closeUser(message.endUser);
        else hub.deliver(message);
      } catch (err) {
        logger.warn({ err }, 'bad live event payload');
      }
    },
    onState: (isListening) => {
      if (!isListening) logger.warn('live events connection lost; reconnecting');
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
      for (const delivery of deliveries) {
        sender
          .query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(delivery)])
          .catch((err: unknown) =>
            logger.warn(
              { err },
              'could not send a live event; the client will catch up on reconnect',
            ),
          );
      }
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
