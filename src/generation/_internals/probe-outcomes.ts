/** @module The catalogue probes' outcomes, worked out at build time for the bundled schemas. @internal */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { documentsFingerprint } from './schema-store.js';

/** File name of the outcomes table, beside the bundle (dist/cli/). */
export const PROBE_OUTCOMES_FILE = 'probe-outcomes.json';

/** The table as written: the keys of templates that yield cases, and of those that do not. */
export interface ProbeOutcomesTable {
  readonly kept: readonly string[];
  readonly dropped: readonly string[];
}

/** undefined: not read yet; null: there is none. */
let table: Map<string, boolean> | null | undefined;
/** While the build works the table out: every probe's answer. */
let recorded: Map<string, boolean> | undefined;

function tableOf(raw: ProbeOutcomesTable): Map<string, boolean> {
  return new Map<string, boolean>([
    ...raw.kept.map((k) => [k, true] as const),
    ...raw.dropped.map((k) => [k, false] as const),
  ]);
}

function loaded(): Map<string, boolean> | null {
  if (table === undefined) {
    try {
      table = tableOf(JSON.parse(readFileSync(new URL(`./${PROBE_OUTCOMES_FILE}`, import.meta.url), 'utf8')));
    } catch {
      table = null;
    }
  }
  return table;
}

/** Uses this table (or none, with `undefined`) instead of the file beside the module: for tests. */
export function useProbeOutcomes(given: ProbeOutcomesTable | undefined): void {
  table = given ? tableOf(given) : null;
}

/** Starts recording every probe's answer (the build step); `stop` returns the table and stops. */
export function recordProbeOutcomes(): { stop(): ProbeOutcomesTable } {
  recorded = new Map();
  return {
    stop() {
      const all = [...(recorded ?? [])];
      recorded = undefined;
      return {
        kept: all.filter(([, k]) => k).map(([key]) => key),
        dropped: all.filter(([, k]) => !k).map(([key]) => key),
      };
    },
  };
}

/** The keys of one catalogue's probes: a hash of schemas, root and options, then each probe's place and mutation. */
export function probeKeys(root: object, options: string): (place: string, mutation: string) => string {
  let prefix: string | undefined;
  return (place, mutation) => {
    prefix ??= createHash('sha1')
      .update(documentsFingerprint())
      .update('\0')
      .update(JSON.stringify(root))
      .update('\0')
      .update(options)
      .digest('base64url');
    return createHash('sha1').update(`${prefix}\0${place}\0${mutation}`).digest('base64url');
  };
}

/** The table's answer for the probe's key, else `probe()`'s (recorded while the build makes the table). */
export function probeOutcome(key: () => string, probe: () => boolean): boolean {
  if (!recorded && !loaded()) return probe();
  const k = key();
  const known = recorded ? undefined : loaded()?.get(k);
  if (known !== undefined) return known;
  const kept = probe();
  recorded?.set(k, kept);
  return kept;
}
