import { realpathSync } from 'node:fs';
import path from 'node:path';
import { chmod, mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import {
  drizzle as drizzleNodePg,
  NodePgSession,
  type NodePgSessionOptions,
} from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { errorChain, isDatabaseUnavailable } from '../errors';
import { lockDataDir } from './data-dir-lock';
import { finishRestore, removeAbandoned } from './restore-journal';
import * as schema from './schema';
import { type ChangeFeed, createSessionCache, type SessionCache } from './session-cache';
import { pgliteChangeFeed, postgresChangeFeed } from './session-feeds';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      maxConnections?: number;
      /** How long anything may wait: 'request' (the default) or 'long' (migrations, seeding). */
      limits?: LimitsName;
    }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** A saved data folder (PGlite's dumpDataDir) to start from, in memory: the tests'. */
      loadDataDir?: Blob;
    };

/**
 * How long a PostgreSQL connection waits before it gives up. The server cancels a
 * statement, a lock wait or a transaction left idle; this side gives up on a connection or a
 * statement that gets no answer at all (a silent network, where nothing reaches the server),
 * destroys that socket and frees its slot. Every route then answers within about 5 s (503 with
 * Retry-After) however the database fails. Long jobs get their own, larger limits.
 */
export const DATABASE_LIMITS = {
  request: {
    /** Waiting for a pooled connection, or for a new one to answer its start-up. */
    connectMs: 4000,
    /** Server side: one statement (the slowest route's statement takes tens of ms). */
    statementMs: 3000,
    lockMs: 3000,
    idleInTransactionMs: 15_000,
    /** This side: no answer to a statement, whatever the reason; above statementMs. */
    answerMs: 4000,
  },
  long: {
    connectMs: 30_000,
    statementMs: 30 * 60_000,
    lockMs: 10 * 60_000,
    idleInTransactionMs: 10 * 60_000,
    answerMs: 31 * 60_000,
  },
} as const;
export type LimitsName = keyof typeof DATABASE_LIMITS;

/** One open database, whichever engine is behind it. */
export type Database = {
  db: AppDb;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Sessions this process has checked, kept until they end (db/session-cache.ts). */
  sessions: SessionCache;
  /** The PostgreSQL pool's connections open and idle, and requests waiting for one (PGlite: none). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** The embedded database itself (backups dump it); null on PostgreSQL. */
  pglite: PGlite | null;
  close(): Promise<void>;
};

export type OpenOptions = {
  /** Where the session cache says that another process may not have heard of an ended session. */
  onWarning?: (message: string) => void;
};

/** A Database around either driver's Drizzle handle: retries, a ping, and how to close it. */
function databaseOf(
  kind: Database['kind'],
  handle: unknown,
  feed: ChangeFeed,
  close: () => Promise<void>,
  { onWarning }: OpenOptions,
  poolStats: Database['poolStats'] = () => null,
  pglite: PGlite | null = null,
): Database {
  const db = retryConflicts(handle as AppDb);
  const sessions = createSessionCache(feed, { ...(onWarning ? { onWarning } : {}) });
  return {
    db,
    kind,
    // The schema's own table, not just "select 1": a database emptied under a running server
    // (dropped and created again, restored wrong) answers, but is not one to serve from.
    ping: async () => {
      await db.execute(sql`select 1 from app_migrations limit 1`);
    },
    sessions,
    poolStats,
    pglite,
    close: async () => {
      await sessions.close();
      await close();
    },
  };
}

/**
 * The database URL without an `application_name` of its own, which node-postgres would let win
 * over the pool's: the name is how a restore tells that a server is connected (ops/backup.ts).
 */
function withoutApplicationName(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.searchParams.has('application_name')) return url;
    parsed.searchParams.delete('application_name');
    return parsed.href;
  } catch {
    return url; // not a URL node-postgres reads as one either: it says so when connecting
  }
}

/**
 * Opens PGlite (embedded, under dataDir, or in memory when dataDir is null) or a PostgreSQL pool.
 * Both speak the same SQL and get the same migrations.
 */
export async function openDatabase(
  options: DatabaseOptions,
  openOptions: OpenOptions = {},
): Promise<Database> {
  if (options.kind === 'postgres') {
    const limits = DATABASE_LIMITS[options.limits ?? 'request'];
    const pool = new pg.Pool({
      connectionString: withoutApplicationName(options.url),
      max: options.maxConnections ?? 10,
      // Named, so a restore can tell that a server is still using the database (ops/backup.ts).
      application_name: 'almquest',
      // Bounds the wait for a connection: a burst of requests queues for a free one (node-postgres
      // counts that wait too), a new connection whose server never answers is given up.
      connectionTimeoutMillis: limits.connectMs,
      idleTimeoutMillis: 30_000,
      statement_timeout: limits.statementMs,
      lock_timeout: limits.lockMs,
      idle_in_transaction_session_timeout: limits.idleInTransactionMs,
      query_timeout: limits.answerMs,
      // The OS probes a connection that has been quiet, so a peer gone for good is noticed.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    // Nor may one checked out for a transaction (the pool listens only to idle ones): its query
    // fails with the lost connection and the request answers 503.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return databaseOf(
      'postgres',
      releasingTransactions(drizzleNodePg(pool, { schema }), pool),
      postgresChangeFeed(options.url, pool),
      () => pool.end(),
      openOptions,
      () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    );
  }

  if (options.dataDir) {
    // The database's own folder: its owner's only, as PostgreSQL insists for its data directory
    // (PGlite writes its files readable by anyone; the folder keeps them from everyone else).
    await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    await chmod(options.dataDir, 0o700);
  }
  // One process per folder (see data-dir-lock.ts); refused before PGlite touches it.
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  if (options.dataDir) {
    // A restore killed part-way is finished before PGlite looks at the folder: opened as it was,
    // half a database would become a new empty one (db/restore-journal.ts).
    try {
      const finished = finishRestore(options.dataDir);
      // The staging copy of a restore that was stopped before its exchange: people's data.
      removeAbandoned(options.dataDir, '.restoring-');
      // ... also as a restore through another name of the folder (a symlink) named it.
      const real = realpathSync(options.dataDir);
      if (real !== path.resolve(options.dataDir)) removeAbandoned(real, '.restoring-');
      if (finished) {
        openOptions.onWarning?.(
          `A restore into ${options.dataDir} had been interrupted; it is finished now${finished.keptAt ? ` (the database that was there is kept at ${finished.keptAt})` : ''}.`,
        );
      }
    } catch (error) {
      unlock();
      throw error;
    }
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      // By its real path: PGlite cannot open a folder named through a symlink.
      ...(options.dataDir ? { dataDir: realpathSync(options.dataDir) } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { cube, earthdistance, pg_trgm },
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const pglite = client;
  return databaseOf(
    'pglite',
    drizzlePglite(pglite, { schema }),
    pgliteChangeFeed(pglite),
    async () => {
      try {
        await pglite.close();
      } finally {
        unlock();
      }
    },
    openOptions,
    () => null,
    pglite,
  );
}

/**
 * Makes every transaction on the pool give its connection back, however it ends.
 *
 * Drizzle 0.45's node-postgres `transaction()` sends BEGIN before the `try` whose `finally`
 * releases the pooled connection (drizzle-orm issues 6023, 6241, 6341; unfixed in 0.45.4). When
 * the database goes away between checking a connection out and BEGIN, that connection is never
 * given back; ten of those and the pool has none left, and every request waits for one until
 * the process restarts. CI's fault test (a cut while donations were in flight) found it.
 *
 * Here the pool's connection is checked out by this code, Drizzle runs its transaction on that
 * one connection (it releases nothing then), and `finally` always releases it. A connection
 * that broke on the way is not queryable, and the pool closes it instead of lending it again.
 * Remove this once Drizzle releases a fix for issue 6023.
 */
function releasingTransactions(handle: AppDb, pool: pg.Pool): AppDb {
  type Transactional = { transaction: AppDb['transaction'] };
  const session = handle._.session as unknown as Transactional;
  // What Drizzle built its session from (private fields), to build one on a single connection.
  const {
    dialect,
    schema: relations,
    options,
  } = handle._.session as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: NodePgSessionOptions;
  };
  // A Drizzle that renamed them would lose the schema or the logger quietly: refuse to start.
  if (!dialect || !relations || !options) {
    throw new Error('drizzle-orm changed its node-postgres session; see releasingTransactions');
  }
  session.transaction = async (work, config) => {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      const onOneClient = new NodePgSession(giveUpWhole(client), dialect, relations, options);
      return await (onOneClient as unknown as Transactional).transaction(work, config);
    } catch (error) {
      // Lost or silent (the error handler's own test): the pool must not lend it again.
      if (error instanceof Error && isDatabaseUnavailable(error)) failure = error;
      throw error;
    } finally {
      // A connection that broke, or that stopped answering, is closed rather than lent again.
      client.release(failure);
    }
  };
  return handle;
}

/**
 * A pooled connection whose statement got no answer in time is dropped at once: its socket is
 * destroyed, so the transaction's ROLLBACK fails at once too instead of waiting behind the
 * statement that will never be answered (the server rolls back a transaction whose connection
 * is gone).
 */
function giveUpWhole(client: pg.PoolClient): pg.PoolClient {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const drop = (error: unknown) => {
    if (error instanceof Error && /Query read timeout/.test(error.message))
      (
        client as unknown as { connection: { stream: { destroy(): void } } }
      ).connection.stream.destroy();
    throw error;
  };
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
      return (...args: unknown[]) => query(...args).catch(drop);
    },
  });
}

/**
 * SQLSTATEs that mean "this transaction lost a race, run it again": serialization_failure and
 * deadlock_detected. PostgreSQL rolled it back whole, so nothing of it was written.
 */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
const TRANSACTION_ATTEMPTS = 4;

/**
 * The SQLSTATEs of an error and its causes (Drizzle wraps the driver's error), outermost first.
 * Every "is this a …" check below reads them from here.
 */
function sqlStates(error: unknown): { code: string; constraint?: unknown; message?: unknown }[] {
  const found = [];
  for (const err of errorChain(error)) {
    if (typeof err.code === 'string') found.push({ ...err, code: err.code });
  }
  return found;
}

/** True when an error (or its cause) is a serialization failure or a deadlock. */
export function isRetryableConflict(error: unknown): boolean {
  return sqlStates(error).some((e) => RETRYABLE_CODES.has(e.code));
}

/**
 * Makes `db.transaction` run a transaction again (up to four times in all, after a short random
 * pause) when PostgreSQL aborts it for a serialization failure or a deadlock. Transactions here
 * publish nothing until they have committed, so running one again is safe.
 *
 * Lock order. Matching locks its package, takes the distributor's person row shared (read at its
 * latest: not suspended), then claims the distributor row; a donation takes the donor's person
 * row shared, then the donor row; both take the person's advisory lock shared before that
 * (db/person-lock.ts, decision 016). Whatever acts on a whole person (a suspension, deleting an
 * account) takes that advisory lock exclusively, then the person's row with a no-key update
 * (notifications' key-share locks pass it), then the person's packages by id, then the role
 * rows. Marking a package locks the package, then its rows.
 * Keeping these orders makes deadlocks rare; the retry handles the rest without a 500.
 */
function retryConflicts(db: AppDb): AppDb {
  const runOnce = db.transaction.bind(db);
  const transaction: AppDb['transaction'] = (work, config) =>
    runAgainOnConflict(() => runOnce(work, config));
  db.transaction = transaction;
  return db;
}

/**
 * Runs `once` (a transaction, or one statement that is its own) again, after a short random
 * pause, when PostgreSQL aborted it for a serialization failure or a deadlock: up to four times.
 */
export async function runAgainOnConflict<T>(once: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once();
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/** A database handle or an open transaction: anything that can run a statement. */
export type Executor = Pick<AppDb, 'execute'>;

/** A time from raw SQL (PGlite answers a Date, node-postgres a string) as ISO 8601. */
export const isoOf = (value: Date | string) => new Date(value).toISOString();

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs a statement prepared once per connection under `name` (PostgreSQL; PGlite runs it as it
 * is) and returns its rows, as each driver parses them. The text is written once, with $1..$n:
 * no query builder runs at each call (Drizzle's select builder cost a match 60-100 us
 * of JavaScript, a tenth of the whole). For the few statements on the hottest paths.
 */
export async function queryPrepared<T>(
  executor: Pick<AppDb, '_'>,
  statement: { name: string; text: string },
  params: unknown[],
): Promise<T[]> {
  const result = (await executor._.session
    .prepareQuery({ sql: statement.text, params }, undefined, statement.name, false)
    .execute()) as { rows: T[] };
  return result.rows;
}

/** An open transaction on AppDb. */
export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

/** True when an error (or its cause) is a PostgreSQL unique violation on the named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return sqlStates(error).some(
    (e) =>
      e.code === '23505' &&
      (!constraint ||
        e.constraint === constraint ||
        (typeof e.message === 'string' && e.message.includes(constraint))),
  );
}

/**
 * True when an error (or its cause) is a statement cancelled by statement_timeout (57014) or a
 * lock not granted within lock_timeout (55P03).
 */
export function isStatementTimeout(error: unknown): boolean {
  return sqlStates(error).some((e) => e.code === '57014' || e.code === '55P03');
}

/** True when an error (or its cause) is a PostgreSQL foreign-key violation (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlStates(error).some((e) => e.code === '23503');
}

/**
 * A statement prepared once per database handle (hot reads on every request): Drizzle builds its
 * SQL once, and PostgreSQL parses and plans it once per connection instead of on every call.
 */
export function preparedPerDb<T>(prepare: (db: AppDb) => T): (db: AppDb) => T {
  const byDb = new WeakMap<AppDb, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}
