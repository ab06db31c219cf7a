/**
 * @module What a check keeps for the rest of the run, as a check sees it (`CheckContext.cache`): an
 * artefact several checks need (a control exchange, a listing's first records, a stream probe, the
 * refused combinations found) is named by a typed key and made once. The runner owns the cache and
 * shares identical requests without side effects through it on the transport too
 * (src/runner/run-cache.ts).
 */

/** The name of one kept artefact, typed by what it holds: whoever names it gets that type. */
export interface CacheKey<T> {
  readonly name: string;
  /** Never set: ties the key to its type (invariant, so a key of one type is no key of another). */
  readonly type?: (value: T) => T;
}

/** The key named `name` (names are the artefact's identity: two keys of one name are one entry). */
export function cacheKey<T>(name: string): CacheKey<T> {
  return { name };
}

/** The run's cache as one check sees it. */
export interface CheckCache {
  /**
   * `make()` once per run and key: every caller, this check again included, gets what the first
   * made (a promise as it is, so concurrent callers share it, and a rejected one stays rejected).
   */
  once<T>(key: CacheKey<T>, make: () => T): T;
  /**
   * `make()` shared between checks: a check's first ask gets the answer an earlier check made, if
   * there is one; a check that asks again gets a fresh one (a repeat within one check is deliberate),
   * which later checks are then handed. An answer that failed is not handed on: the next one makes
   * its own.
   */
  shared<T>(key: CacheKey<Promise<T>>, make: () => Promise<T>): Promise<T>;
}
