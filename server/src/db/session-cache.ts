import { randomUUID } from 'node:crypto';
import type { UserRow } from './rows';

/** The channel the `almquest_session_changed` trigger (db/functions/almquest_session_changed.sql) speaks on. */
export const SESSION_CHANNEL = 'almquest_sessions';
/**
 * The application_name of every listening connection, followed by `:` and its process's id, so
 * a fence can tell which processes listen.
 */
export const SESSION_LISTENER_NAME = 'almquest-sessions';

/**
 * How a process hears of ended sessions: a LISTEN connection of its own on PostgreSQL, PGlite's
 * listener in the embedded database. Payloads come in commit order.
 */
export type ChangeFeed = {
  /**
   * Starts listening as `listenerId`; `onState(true)` once every later commit is heard, `false`
   * when cut off.
   */
  start(
    onMessage: (payload: string) => void,
    onState: (isListening: boolean) => void,
    listenerId: string,
  ): void;
  /** Sends a payload on the channel; answers the ids of the processes listening on it now. */
  announce(payload: string): Promise<string[]>;
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

/**
 * Values a process keeps in memory beside its sessions (a package page), each dropped
 * as soon as any id it was read from changes: the same listening connection hears it, so an entry
 * is served only while that connection hears every commit, and a fence covers it too.
 */
export type ReadCache<V> = {
  /** The value kept for a key when memory may serve it now; undefined when only `load` can say. */
  peek(key: string): V | undefined;
  /**
   * Reads the value (one query) and keeps it, under the ids it depends on, unless a change was
   * heard while it was read or `isKept` says no. A failed read keeps nothing.
   */
  load(
    key: string,
    read: () => Promise<V>,
    dependsOn: (value: V) => (string | null)[],
    isKept?: (value: V) => boolean,
  ): Promise<V>;
  /** Forgets what depends on an id this process has just changed, before it answers. */
  forget(id: string): void;
  readonly stats: { hits: number; misses: number };
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
   * Resolves once every server process has heard of every session, person or package change
   * committed before the call: a request that ended a session or changed a package calls it
   * before it answers, so no process honours the session or shows the package as it was
   * afterwards.
   */
  fence(): Promise<void>;
  /** Starts listening for changes now rather than at the first lookup (a server at start-up). */
  listen(): void;
  /** A cache of other reads kept right by the same changes (see ReadCache). */
  readCache<V>(options?: { maxEntries?: number }): ReadCache<V>;
  close(): Promise<void>;
  readonly stats: { hits: number; misses: number };
};

type Entry<V> = { value: V; dependsOn: string[]; expiresAt: number; cachedAt: number };
type Fence = { expected: Set<string> | null; acks: Set<string>; done: () => void };

/**
 * Entries by key, each filed under the ids it depends on so that a change to one id drops them
 * all; the least recently used goes first when full.
 */
class KeptEntries<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byId = new Map<string, Set<string>>();

  constructor(private readonly maxEntries: number) {}

  /** The entry if it is still good at `now` (most recently used from then on); else dropped. */
  take(key: string, now: number, ttlMs: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now && now - entry.cachedAt < ttlMs) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    this.drop(key);
    return undefined;
  }

  keep(key: string, entry: Entry<V>): void {
    this.drop(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, entry);
    for (const id of entry.dependsOn) {
      const keys = this.byId.get(id) ?? new Set<string>();
      keys.add(key);
      this.byId.set(id, keys);
    }
  }

  drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const id of entry.dependsOn) {
      const keys = this.byId.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byId.delete(id);
    }
  }

  dropDependentsOf(id: string): void {
    for (const key of [...(this.byId.get(id) ?? [])]) this.drop(key);
  }

  clear(): void {
    this.entries.clear();
    this.byId.clear();
  }
}

/**
 * The per-process session cache (docs/decisions/017-session-cache.md): an
 * authenticated read costs no query for its session. Entries are dropped by person when the
 * trigger says their sessions or their row changed, all of them whenever the listening
 * connection drops, and none is served while it is down. Read caches made from it
 * (docs/decisions/020-package-read-cache.md) hear the same changes and follow the same rules.
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
  const sessions = new KeptEntries<UserRow>(maxEntries);
  // Every cache kept right by this feed: the sessions and the read caches made from it.
  const kept: KeptEntries<unknown>[] = [sessions as KeptEntries<unknown>];
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
  // When the latest beat of its own that this process heard was sent: memory serves only while
  // that is recent. (The send time, not the arrival: a process that hears late stops serving no
  // later than the others stop waiting for it.)
  let lastHeard = 0;
  // When it last heard each other process's beat, when it first saw each listed as listening,
  // and since when it has been listening itself.
  const peersHeard = new Map<string, number>();
  const peersListed = new Map<string, number>();
  let listeningSince = 0;
  let beat: NodeJS.Timeout | undefined;
  const heartbeatMs = feed.heartbeatMs;
  const isHearing = () =>
    isListening && (heartbeatMs === undefined || Date.now() - lastHeard < heartbeatMs * 3);

  const forgetAll = () => {
    epoch++;
    for (const entries of kept) entries.clear();
  };
  /** A person, a package: whatever was read from the row with this id is dropped. */
  const forgetId = (id: string) => {
    epoch++;
    for (const entries of kept) entries.dropDependentsOf(id);
  };

  const onMessage = (payload: string) => {
    if (payload.startsWith('beat:')) {
      const [, from = '', sentAt] = payload.split(':');
      if (from === processId) lastHeard = Math.min(Date.now(), Number(sentAt) || Date.now());
      else peersHeard.set(from, Date.now());
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
      if (isAnswered(fence)) fence.done();
    } else {
      forgetId(payload);
    }
  };
  const onState = (isUp: boolean) => {
    forgetAll();
    isListening = isUp && !isClosed;
    lastHeard = Date.now();
    listeningSince = Date.now();
    if (isListening) onListening();
  };
  const isAnswered = (fence: Fence) =>
    fence.expected !== null && [...fence.expected].every((id) => fence.acks.has(id));
  /** Notes when each listening process was first seen listed (a fence or a beat lists them). */
  const noteListed = (listed: string[]) => {
    const now = Date.now();
    for (const id of listed) if (!peersListed.has(id)) peersListed.set(id, now);
  };
  /**
   * Whether a fence waits for this listening process: itself, and every other one that has given
   * a sign of life in the last three beats: a beat heard, or being listed for the first time (a
   * process just started, whose first beat is still to come), or this process's own listening
   * having just begun (it could hear nobody's beats before). One silent longer (paused, or gone
   * without its connection closing) is not waited for: it serves nothing from memory until it
   * hears a beat of its own sent after it resumed, and that comes after every change committed
   * before this fence (commit order).
   */
  const isWaitedFor = (id: string) => {
    if (id === processId || heartbeatMs === undefined) return true;
    const lastSign = Math.max(
      peersHeard.get(id) ?? 0,
      peersListed.get(id) ?? Date.now(),
      listeningSince,
    );
    return Date.now() - lastSign < heartbeatMs * 3;
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
      feed
        .announce(`beat:${processId}:${Date.now()}`)
        .then((listed) => {
          noteListed(listed);
          // Processes no longer listed are forgotten.
          const isListed = new Set(listed);
          for (const id of peersListed.keys()) {
            if (!isListed.has(id)) {
              peersListed.delete(id);
              peersHeard.delete(id);
            }
          }
        })
        .catch(() => undefined);
    }, everyMs);
    beat.unref();
  };
  const start = () => {
    if (isStarted || isClosed) return;
    isStarted = true;
    listening = new Promise<void>((resolve) => {
      onListening = resolve;
    });
    feed.start(onMessage, onState, processId);
    if (heartbeatMs !== undefined) startBeating(heartbeatMs);
  };

  /** A kept value that may be served now; a stale one is dropped. */
  const take = <V>(entries: KeptEntries<V>, key: string, counts: typeof stats): V | undefined => {
    start();
    const value = isHearing() ? entries.take(key, Date.now(), ttlMs) : undefined;
    if (value !== undefined) counts.hits++;
    return value;
  };
  /**
   * Reads and keeps what `keepOf` makes of the answer, unless this process could not hear every
   * change the whole time the query ran, or heard one meanwhile (the answer may predate it).
   */
  const readAndKeep = async <R, V>(
    entries: KeptEntries<V>,
    key: string,
    read: () => Promise<R>,
    keepOf: (answer: R) => Omit<Entry<V>, 'cachedAt'> | null,
    counts: typeof stats,
  ): Promise<R> => {
    counts.misses++;
    const before = epoch;
    const wasHearing = isHearing();
    const answer = await read();
    const entry = keepOf(answer);
    if (entry && wasHearing && isHearing() && epoch === before) {
      entries.keep(key, { ...entry, cachedAt: Date.now() });
    }
    return answer;
  };

  return {
    stats,
    listen: start,
    peek: (idHash) => take(sessions, idHash, stats),
    async lookup(idHash, load) {
      const cached = take(sessions, idHash, stats);
      if (cached) return cached;
      const record = await readAndKeep(
        sessions,
        idHash,
        load,
        (found) =>
          found && {
            value: found.user,
            dependsOn: [found.user.id],
            expiresAt: found.expiresAt.getTime(),
          },
        stats,
      );
      return record?.user ?? null;
    },
    readCache<V>({ maxEntries: size = 5_000 } = {}): ReadCache<V> {
      const entries = new KeptEntries<V>(size);
      kept.push(entries as KeptEntries<unknown>);
      const counts = { hits: 0, misses: 0 };
      return {
        stats: counts,
        peek: (key) => take(entries, key, counts),
        load: (key, read, dependsOn, isKept = () => true) =>
          readAndKeep(
            entries,
            key,
            read,
            (value) =>
              isKept(value)
                ? {
                    value,
                    dependsOn: [...new Set(dependsOn(value).filter((id) => id !== null))],
                    expiresAt: Number.POSITIVE_INFINITY,
                  }
                : null,
            counts,
          ),
        forget: forgetId,
      };
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
      const fence: Fence = { expected: null, acks: new Set(), done };
      fences.set(nonce, fence);
      try {
        const listening = await feed.announce(`fence:${nonce}`);
        noteListed(listening);
        fence.expected = new Set(listening.filter(isWaitedFor));
        if (isAnswered(fence)) done();
        if (!(await Promise.race([heard, timeout(fenceTimeoutMs, false)]))) {
          const missing = [...fence.expected].filter((id) => !fence.acks.has(id));
          onWarning(
            `session fence: ${missing.length} of ${fence.expected.size} processes did not answer in time`,
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
