/** @module What lax validators accept beyond the schema (decisions/0004): lenient, not reject. @internal */
import type { FlatSchema } from './flat-schema.js';
import { matchesFlat } from './matches.js';

/** The value read as absent (a `null` that a lax server takes for "not given"). */
const UNSET: unique symbol = Symbol('unset');
const NOT_READ: unique symbol = Symbol('not-read');

export interface LaxReading {
  readonly id: string;
  /** Which validators read the value this way. */
  readonly acceptedBy: string;
  /** What the reading does, for a person: completes "which …". */
  readonly reads: string;
  /** The value as the lax validator reads it, or NOT_READ when the reading does not apply. */
  read(value: unknown, node: FlatSchema): unknown;
}

const may = (node: FlatSchema, type: 'string' | 'number' | 'integer' | 'boolean' | 'array'): boolean =>
  !node.types || node.types.has(type) || (type === 'integer' && node.types.has('number'));
const isDateTime = (node: FlatSchema): boolean => node.format === 'date-time' || node.format === 'iso-date-time';
/** A string of a date-time field that matches `incomplete`, read as that string with `rest` after it. */
const completedDateTime =
  (incomplete: RegExp, rest: string) =>
  (v: unknown, node: FlatSchema): unknown =>
    typeof v === 'string' && isDateTime(node) && incomplete.test(v) ? `${v}${rest}` : NOT_READ;
const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const TRUE_WORDS = new Set(['true', '1', 'yes', 'on', 't', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off', 'f', 'n']);

const LAX_READINGS: readonly LaxReading[] = [
  {
    id: 'number-as-string',
    acceptedBy: 'pydantic 1 (str fields take int and float)',
    reads: 'pydantic 1 reads as its decimal text',
    read: (v, node) => (typeof v === 'number' && may(node, 'string') ? String(v) : NOT_READ),
  },
  {
    id: 'boolean-as-string',
    acceptedBy: 'pydantic 1 (bool is an int subclass, and str fields take ints)',
    reads: 'pydantic 1 reads as "True" or "False"',
    read: (v, node) => (typeof v === 'boolean' && may(node, 'string') ? (v ? 'True' : 'False') : NOT_READ),
  },
  {
    id: 'numeric-string-as-number',
    acceptedBy: 'pydantic 1 and pydantic 2 in lax mode',
    reads: 'lax parsers coerce to the number',
    read: (v, node) => {
      if (typeof v !== 'string' || !NUMERIC.test(v)) return NOT_READ;
      const n = Number(v);
      if (may(node, 'number') || (may(node, 'integer') && Number.isInteger(n))) return n;
      return NOT_READ;
    },
  },
  {
    id: 'boolean-as-number',
    acceptedBy: 'pydantic 1 and pydantic 2 in lax mode (bool is an int subclass)',
    reads: 'lax parsers read as 1 or 0',
    read: (v, node) => (typeof v === 'boolean' && may(node, 'integer') ? (v ? 1 : 0) : NOT_READ),
  },
  {
    id: 'fraction-as-integer',
    acceptedBy: 'pydantic 1 (int fields truncate floats)',
    reads: 'pydantic 1 truncates to an integer',
    read: (v, node) =>
      typeof v === 'number' && !Number.isInteger(v) && may(node, 'integer') ? Math.trunc(v) : NOT_READ,
  },
  {
    id: 'word-as-boolean',
    acceptedBy: 'pydantic 1 and pydantic 2 in lax mode',
    reads: 'lax parsers read as a boolean',
    read: (v, node) => {
      if (!may(node, 'boolean')) return NOT_READ;
      if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : NOT_READ;
      if (typeof v !== 'string') return NOT_READ;
      const w = v.trim().toLowerCase();
      return TRUE_WORDS.has(w) ? true : FALSE_WORDS.has(w) ? false : NOT_READ;
    },
  },
  {
    id: 'timestamp-as-date-time',
    acceptedBy: 'pydantic 1 and pydantic 2 (datetime fields take Unix timestamps)',
    reads: 'datetime parsers read as a Unix timestamp',
    read: (v, node) => {
      if (typeof v !== 'number' || !may(node, 'string') || !isDateTime(node)) return NOT_READ;
      const d = new Date(v * 1000);
      return Number.isNaN(d.getTime()) ? NOT_READ : d.toISOString();
    },
  },
  {
    id: 'uuid-without-hyphens',
    acceptedBy: 'pydantic 1 and pydantic 2 (uuid.UUID parses the 32 hex digits alone)',
    reads: 'UUID parsers read as the UUID',
    read: (v, node) =>
      typeof v === 'string' && node.format === 'uuid' && /^[0-9a-f]{32}$/i.test(v)
        ? `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`
        : NOT_READ,
  },
  {
    id: 'date-time-without-zone',
    acceptedBy: 'pydantic 1 and pydantic 2 (a naive datetime)',
    reads: 'lax datetime parsers read as local time',
    read: completedDateTime(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/, 'Z'),
  },
  {
    id: 'date-as-date-time',
    acceptedBy: 'pydantic 1 and pydantic 2 (a date is midnight)',
    reads: 'lax datetime parsers read as midnight',
    read: completedDateTime(/^\d{4}-\d\d-\d\d$/, 'T00:00:00Z'),
  },
  {
    id: 'string-as-string-list',
    acceptedBy: 'vLLM, whose list-of-strings fields are typed `str | list[str]`',
    reads: 'servers typed `str | list[str]` accept',
    read: (v, node) => (typeof v === 'string' && may(node, 'array') ? [v] : NOT_READ),
  },
  {
    id: 'null-as-unset',
    acceptedBy: 'pydantic 1 (a field with a None default is implicitly Optional)',
    reads: 'lenient servers read as unset',
    read: (v) => (v === null ? UNSET : NOT_READ),
  },
];

/** Where a value is sent: the schema node, and whether the field may be left out. */
export interface LaxSite {
  readonly node: FlatSchema;
  /** The property may be absent, so a value read as unset is valid there. */
  readonly optional: boolean;
}

/** The reading under which `value` is valid at the site, or undefined when no lax validator accepts it. */
export function laxReadingOf(site: LaxSite, value: unknown): LaxReading | undefined {
  if (matchesFlat(site.node, value)) return undefined;
  for (const reading of LAX_READINGS) {
    const read = reading.read(value, site.node);
    if (read === NOT_READ) continue;
    if (read === UNSET ? site.optional : matchesFlat(site.node, read)) return reading;
  }
  return undefined;
}
