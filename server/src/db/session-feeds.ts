import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { type ChannelListener, listenWithReconnect } from './listener';
import { type ChangeFeed, SESSION_CHANNEL, SESSION_LISTENER_NAME } from './session-cache';

/** How often a process checks it still hears the channel (a miss of three drops the memory). */
const HEARTBEAT_MS = 2000;

/**
 * PostgreSQL: a connection of this process's own LISTENs on the channel and reconnects by itself
 * (db/listener.ts), named so that a fence can count the processes that hear it.
 */
export function postgresChangeFeed(url: string, pool: pg.Pool): ChangeFeed {
  let listener: ChannelListener | null = null;
  return {
    heartbeatMs: HEARTBEAT_MS,
    start(onMessage, onState, listenerId) {
      listener = listenWithReconnect(url, SESSION_CHANNEL, {
        onMessage,
        onState,
        applicationName: `${SESSION_LISTENER_NAME}:${listenerId}`,
      });
    },
    restart: () => listener?.restart(),
    async announce(payload) {
      const { rows } = await pool.query<{ listeners: string[] }>(
        `select pg_notify($1, $2), array(
           select substr(application_name, length($3) + 2) from pg_stat_activity
           where datname = current_database() and starts_with(application_name, $3 || ':')
         ) as listeners`,
        [SESSION_CHANNEL, payload, SESSION_LISTENER_NAME],
      );
      return rows[0]?.listeners ?? [];
    },
    close: async () => listener?.close(),
  };
}

/** PGlite: one process, one connection; its own listener hears every commit. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  let unlisten: (() => Promise<void>) | undefined;
  let isClosed = false;
  let self = '';
  return {
    start(onMessage, onState, listenerId) {
      self = listenerId;
      client
        .listen(SESSION_CHANNEL, onMessage)
        .then((stop) => {
          unlisten = stop;
          if (!isClosed) onState(true);
        })
        .catch(() => onState(false));
    },
    async announce(payload) {
      await client.query('select pg_notify($1, $2)', [SESSION_CHANNEL, payload]);
      return [self];
    },
    async close() {
      isClosed = true;
      await unlisten?.().catch(() => undefined);
    },
  };
}
