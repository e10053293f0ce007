import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type ChangeFeed, SESSION_CHANNEL, SESSION_LISTENER_NAME } from './session-cache';

const RECONNECT_MS = 1000;

/**
 * PostgreSQL: a connection of this process's own LISTENs on the channel and reconnects by itself.
 * It names itself only after LISTEN has taken effect, so a fence never counts a process that
 * cannot hear it yet.
 */
export function postgresChangeFeed(url: string, pool: pg.Pool): ChangeFeed {
  let client: pg.Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | undefined;
  return {
    start(onMessage, onState) {
      const lost = (lostClient: pg.Client) => {
        if (client !== lostClient) return;
        client = null;
        onState(false);
        void lostClient.end().catch(() => undefined);
        scheduleConnect();
      };
      const connect = async () => {
        const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
        next.on('notification', (message) => {
          if (message.channel === SESSION_CHANNEL && message.payload) onMessage(message.payload);
        });
        next.on('error', () => lost(next));
        next.on('end', () => lost(next));
        try {
          await next.connect();
          await next.query(`listen ${SESSION_CHANNEL}`);
          await next.query(`set application_name = '${SESSION_LISTENER_NAME}'`);
        } catch (error) {
          await next.end().catch(() => undefined);
          throw error;
        }
        if (isClosed) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        onState(true);
      };
      const scheduleConnect = () => {
        if (isClosed || retry) return;
        retry = setTimeout(() => {
          retry = undefined;
          connect().catch(scheduleConnect);
        }, RECONNECT_MS);
        retry.unref();
      };
      connect().catch(scheduleConnect);
    },
    async announce(payload) {
      const { rows } = await pool.query<{ listeners: number }>(
        `select pg_notify($1, $2), (
           select count(*)::int from pg_stat_activity
           where datname = current_database() and application_name = $3
         ) as listeners`,
        [SESSION_CHANNEL, payload, SESSION_LISTENER_NAME],
      );
      return rows[0]?.listeners ?? 0;
    },
    async close() {
      isClosed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

/** PGlite: one process, one connection; its own listener hears every commit. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  let unlisten: (() => Promise<void>) | undefined;
  let isClosed = false;
  return {
    start(onMessage, onState) {
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
      return 1;
    },
    async close() {
      isClosed = true;
      await unlisten?.().catch(() => undefined);
    },
  };
}
