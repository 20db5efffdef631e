/**
 * A cache that keeps the most recently used entries: at most `maxEntries`, and when `weigh` is
 * given, at most `maxWeight` in total with no single entry over `maxEntryWeight` (such an entry
 * is simply not kept). The least recently used entries go first.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>();
  readonly #maxEntries: number;
  readonly #weigh: (value: V, key: K) => number;
  readonly #maxWeight: number;
  readonly #maxEntryWeight: number;
  #weight = 0;

  constructor(opts: { maxEntries: number; weigh?: (value: V, key: K) => number; maxWeight?: number; maxEntryWeight?: number }) {
    this.#maxEntries = opts.maxEntries;
    this.#weigh = opts.weigh ?? (() => 0);
    this.#maxWeight = opts.maxWeight ?? Infinity;
    this.#maxEntryWeight = opts.maxEntryWeight ?? this.#maxWeight;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.#weigh(value, key);
    if (weight > this.#maxEntryWeight) return;
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    while (this.#entries.size > this.#maxEntries || this.#weight > this.#maxWeight) {
      this.delete(this.#entries.keys().next().value as K);
    }
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }

  clear(): void {
    this.#entries.clear();
    this.#weight = 0;
  }
}
