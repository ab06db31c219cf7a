/**
 * @module What the proxy remembers of earlier exchanges to judge a later one that depends on it,
 * as the suite's checks pair their requests: a record listed, then read by its id (the same record,
 * never a 404: §4.6, §4.8), a training job created, then fetched by its id (never a 404: §4.3). It
 * judges only what the traffic showed both halves of, and never guesses. Bounded: the oldest entries
 * go first.
 */
import type { RecordKind } from '../core/record-kinds.js';
import { canonicalJson } from '../core/values.js';

/** Entries kept per memory (records per kind, jobs). */
const MAX_ENTRIES = 10_000;

class BoundedMap<V> {
  private readonly map = new Map<string, V>();
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > MAX_ENTRIES) this.map.delete(this.map.keys().next().value as string);
  }
  get(key: string): V | undefined {
    return this.map.get(key);
  }
}

export class Pairs {
  private readonly listed = new Map<string, BoundedMap<Readonly<Record<string, string>>>>();
  private readonly jobs = new BoundedMap<true>();

  /** A valid record of a 2xx listing: its fields, canonical, by its id. */
  recordListed(kind: RecordKind, record: Readonly<Record<string, unknown>>): void {
    const id = record[kind.idField];
    if (typeof id !== 'string' || id === '') return;
    let map = this.listed.get(kind.name);
    if (!map) this.listed.set(kind.name, (map = new BoundedMap()));
    map.set(id, Object.fromEntries(Object.entries(record).map(([k, v]) => [k, canonicalJson(v)])));
  }

  /** The fields of a record listed earlier in this session, canonical, or undefined. */
  listedRecord(kind: RecordKind, id: string): Readonly<Record<string, string>> | undefined {
    return this.listed.get(kind.name)?.get(id);
  }

  jobCreated(id: string): void {
    this.jobs.set(id.toLowerCase(), true);
  }

  wasCreated(id: string): boolean {
    return this.jobs.get(id.toLowerCase()) === true;
  }
}

/**
 * A record read by id against the same record listed earlier: the first field both carry that
 * differs, in words, or undefined (fields only one of them carries are not judged, as the suite's
 * listed-records-read-back does).
 */
export function differsFromListed(
  listed: Readonly<Record<string, string>>,
  read: Readonly<Record<string, unknown>>,
): string | undefined {
  for (const [field, value] of Object.entries(listed)) {
    if (!(field in read)) continue;
    const got = canonicalJson(read[field]);
    if (got !== value) return `${field} ${got.slice(0, 200)}, listed as ${value.slice(0, 200)}`;
  }
  return undefined;
}
