/** @module The run cache: what the run makes once and hands to every check that needs it. */
import type { CacheKey, CheckCache } from '../core/cache-key.js';
import type { CheckDefinition } from '../core/check.js';
import { deriveSeed } from './seed.js';

/** The seed a check draws its cases with: that of the check whose cases it shares, else its own. */
export function caseSeed(runSeed: number, check: Pick<CheckDefinition, 'id' | 'schedule'>): number {
  return deriveSeed(runSeed, check.schedule?.sharesCasesWith ?? check.id);
}

/** `make()` once per key name in `entries` (see CheckCache.once). */
function onceIn<T>(entries: Map<string, unknown>, key: CacheKey<T>, make: () => T): T {
  if (entries.has(key.name)) return entries.get(key.name) as T;
  const made = make();
  entries.set(key.name, made);
  return made;
}

/** The run's cache: one entry per key name, for every check of the run. */
export class RunCache {
  readonly #entries = new Map<string, unknown>();

  once<T>(key: CacheKey<T>, make: () => T): T {
    return onceIn(this.#entries, key, make);
  }

  /** The cache as one check sees it: the keys it has asked for are its own from then on. */
  forCheck(): CheckCacheView {
    return new CheckCacheView(this.#entries);
  }
}

/** One check's view of the run cache: `once` for the run, `shared` and `kept` with the re-ask rule. */
export class CheckCacheView implements CheckCache {
  /** The keys this check has asked for: its next ask is a repeat, answered fresh. */
  readonly #mine = new Set<string>();

  readonly #entries: Map<string, unknown>;

  constructor(entries: Map<string, unknown>) {
    this.#entries = entries;
  }

  once<T>(key: CacheKey<T>, make: () => T): T {
    return onceIn(this.#entries, key, make);
  }

  shared<T>(key: CacheKey<Promise<T>>, make: () => Promise<T>): Promise<T> {
    const name = key.name;
    const earlier = this.#entries.get(name) as Promise<T> | undefined;
    const repeat = this.#mine.has(name);
    this.#mine.add(name);
    if (earlier !== undefined && !repeat) return earlier;
    const made = make();
    this.#entries.set(name, made);
    // An answer that went wrong (a timeout, a reset) is not handed on: the next one makes its own.
    made.catch(() => {
      if (this.#entries.get(name) === made) this.#entries.delete(name);
    });
    return made;
  }

  /** A value handed on once its maker `keep`s it whole: `again(kept)` if there is one, else `fresh(keep)`. */
  kept<T, R>(key: CacheKey<T>, fresh: (keep: (value: T) => void) => R, again: (kept: T) => R): R {
    const name = key.name;
    const kept = this.#entries.get(name) as T | undefined;
    const repeat = this.#mine.has(name);
    this.#mine.add(name);
    if (kept !== undefined && !repeat) return again(kept);
    return fresh((value) => this.#entries.set(name, value));
  }
}
