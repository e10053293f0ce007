import type { LiveEvent } from '@almquest/contracts/notifications';

export type Delivery = { id: number; userId: string; event: LiveEvent };
type Listener = (delivery: Delivery) => void;

/**
 * This process's open live connections, by user. Whatever transport carries an event between
 * processes ends here, and each connected browser of that user gets it.
 */
export class LocalHub {
  private listeners = new Map<string, Set<Listener>>();
  private closers = new Map<string, Set<() => void>>();

  subscribe(userId: string, sessionKey: string, listener: Listener, close: () => void): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    const closers = this.closers.get(sessionKey) ?? new Set();
    closers.add(close);
    this.closers.set(sessionKey, closers);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
      closers.delete(close);
      if (closers.size === 0) this.closers.delete(sessionKey);
    };
  }

  deliver(delivery: Delivery): void {
    for (const listener of this.listeners.get(delivery.userId) ?? []) listener(delivery);
  }

  /** Ends every stream opened with this session (sign-out). */
  closeSession(sessionKey: string): void {
    for (const close of [...(this.closers.get(sessionKey) ?? [])]) close();
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
