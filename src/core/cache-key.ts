/** @module The run cache as a check sees it: an artefact several checks need, named by a typed key, made once. */

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
  /** `make()` once per run and key: every caller gets what the first made (a rejection included). */
  once<T>(key: CacheKey<T>, make: () => T): T;
  /** `make()` shared between checks; a check asking again gets a fresh one, and a failure is not handed on. */
  shared<T>(key: CacheKey<Promise<T>>, make: () => Promise<T>): Promise<T>;
}
