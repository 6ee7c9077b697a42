/** Entries kept before the cache starts over; bounds memory when many keys are in use. */
const DEFAULT_CAPACITY = 1_000;

/**
 * Rows by key, served only while the database's change version is the one they were read at.
 * A write of this process moves the version at once and a commit of another process from the next
 * event-loop turn on, so a revoked key or a moved inbox is read afresh by every request received
 * after the change; until then all requests share one lookup.
 *
 * @example
 * const keys = new VersionedCache<StoredApiKey>(changeVersion);
 * const key = await keys.get(id, () => selectKey(id));
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: number; value: V }>();

  constructor(
    private readonly currentVersion: () => number,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const version = this.currentVersion();
    const entry = this.entries.get(key);
    if (entry && entry.version === version) return entry.value;
    // Tagged with the version from before the read: if anything changed meanwhile, the entry is
    // already stale and the next call reads again.
    const value = await load();
    if (value === undefined) {
      this.entries.delete(key);
      return undefined;
    }
    if (this.entries.size >= this.capacity) this.entries.clear();
    // Every caller gets this same object: frozen, so none can change it for the others.
    this.entries.set(key, { version, value: Object.freeze(value) });
    return value;
  }
}
