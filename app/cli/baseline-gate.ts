/**
 * @module The findings baseline and the requirement set, applied the same way by every command that
 * judges (`run`, `run --replay`, `proxy`, `merge`): the file read (an `--expect` file as a baseline of
 * whole checks), each target's report scored against the requirement set and judged against the
 * baseline (src/gating/baseline.ts), the file written when `--baseline-update` or `--baseline-prune`
 * asks, and the new, stale and expired entries said on stderr with the command that prunes.
 */
import { plural } from '../../src/core/words.js';
import { existsSync } from 'node:fs';
import type { CheckDefinition } from '../../src/core/check.js';
import type { RunReport } from '../../src/core/report.js';
import {
  applyBaseline,
  type Baseline,
  type BaselineContext,
  loadBaseline,
  prunedBaseline,
  unknownChecks,
  updatedBaseline,
  utcDay,
  withFingerprints,
  writeBaseline,
} from '../../src/gating/baseline.js';
import { scoredAgainst } from '../../src/gating/requirements.js';
import { badFlag } from './flags.js';

export interface BaselineFlags {
  readonly baseline?: string | undefined;
  readonly expect?: string | undefined;
  readonly update?: boolean | undefined;
  readonly prune?: boolean | undefined;
  readonly requirements?: string | undefined;
}

/** The flags of BASELINE_OPTIONS (app/cli/options/gates.ts) as a command's resolver reads them. */
export const baselineFlags = (
  value: (name: 'baseline' | 'baseline-update' | 'baseline-prune' | 'requirements') => unknown,
) =>
  ({
    baseline: value('baseline'),
    update: value('baseline-update'),
    prune: value('baseline-prune'),
    requirements: value('requirements'),
  }) as BaselineFlags;

/** The baseline a command judges with: its file and what it holds (none yet: `--baseline-update` writes it). */
export interface OpenedBaseline {
  readonly file: string;
  readonly baseline: Baseline | undefined;
  readonly flags: BaselineFlags;
}

const say = (line: string): void => void process.stderr.write(`conformance: ${line}\n`);

/**
 * Reads the file the flags name, warning of an `--expect` file (deprecated) and of entries whose
 * check is not in `knownIds` (the catalogue, where the command has it). Undefined without one.
 */
export function openBaseline(flags: BaselineFlags, knownIds?: ReadonlySet<string>): OpenedBaseline | undefined {
  if (flags.baseline && flags.expect)
    throw badFlag('--expect and --baseline: give one (--expect is read as a baseline)');
  const file = flags.baseline ?? flags.expect;
  if (file === undefined) {
    if (flags.update || flags.prune)
      throw badFlag(`--baseline-${flags.update ? 'update' : 'prune'} needs --baseline FILE (the file to write)`);
    return undefined;
  }
  if (flags.expect) say(`--expect is deprecated: ${file} is read as a baseline of whole checks (--baseline FILE)`);
  if (flags.prune && flags.update) throw badFlag('--baseline-update and --baseline-prune: give one');
  const baseline =
    existsSync(file) || !flags.update ? loadBaseline(file, flags.expect ? 'expectations file' : 'baseline') : undefined;
  const unknown = baseline && knownIds ? unknownChecks(baseline, knownIds) : [];
  if (unknown.length)
    say(`${file} names checks the catalogue does not have (renamed or removed?): ${unknown.join(', ')}`);
  return { file, baseline, flags };
}

/**
 * Each report scored against the requirement set (`--requirements`, else the baseline's) and judged
 * against the baseline; the file written first when asked, so that the reports judge against what it
 * now holds; `final` false (a proxy's reports while it runs): nothing written, nothing said. Without
 * a baseline, the failures still carry their fingerprints.
 */
export function gateReports(
  reports: readonly RunReport[],
  opened: OpenedBaseline | undefined,
  flags: BaselineFlags,
  ctx: Pick<BaselineContext, 'driver' | 'drawn'>,
  final = true,
): RunReport[] {
  const requirements = flags.requirements ?? opened?.baseline?.requirements;
  const scored = reports.map((r) => withFingerprints(requirements ? scoredAgainst(r, requirements) : r));
  if (!opened) return scored;
  const today = utcDay();
  const judge = (b: Baseline) =>
    scored.map((r) =>
      applyBaseline(r, b, { ...ctx, file: opened.file, today, ...(requirements ? { requirements } : {}) }),
    );
  let judged = judge(opened.baseline ?? { version: 1, entries: [] });
  if (!final) return judged;
  const next = flags.update
    ? updatedBaseline(opened.baseline, judged, today, requirements)
    : flags.prune && opened.baseline
      ? prunedBaseline(opened.baseline, judged)
      : undefined;
  if (next) {
    writeBaseline(opened.file, next);
    say(
      `${opened.file}: written, ${plural(next.entries.length, 'entry', 'entries')} (${flags.update ? '--baseline-update' : '--baseline-prune'})`,
    );
    judged = judge(next);
  }
  for (const r of judged) sayOutcome(r, opened.file);
  return judged;
}

/** The new findings, and the entries that gate (stale, expired), each named; the prune command once. */
function sayOutcome(r: RunReport, file: string): void {
  const b = r.baseline;
  if (!b) return;
  const where = r.targetLabel;
  for (const f of b.new) say(`${where}: new finding ${f.fingerprint}`);
  for (const e of b.expired) say(`${where}: expired entry ${e.fingerprint} (expires ${e.expires}): renew or remove it`);
  for (const e of b.stale) say(`${where}: stale entry ${e.fingerprint}: ${e.why}`);
  if (b.stale.length) say(`${where}: to prune the stale entries: ${r.replay} --baseline ${file} --baseline-prune`);
}

/** Whether a check draws its cases at random (a property): its pass proves nothing of one baseline entry. */
export function drawnIn(catalogue: readonly CheckDefinition[]): (id: string) => boolean {
  const drawn = new Set(
    catalogue
      .filter((c) => typeof c.schedule?.maxRequests === 'function' && 'perCase' in c.schedule.maxRequests)
      .map((c) => c.id),
  );
  return (id) => drawn.has(id);
}
