import type { LiveEvent } from '@almquest/contracts/notifications';

/**
 * One live event for one user. `id` orders them and stays inside the server; `publicId` is what
 * the browser sees as the event's id and sends back as Last-Event-ID.
 */
export type Delivery = { id: number; publicId: string; userId: string; event: LiveEvent };
type Listener = (delivery: Delivery) => void;

/**
 * This process's open live connections, by user. Whatever transport carries an event between
 * processes ends here, and each connected browser of that user gets it.
 */
/**
 * Open streams allowed at once in one process: per session (tabs of one browser) and per user
 * (their devices). A few tabs and phones are normal; hundreds are an attack on memory.
 */
export const STREAMS_PER_SESSION = 4;
export const STREAMS_PER_USER = 8;

export class LocalHub {
  private listeners = new Map<string, Set<Listener>>();
  private closers = new Map<string, Set<() => void>>();
  private userClosers = new Map<string, Set<() => void>>();
  private beforeDelivery: ((delivery: Delivery) => void)[] = [];

  /**
   * Runs before every delivery reaches a stream, whether or not one is open here (the package
   * page cache forgets the package the event is about, so the read it prompts is fresh).
   */
  onDeliver(hook: (delivery: Delivery) => void): void {
    this.beforeDelivery.push(hook);
  }

  /** Whether one more stream may open for this user and session (see the limits above). */
  hasRoomFor(userId: string, sessionKey: string): boolean {
    return (
      (this.listeners.get(userId)?.size ?? 0) < STREAMS_PER_USER &&
      (this.closers.get(sessionKey)?.size ?? 0) < STREAMS_PER_SESSION
    );
  }

  subscribe(userId: string, sessionKey: string, listener: Listener, close: () => void): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    const closers = this.closers.get(sessionKey) ?? new Set();
    closers.add(close);
    this.closers.set(sessionKey, closers);
    const userClosers = this.userClosers.get(userId) ?? new Set();
    userClosers.add(close);
    this.userClosers.set(userId, userClosers);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
      closers.delete(close);
      if (closers.size === 0) this.closers.delete(sessionKey);
      userClosers.delete(close);
      if (userClosers.size === 0) this.userClosers.delete(userId);
    };
  }

  deliver(delivery: Delivery): void {
    for (const hook of this.beforeDelivery) hook(delivery);
    for (const listener of this.listeners.get(delivery.userId) ?? []) listener(delivery);
  }

  /** Ends every stream opened with this session (sign-out). */
  closeSession(sessionKey: string): void {
    for (const close of [...(this.closers.get(sessionKey) ?? [])]) close();
  }

  /** Ends every stream of one person, whatever session opened it (a suspension, issue #19). */
  closeUser(userId: string): void {
    for (const close of [...(this.userClosers.get(userId) ?? [])]) close();
  }

  /** Ends every open stream (shutdown); browsers reconnect to another process. */
  closeAll(): void {
    for (const closers of [...this.closers.values()]) for (const close of [...closers]) close();
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}
