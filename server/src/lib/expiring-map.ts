/**
 * A bounded in-memory map whose entries expire: what a process keeps of recent answers (place
 * searches, waiting packages' explanations). An entry older than `ttlMs` is gone; when full, the
 * least recently used goes first.
 */
export class ExpiringMap<V> {
  private readonly kept = new Map<string, { value: V; at: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  /** The value if it is still fresh (it becomes the most recently used); else undefined. */
  get(key: string): V | undefined {
    const entry = this.kept.get(key);
    if (!entry) return undefined;
    this.kept.delete(key);
    if (Date.now() - entry.at >= this.ttlMs) return undefined;
    this.kept.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.kept.delete(key);
    while (this.kept.size >= this.maxEntries) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
    this.kept.set(key, { value, at: Date.now() });
  }

  delete(key: string): void {
    this.kept.delete(key);
  }
}
