/**
 * A bounded memo: at most two generations of `generation` entries. A hit costs
 * one or two Map lookups and no reordering (an exact LRU moves the entry on every hit); entries used
 * during the current generation survive the next turn, the rest are dropped with the older one.
 */
export class Memo<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  readonly #generation: number;

  constructor(generation: number) {
    this.#generation = generation;
  }

  get size(): number {
    return this.#young.size + this.#old.size;
  }

  get(key: K): V | undefined {
    const value = this.#young.get(key);
    if (value !== undefined) return value;
    const old = this.#old.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    this.#young.set(key, value);
    if (this.#young.size >= this.#generation) {
      this.#old = this.#young;
      this.#young = new Map();
    }
  }
}
