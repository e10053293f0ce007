import { randomUUID } from 'node:crypto';
import type { UserRow } from './rows';

/** The channel the `almquest_session_changed` trigger (migration 0017) speaks on. */
export const SESSION_CHANNEL = 'almquest_sessions';
/** The application_name of every listening connection, so a fence can count them. */
export const SESSION_LISTENER_NAME = 'almquest-sessions';

/**
 * How a process hears of ended sessions: a LISTEN connection of its own on PostgreSQL, PGlite's
 * listener in the embedded database. Payloads come in commit order.
 */
export type ChangeFeed = {
  /** Starts listening; `onState(true)` once every later commit is heard, `false` when cut off. */
  start(onMessage: (payload: string) => void, onState: (isListening: boolean) => void): void;
  /** Sends a payload on the channel; answers how many processes listen on it now. */
  announce(payload: string): Promise<number>;
  /**
   * How often the process checks that it still hears the channel (a connection can die without
   * a word: a dropped NAT entry), or none where it cannot (PGlite, in the process).
   */
  heartbeatMs?: number;
  /** Drops the listening connection and connects again (it stopped hearing its own beats). */
  restart?(): void;
  close(): Promise<void>;
};

export type SessionRecord = { user: UserRow; expiresAt: Date };

export type SessionCacheOptions = {
  maxEntries?: number;
  /** A safety net only: invalidation is what keeps entries right. */
  ttlMs?: number;
  /** How long a fence waits for the other processes before it gives up (and says so). */
  fenceTimeoutMs?: number;
  onWarning?: (message: string) => void;
};

export type SessionCache = {
  /**
   * The user behind a session (by its token's hash): from memory while this process listens for
   * changes, else from `load` (one query), which is remembered unless something changed meanwhile.
   */
  lookup(idHash: string, load: () => Promise<SessionRecord | null>): Promise<UserRow | null>;
  /**
   * The user behind a session when memory has it and may serve it now, without waiting for
   * anything (a signed-in read goes on in the same tick); undefined when only `lookup` can say.
   */
  peek(idHash: string): UserRow | undefined;
  /**
   * Resolves once every server process has heard of every session or person change committed
   * before the call: a request that ended a session calls it before it answers, so no process
   * honours the session afterwards.
   */
  fence(): Promise<void>;
  /** Starts listening for changes now rather than at the first lookup (a server at start-up). */
  listen(): void;
  close(): Promise<void>;
  readonly stats: { hits: number; misses: number };
};

type Entry = { user: UserRow; expiresAt: number; cachedAt: number };
type Fence = { expected: number; acks: Set<string>; done: () => void };

/**
 * The per-process session cache of issue #21 (docs/decisions/017-session-cache.md): an
 * authenticated read costs no query for its session. Entries are dropped by person when the
 * trigger says their sessions or their row changed, all of them whenever the listening
 * connection drops, and none is served while it is down.
 */
export function createSessionCache(
  feed: ChangeFeed,
  {
    maxEntries = 20_000,
    ttlMs = 5 * 60_000,
    fenceTimeoutMs = 3_000,
    onWarning = () => undefined,
  }: SessionCacheOptions = {},
): SessionCache {
  const entries = new Map<string, Entry>();
  const byUser = new Map<string, Set<string>>();
  const fences = new Map<string, Fence>();
  const processId = randomUUID();
  const stats = { hits: 0, misses: 0 };
  let isListening = false;
  let isStarted = false;
  let isClosed = false;
  // Counts every change heard: a lookup whose query raced a change does not remember its answer.
  let epoch = 0;
  let listening: Promise<void> = Promise.resolve();
  let onListening = () => undefined as void;
  // When this process last heard its own beat: memory serves only while that is recent.
  let lastHeard = 0;
  let beat: NodeJS.Timeout | undefined;
  const heartbeatMs = feed.heartbeatMs;
  const isHearing = () =>
    isListening && (heartbeatMs === undefined || Date.now() - lastHeard < heartbeatMs * 3);

  const drop = (idHash: string) => {
    const entry = entries.get(idHash);
    if (!entry) return;
    entries.delete(idHash);
    const hashes = byUser.get(entry.user.id);
    hashes?.delete(idHash);
    if (hashes?.size === 0) byUser.delete(entry.user.id);
  };
  const forgetAll = () => {
    epoch++;
    entries.clear();
    byUser.clear();
  };
  const forgetUser = (userId: string) => {
    epoch++;
    for (const idHash of [...(byUser.get(userId) ?? [])]) drop(idHash);
  };

  const onMessage = (payload: string) => {
    if (payload === `beat:${processId}`) {
      lastHeard = Date.now();
    } else if (payload.startsWith('beat:')) {
      // Another process's beat.
    } else if (payload.startsWith('fence:')) {
      // Everything committed before this fence has been heard (commit order): say so.
      const nonce = payload.slice('fence:'.length);
      feed
        .announce(`ack:${nonce}:${processId}`)
        .catch(() => onWarning('could not answer a session fence'));
    } else if (payload.startsWith('ack:')) {
      const [, nonce = '', from = ''] = payload.split(':');
      const fence = fences.get(nonce);
      if (!fence) return;
      fence.acks.add(from);
      if (fence.acks.size >= fence.expected) fence.done();
    } else {
      forgetUser(payload);
    }
  };
  const onState = (isUp: boolean) => {
    forgetAll();
    isListening = isUp && !isClosed;
    lastHeard = Date.now();
    if (isListening) onListening();
  };
  /** Beats on the channel; a listener that stopped hearing them is dropped and connected again. */
  const startBeating = (everyMs: number) => {
    beat = setInterval(() => {
      if (!isListening) return;
      if (Date.now() - lastHeard >= everyMs * 3) {
        onWarning('session listener hears nothing; reconnecting');
        onState(false);
        feed.restart?.();
        return;
      }
      feed.announce(`beat:${processId}`).catch(() => undefined);
    }, everyMs);
    beat.unref();
  };
  const start = () => {
    if (isStarted || isClosed) return;
    isStarted = true;
    listening = new Promise<void>((resolve) => {
      onListening = resolve;
    });
    feed.start(onMessage, onState);
    if (heartbeatMs !== undefined) startBeating(heartbeatMs);
  };

  /** A cached user that may be served now; a stale entry is dropped. */
  const peek = (idHash: string): UserRow | undefined => {
    start();
    const now = Date.now();
    const entry = isHearing() ? entries.get(idHash) : undefined;
    if (!entry) return undefined;
    if (entry.expiresAt > now && now - entry.cachedAt < ttlMs) {
      stats.hits++;
      // Most recently used last, so the oldest is the first to go when full.
      entries.delete(idHash);
      entries.set(idHash, entry);
      return entry.user;
    }
    drop(idHash);
    return undefined;
  };

  return {
    stats,
    listen: start,
    peek,
    async lookup(idHash, load) {
      const cached = peek(idHash);
      if (cached) return cached;
      stats.misses++;
      const before = epoch;
      const wasHearing = isHearing();
      const record = await load();
      if (record && wasHearing && isHearing() && epoch === before) {
        while (entries.size >= maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest === undefined) break;
          drop(oldest);
        }
        entries.set(idHash, {
          user: record.user,
          expiresAt: record.expiresAt.getTime(),
          cachedAt: Date.now(),
        });
        const hashes = byUser.get(record.user.id) ?? new Set<string>();
        hashes.add(idHash);
        byUser.set(record.user.id, hashes);
      }
      return record?.user ?? null;
    },
    async fence() {
      if (isClosed) return;
      start();
      const timeout = <T>(ms: number, value: T) =>
        new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());
      if (!(await Promise.race([listening.then(() => true), timeout(fenceTimeoutMs, false)]))) {
        onWarning('session fence: not listening; other processes may honour an ended session');
        return;
      }
      const nonce = randomUUID();
      let done = () => undefined as void;
      const heard = new Promise<boolean>((resolve) => {
        done = () => resolve(true);
      });
      const fence: Fence = { expected: Number.POSITIVE_INFINITY, acks: new Set(), done };
      fences.set(nonce, fence);
      try {
        fence.expected = await feed.announce(`fence:${nonce}`);
        if (fence.acks.size >= fence.expected) done();
        if (!(await Promise.race([heard, timeout(fenceTimeoutMs, false)]))) {
          onWarning(
            `session fence: ${fence.acks.size} of ${fence.expected} processes answered in time`,
          );
        }
      } finally {
        fences.delete(nonce);
      }
    },
    async close() {
      isClosed = true;
      isListening = false;
      clearInterval(beat);
      forgetAll();
      for (const fence of fences.values()) fence.done();
      if (isStarted) await feed.close();
    },
  };
}
