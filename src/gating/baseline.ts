/**
 * @module The findings baseline (`--baseline FILE`; its shape `schemas/report/baseline.json`): the
 * findings a team accepts for now, by fingerprint (fingerprint.ts), applied the same way to a run's,
 * a proxy's, a replay's and a merge's report. The exit rules (docs/how-to/baseline.md):
 * - a finding no entry accepts is **new** and gates as any failure does;
 * - a finding an entry accepts is **known**: marked `expectedFailure`, counted, never gating;
 * - an entry past its `expires` day accepts nothing and is **expired**: it gates until renewed or removed;
 * - an entry whose check ran and passed, its case fixed (not drawn at random), is **stale**: it gates
 *   until pruned (`--baseline-prune`);
 * - any other entry not seen is **unobserved**: its check was not run, draws its cases at random, failed
 *   for another cause, or (proxy, replay) the traffic did not show it. Reported, never gating.
 * An `--expect` file (check ids with reasons) reads as a baseline of whole-check entries.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { ConformanceError } from '../core/errors.js';
import type { ConformanceBaseline, ConformanceExpectations } from '../generated/types.js';
import type { BaselineFinding, BaselineOutcome, RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { resummarized } from '../core/summary.js';
import { legacyIds } from '../rules/legacy-ids.js';
import { registry, type SchemaRegistry } from '../schemas/registry.js';
import { accepts, fingerprintOf } from './fingerprint.js';
import { latestRelease } from './releases.js';

type BaselineEntry = Readonly<ConformanceBaseline['entries'][number]>;

export type Baseline = Readonly<ConformanceBaseline>;

/** How the report was made: a run knows which checks ran and which draw their cases; traffic shows what it shows. */
export interface BaselineContext {
  readonly file: string;
  /** Today, `YYYY-MM-DD` (UTC). */
  readonly today: string;
  readonly driver: 'run' | 'traffic';
  /** Run: whether a check draws its cases at random (a pass then proves nothing of an entry). */
  readonly drawn?: (checkId: string) => boolean;
  readonly requirements?: string;
  readonly schemas?: Pick<SchemaRegistry, 'validate'>;
}

/** The reason `--baseline-update` gives an entry it adds: the team writes the real one. */
export const UNTRIAGED = 'accepted by --baseline-update; not yet triaged';

/** Today in UTC, as entries and expiries are written. */
export const utcDay = (d = new Date()): string => d.toISOString().slice(0, 10);

/**
 * Reads a baseline file, or an `--expect` file as a baseline of whole-check entries.
 *
 * @throws ConformanceError `CTS_BAD_CONFIG` when it cannot be read, is not JSON, breaks its schema or lists a fingerprint twice.
 */
export function loadBaseline(file: string, what = 'baseline'): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConformanceError(
      'CTS_BAD_CONFIG',
      `${what} ${file}: ${code ? `cannot read it (${code})` : `not valid JSON (${(err as Error).message})`}`,
      { cause: err },
    );
  }
  const legacy = typeof data === 'object' && data !== null && 'expectedFailures' in data;
  const schema = legacy ? 'report/expectations' : 'report/baseline';
  const outcome = registry().validate(schema, data);
  if (!outcome.ok)
    throw new ConformanceError(
      'CTS_BAD_CONFIG',
      `${what} ${file}: ${outcome.errors.slice(0, 5).map(describeIssue).join('; ')} (the shape: schemas/${schema}.json)`,
    );
  const baseline = legacy ? fromExpectations(data as ConformanceExpectations) : (data as Baseline);
  const seen = new Set<string>();
  for (const e of baseline.entries) {
    if (seen.has(e.fingerprint))
      throw new ConformanceError('CTS_BAD_CONFIG', `${what} ${file}: lists ${e.fingerprint} twice`);
    seen.add(e.fingerprint);
  }
  return baseline;
}

/** An `--expect` file's ids (a proxy id of before standing for the check ids of its rule now), as whole-check entries. */
function fromExpectations(file: ConformanceExpectations): Baseline {
  const entries = file.expectedFailures.flatMap((e) =>
    (legacyIds(e.id) ?? [e.id]).map((id) => ({ fingerprint: id, check: id, reason: e.reason })),
  );
  return { version: 1, entries: [...new Map(entries.map((e) => [e.fingerprint, e])).values()] };
}

function describeIssue(e: ErrorObject): string {
  const at = e.instancePath || '(top level)';
  if (e.keyword === 'additionalProperties') return `${at}: unknown field "${String(e.params.additionalProperty)}"`;
  if (e.keyword === 'required') return `${at}: missing "${String(e.params.missingProperty)}"`;
  return `${at}: ${e.message ?? e.keyword}`;
}

/** Entry ids the catalogue does not know (renamed or removed checks), to warn about. */
export function unknownChecks(baseline: Baseline, known: ReadonlySet<string>): string[] {
  return [...new Set(baseline.entries.map((e) => e.check).filter((id) => !known.has(id)))];
}

const isFinding = (r: CheckResult): boolean => r.status === 'fail' && r.level !== 'INFO';
/** The finding in one line: what was expected, and the answer's status (its text holds generated values). */
const summaryOf = (r: CheckResult): string => {
  const status = r.evidence?.response?.status;
  return `${(r.expected ?? '').slice(0, 200)}${status === undefined ? '' : `; answered ${status}`}`;
};
const expired = (e: BaselineEntry, today: string): boolean => e.expires !== undefined && e.expires < today;
const finding = (e: BaselineEntry, why?: string): BaselineFinding => ({
  fingerprint: e.fingerprint,
  check: e.check,
  ...(e.summary ? { summary: e.summary } : {}),
  reason: e.reason,
  ...(e.expires ? { expires: e.expires } : {}),
  ...(why ? { why } : {}),
});

/** Every failing result with its fingerprint (what a baseline entry names). */
export function withFingerprints(report: RunReport, schemas: Pick<SchemaRegistry, 'validate'> = registry()): RunReport {
  return {
    ...report,
    results: report.results.map((r) =>
      isFinding(r) ? { ...r, fingerprint: r.fingerprint ?? fingerprintOf(r, schemas) } : r,
    ),
  };
}

/** A report as its command judged it before any baseline: marks and outcome left out (a merge applies one baseline once). */
export function withoutBaseline(report: RunReport): RunReport {
  const { baseline: _b, ...rest } = report;
  return { ...rest, results: report.results.map(({ expectedFailure: _e, ...r }) => r) };
}

/** The report with the baseline applied: known findings marked, `baseline` said, the summary recomputed. */
export function applyBaseline(report: RunReport, baseline: Baseline, ctx: BaselineContext): RunReport {
  const printed = withFingerprints(report, ctx.schemas);
  const live = baseline.entries.filter((e) => !expired(e, ctx.today));
  const seen = new Set<BaselineEntry>();
  const fresh: BaselineFinding[] = [];
  let known = 0;
  const results = printed.results.map((r): CheckResult => {
    const { expectedFailure: _previous, ...rest } = r;
    if (!isFinding(r)) return rest;
    const fp = r.fingerprint!;
    for (const e of baseline.entries) if (accepts(e.fingerprint, fp)) seen.add(e);
    const entry = live.find((e) => accepts(e.fingerprint, fp));
    if (!entry) {
      fresh.push({ fingerprint: fp, check: r.id, summary: summaryOf(r) });
      return rest;
    }
    known++;
    return {
      ...rest,
      expectedFailure: {
        reason: entry.reason,
        fingerprint: entry.fingerprint,
        ...(entry.ticket ? { ticket: entry.ticket } : {}),
        ...(entry.expires ? { expires: entry.expires } : {}),
      },
    };
  });
  const stale: BaselineFinding[] = [];
  const unobserved: BaselineFinding[] = [];
  for (const e of live) {
    if (seen.has(e)) continue;
    const why = unseenWhy(e, printed.results, ctx);
    (why.stale ? stale : unobserved).push(finding(e, why.words));
  }
  const outcome: BaselineOutcome = {
    file: ctx.file,
    ...(ctx.requirements ? { requirements: ctx.requirements } : {}),
    known,
    new: fresh,
    expired: baseline.entries
      .filter((e) => expired(e, ctx.today))
      .map((e) => finding(e, seen.has(e) ? 'seen' : 'not seen')),
    stale,
    unobserved,
  };
  return resummarized(
    { ...printed, results, baseline: outcome },
    { unexpectedPasses: outcome.stale.map((e) => e.fingerprint) },
  );
}

/** Why an entry was not seen, and whether that makes it stale. */
function unseenWhy(e: BaselineEntry, results: readonly CheckResult[], ctx: BaselineContext) {
  if (ctx.driver === 'traffic') return { stale: false, words: 'the traffic did not show it' };
  const own = results.filter((r) => r.id === e.check);
  if (own.length === 0) return { stale: false, words: 'its check was not run' };
  if (own.some((r) => r.status === 'fail')) return { stale: false, words: 'its check failed for another cause' };
  if (own.some((r) => r.status !== 'pass'))
    return { stale: false, words: 'its check did not judge (skipped or errored)' };
  if (ctx.drawn?.(e.check)) return { stale: false, words: 'its check draws its cases at random: not drawn this time' };
  return { stale: true, words: 'its check ran and passed' };
}

/**
 * The baseline `--baseline-update` writes from these reports: entries still seen refreshed (their
 * reason, ticket and expiry kept), new findings added (first and last seen today), stale entries
 * removed, unobserved ones kept.
 */
export function updatedBaseline(
  old: Baseline | undefined,
  reports: readonly RunReport[],
  today: string,
  requirements?: string,
): Baseline {
  const stale = new Set(reports.flatMap((r) => r.baseline?.stale.map((e) => e.fingerprint) ?? []));
  const entries = new Map<string, BaselineEntry>();
  for (const e of old?.entries ?? []) if (!stale.has(e.fingerprint)) entries.set(e.fingerprint, e);
  for (const r of reports.flatMap((rep) => rep.results)) {
    if (!isFinding(r) || !r.fingerprint) continue;
    const accepting = [...entries.values()].find((e) => accepts(e.fingerprint, r.fingerprint!));
    const e = accepting ?? { fingerprint: r.fingerprint, check: r.id, reason: UNTRIAGED, first_seen: today };
    entries.set(e.fingerprint, ordered({ ...e, summary: summaryOf(r), last_seen: today }));
  }
  // The set it was written with: a suite upgrade changes no gate until the team moves it.
  return {
    version: 1,
    requirements: requirements ?? old?.requirements ?? latestRelease(),
    entries: [...entries.values()].sort((a, b) => a.fingerprint.localeCompare(b.fingerprint)),
  };
}

/** An entry's fields in the schema's order, for a file that diffs well. */
const ordered = (e: BaselineEntry): BaselineEntry => {
  const { fingerprint, check, summary, reason, ticket, expires, first_seen, last_seen } = e;
  return JSON.parse(JSON.stringify({ fingerprint, check, summary, reason, ticket, expires, first_seen, last_seen }));
};

/** The baseline without the entries these reports found stale (`--baseline-prune`). */
export function prunedBaseline(old: Baseline, reports: readonly RunReport[]): Baseline {
  const stale = new Set(reports.flatMap((r) => r.baseline?.stale.map((e) => e.fingerprint) ?? []));
  return { ...old, entries: old.entries.filter((e) => !stale.has(e.fingerprint)) };
}

export function writeBaseline(file: string, baseline: Baseline): void {
  writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}
