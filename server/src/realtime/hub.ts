import type { LiveEvent } from '@almquest/contracts/notifications';

/**
 * One live event for one user. `id` orders them and stays inside the server; `publicId` is what
 * the browser sees as the event's id and sends back as Last-Event-ID.
 */
export type Delivery = { id: number; publicId: string; userId: string; event: LiveEvent };
type Listener = (delivery: Delivery) => void;

/**
 * Open streams allowed at once in one process: per session (tabs of one browser) and per user
 * (their devices). A few tabs and phones are normal; hundreds are an attack on memory.
 */
export const STREAMS_PER_SESSION = 4;
export const STREAMS_PER_USER = 8;

/** How many delivered events the hub remembers, to hand none to its streams twice. */
const RECENT_REMEMBERED = 5000;

/**
 * A stream's part in a gap: `gap` marks where it stood when the process stopped hearing other
 * processes' events (or could not read some), `catchUp` reads from there what it missed.
 */
export type GapHandlers = { gap: () => void; catchUp: () => void };
type Stream = { listener: Listener; close: () => void } & GapHandlers;

/**
 * This process's open live connections, by user. Whatever transport carries an event between
 * processes ends here, and each connected browser of that user gets it. `processLimit` caps
 * the streams of the whole process below what its open files allow: past it a new
 * stream is refused with 503, and health checks and requests still get a socket.
 */
export class LocalHub {
  private byUser = new Map<string, Set<Stream>>();
  private bySession = new Map<string, Set<Stream>>();
  private total = 0;
  private packageHooks: ((packageId: string) => void)[] = [];
  private recent = new Set<number>();
  private isClosing = false;
  /** Between gapAll and catchUpAll: what other processes say may not be reaching this one. */
  isInGap = false;

  constructor(readonly processLimit = Number.POSITIVE_INFINITY) {}

  /**
   * Runs for every event about a package, whether or not a stream of its person is open here
   * (the package page cache forgets the package, so the read the event prompts is fresh).
   */
  onPackageEvent(hook: (packageId: string) => void): void {
    this.packageHooks.push(hook);
  }

  /** An event about a package heard from another process, for nobody connected here. */
  packageEvent(packageId: string): void {
    for (const hook of this.packageHooks) hook(packageId);
  }

  /** Whether one more stream may open: 'ok', or which limit it would pass. */
  roomFor(userId: string, sessionKey: string): 'ok' | 'person' | 'process' {
    if (this.isClosing || this.total >= this.processLimit) return 'process';
    return (this.byUser.get(userId)?.size ?? 0) < STREAMS_PER_USER &&
      (this.bySession.get(sessionKey)?.size ?? 0) < STREAMS_PER_SESSION
      ? 'ok'
      : 'person';
  }

  /** Whether a stream of this person is open here. */
  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  /** Whether this event was already handed to this process's streams. */
  wasDelivered(id: number): boolean {
    return this.recent.has(id);
  }

  /**
   * Adds a stream. `catchUp` is asked to read what the stream may have missed from the stored
   * notifications, after the process was cut off from other processes' events for a while.
   */
  subscribe(
    userId: string,
    sessionKey: string,
    listener: Listener,
    close: () => void,
    handlers: GapHandlers = { gap: () => undefined, catchUp: () => undefined },
  ): () => void {
    const stream: Stream = { listener, close, ...handlers };
    // Opening while the process shuts down: ended at once, like the others.
    if (this.isClosing) queueMicrotask(close);
    const add = (map: Map<string, Set<Stream>>, key: string) => {
      const set = map.get(key) ?? new Set();
      set.add(stream);
      map.set(key, set);
    };
    add(this.byUser, userId);
    add(this.bySession, sessionKey);
    this.total++;
    let isSubscribed = true;
    return () => {
      if (!isSubscribed) return;
      isSubscribed = false;
      this.total--;
      for (const [map, key] of [
        [this.byUser, userId],
        [this.bySession, sessionKey],
      ] as const) {
        const set = map.get(key);
        set?.delete(stream);
        if (set?.size === 0) map.delete(key);
      }
    };
  }

  deliver(delivery: Delivery): void {
    if (this.recent.has(delivery.id)) return;
    this.recent.add(delivery.id);
    if (this.recent.size > RECENT_REMEMBERED)
      this.recent.delete(this.recent.values().next().value as number);
    if (delivery.event.pid) this.packageEvent(delivery.event.pid);
    for (const stream of this.byUser.get(delivery.userId) ?? []) stream.listener(delivery);
  }

  /** Every open stream marks where it stands: a gap in what this process hears begins. */
  gapAll(): void {
    this.isInGap = true;
    for (const set of this.byUser.values()) for (const stream of set) stream.gap();
  }

  /** Asks every open stream to catch up from the stored notifications, from its gap. */
  catchUpAll(): void {
    this.isInGap = false;
    for (const set of this.byUser.values()) for (const stream of set) stream.catchUp();
  }

  /** Ends every stream opened with this session (sign-out). */
  closeSession(sessionKey: string): void {
    for (const stream of [...(this.bySession.get(sessionKey) ?? [])]) stream.close();
  }

  /** Ends every stream of one person, whatever session opened it (a suspension). */
  closeUser(userId: string): void {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) stream.close();
  }

  /** Ends every open stream (shutdown), and any that opens after; browsers go elsewhere. */
  closeAll(): void {
    this.isClosing = true;
    for (const set of [...this.byUser.values()]) for (const stream of [...set]) stream.close();
  }

  get connectionCount(): number {
    return this.total;
  }
}
