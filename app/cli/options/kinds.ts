/** @module The kinds of value options of several commands take: how each is read and checked, and its JSON Schema. */
import { ConformanceError } from '../../../src/core/errors.js';
import { OPERATIONS, type OperationId } from '../../../src/core/operations.js';
import { PARTS, servedOperations } from '../../../src/core/parts.js';
import type { Objective } from '../../../src/core/timing.js';
import { OBJECTIVES_PATTERN, objectivesText, parseObjectives } from '../../../src/timing/objectives.js';
import { badFlag } from '../flags.js';
import type { Kind } from './table.js';

/** A string taken as given; in the config file, at least `minLength` characters. */
export function text(minLength = 1): Kind<string> {
  return { read: (raw) => String(raw), schema: minLength ? { type: 'string', minLength } : { type: 'string' } };
}

export function nonBlank(): Kind<string> {
  return {
    read: (raw, flag) => {
      const value = String(raw);
      if (value.trim() === '') throw badFlag(`--${flag} must not be empty`);
      return value;
    },
    schema: { type: 'string', minLength: 1 },
  };
}

/** A credential that `holds`, else the flag's `mistake` (which never echoes it); never in the config file. */
export function secret(holds: (value: string) => boolean, mistake: string): Kind<string> {
  return {
    read: (raw) => {
      if (!holds(String(raw))) throw badFlag(mistake);
      return String(raw);
    },
    schema: null,
  };
}

/** Basic credentials, `USER:PASS` with neither empty. */
export const userPass = (value: string): boolean => /^[^:]+:.+$/.test(value);

/** A whole number from `min` to `max`: on the command line its digits, in the config file a number. */
export function wholeNumber(min: number, max?: number): Kind<number> {
  return {
    read: (raw, flag) => {
      const n = typeof raw === 'number' ? raw : /^-?\d+$/.test(String(raw).trim()) ? Number(raw) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < min || n > (max ?? Number.MAX_SAFE_INTEGER))
        throw badFlag(`--${flag} takes a whole number from ${min} to ${max ?? Number.MAX_SAFE_INTEGER}, got "${raw}"`);
      return n;
    },
    schema: { type: 'integer', minimum: min, ...(max === undefined ? {} : { maximum: max }) },
  };
}

/** Bytes in `--help`: `4 MiB`. */
export function mebibytes(bytes: number): string {
  return `${bytes / 1024 / 1024} MiB`;
}

/** One of a few words: `--level takes must or should, got "may"`. */
export function oneOf<const V extends string>(values: readonly V[]): Kind<V> {
  const words = `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return {
    read: (raw, flag) => {
      if (!values.includes(raw as V)) throw badFlag(`--${flag} takes ${words}, got "${raw}"`);
      return raw as V;
    },
    schema: { enum: values },
  };
}

/** A list, repeated or comma-separated (`--only a.,b. --only c`), blanks dropped. */
export function list(): Kind<string[]> {
  return {
    read: (raw) =>
      (raw as readonly string[])
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    schema: { type: 'array', items: { type: 'string', minLength: 1 } },
  };
}

/** A list of some of a few words (`--allow-gaps writes,skipped`), repeated or comma-separated. */
export function someOf<const V extends string>(values: readonly V[]): Kind<V[]> {
  const words = list();
  return {
    read: (raw, flag, fromConfig) => {
      const got = words.read(raw, flag, fromConfig);
      const bad = got.filter((v) => !values.includes(v as V));
      if (bad.length) throw badFlag(`--${flag} takes ${values.join(', ')} (comma-separated), got "${bad.join(',')}"`);
      return [...new Set(got)] as V[];
    },
    schema: { type: 'array', items: { enum: values }, uniqueItems: true },
  };
}

/** What a deployment serves (`--serves chat,records`): parts or operation ids, read as operation ids. */
export function servesKind(): Kind<OperationId[]> {
  const words = list();
  return {
    read: (raw, flag, fromConfig) => {
      try {
        return servedOperations(words.read(raw, flag, fromConfig), `--${flag}`);
      } catch (err) {
        throw ConformanceError.is(err) ? badFlag(err.message) : err;
      }
    },
    schema: {
      type: 'array',
      items: { enum: [...Object.keys(PARTS), ...OPERATIONS.map((o) => o.id)] },
      uniqueItems: true,
      minItems: 1,
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuid(): Kind<string> {
  return {
    read: (raw, flag) => {
      if (!UUID.test(String(raw))) throw badFlag(`--${flag} takes a UUID, got "${raw}"`);
      return String(raw);
    },
    schema: { type: 'string', format: 'uuid' },
  };
}

/** Service-level objectives, `ttft-p95=500ms,itl-p99=50ms` (src/timing/objectives.ts). */
export function objectives(): Kind<Objective[]> {
  return {
    read: (raw, flag) => parseObjectives(String(raw), flag),
    schema: { type: 'string', pattern: OBJECTIVES_PATTERN },
    show: (value) => objectivesText(value),
  };
}

/** A value code of its own reads and checks (the connection settings): here only its config schema. */
export function readElsewhere<V>(schema: Kind<V>['schema']): Kind<V> {
  return { read: (raw) => raw as V, schema };
}

/** A time in ms, or in s with the unit (`30s`, `1500ms`, `1500`); in the config file, ms or that text. */
export function duration(): Kind<number> {
  return {
    read: (raw, flag) => {
      const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*$/.exec(String(raw));
      if (!m) throw badFlag(`--${flag}: cannot read "${String(raw)}": a duration in ms (1500) or s (30s)`);
      return Math.round(Number(m[1]) * (m[2] === 's' ? 1000 : 1));
    },
    schema: {
      anyOf: [
        { type: 'integer', minimum: 0 },
        { type: 'string', pattern: '^\\s*\\d+(\\.\\d+)?\\s*(ms|s)?\\s*$' },
      ],
    },
    show: (ms) => `${ms / 1000} s`,
  };
}
