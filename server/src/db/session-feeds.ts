import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type ChangeFeed, SESSION_CHANNEL, SESSION_LISTENER_NAME } from './session-cache';

const RECONNECT_MS = 1000;
/** How often a process checks it still hears the channel (a miss of three drops the memory). */
const HEARTBEAT_MS = 2000;

/**
 * PostgreSQL: a connection of this process's own LISTENs on the channel and reconnects by itself.
 * It names itself only after LISTEN has taken effect, so a fence never counts a process that
 * cannot hear it yet.
 */
export function postgresChangeFeed(url: string, pool: pg.Pool): ChangeFeed {
  let client: pg.Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | undefined;
  let onLost: (lostClient: pg.Client) => void = () => undefined;
  return {
    heartbeatMs: HEARTBEAT_MS,
    start(onMessage, onState) {
      onLost = (lostClient) => {
        if (client !== lostClient) return;
        client = null;
        onState(false);
        endSoon(lostClient);
        scheduleConnect();
      };
      const connect = async () => {
        const next = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: 3000,
          // A peer gone without a word is noticed by the heartbeat (session-cache.ts); the OS's
          // probes are the second line.
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
        });
        next.on('notification', (message) => {
          if (message.channel === SESSION_CHANNEL && message.payload) onMessage(message.payload);
        });
        next.on('error', () => onLost(next));
        next.on('end', () => onLost(next));
        try {
          await next.connect();
          await next.query(`listen ${SESSION_CHANNEL}`);
          await next.query(`set application_name = '${SESSION_LISTENER_NAME}'`);
        } catch (error) {
          endSoon(next);
          throw error;
        }
        if (isClosed) {
          endSoon(next);
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
    restart() {
      if (client) onLost(client);
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
      if (last) await endSoon(last);
    },
  };
}

/** Ends a connection, or drops its socket when a dead peer would keep end() waiting. */
function endSoon(client: pg.Client): Promise<void> {
  return Promise.race([
    client.end().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, 1000).unref()),
  ]).then(() => {
    (
      client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy();
  });
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
