/**
 * @module What `conformance merge` refuses (`CTS_MERGE_REFUSED`, exit 2) before merging anything:
 * reports not of one run (the message names the difference and two files), a shard missing or twice, a
 * wrong count of proxy reports.
 */
import { ConformanceError } from '../core/errors.js';
import type { ReportOrigin } from '../core/origin.js';
import type { RunReport } from '../core/report.js';
import type { MergeInput } from './inputs.js';
import { objectivesText } from '../timing/objectives.js';

const refuse = (message: string): ConformanceError => new ConformanceError('CTS_MERGE_REFUSED', message);

/** A fact the reports merged into one must agree on: its name in messages, and its value in a report. */
interface Agreement {
  readonly name: string;
  of(report: RunReport, origin: ReportOrigin): string | number;
  /** What to do about a difference, when the usual cause is known. */
  readonly hint?: string;
}

/** The shard of a run report: a merged run is whole (1/1). */
function shardOf(origin: ReportOrigin): { readonly index: number; readonly count: number } {
  return origin.shard ?? { index: 1, count: 1 };
}

/** What every report of one merge shares, whatever its target. */
const OF_ONE_RUN: readonly Agreement[] = [
  { name: 'tool version', of: (r) => r.tool.version },
  { name: 'report kind', of: (_, o) => o.kind },
  { name: 'catalogue hash', of: (_, o) => o.catalogue },
  { name: 'seed', of: (r) => r.seed, hint: 'give every shard the same --seed (a run without one draws its own)' },
  { name: 'level', of: (r) => r.level },
  { name: 'runs per property', of: (r) => r.runs },
  { name: 'shard count', of: (_, o) => (o.kind === 'run' ? shardOf(o).count : 'none') },
  { name: '--min-coverage', of: (r) => r.summary.minCoverage?.required ?? 'none' },
  { name: '--allow-gaps', of: (r) => r.summary.allowedGaps?.join(',') || 'none' },
  { name: '--slo', of: (r) => objectivesText(r.objectives ?? []) || 'none' },
];

/** What the reports of one target share besides: the target itself (the bundled mock listens on a port of its own each run). */
const OF_ONE_TARGET: readonly Agreement[] = [
  { name: 'target', of: (r, o) => (o.bundledMock ? 'the bundled mock' : r.target) },
];

/** The origin of a report; a report without one (written by a library caller) cannot be merged. */
export function originOf(input: MergeInput): ReportOrigin {
  const origin = input.report.origin;
  if (!origin)
    throw new ConformanceError(
      'CTS_BAD_REPORT',
      `${input.file}: the report of ${input.report.targetLabel} does not say where it comes from (no "origin"), so it cannot be merged`,
    );
  return origin;
}

function agree(inputs: readonly MergeInput[], agreements: readonly Agreement[]): void {
  const [first, ...rest] = inputs;
  if (!first) return;
  for (const a of agreements) {
    const expected = a.of(first.report, originOf(first));
    const other = rest.find((i) => a.of(i.report, originOf(i)) !== expected);
    if (other)
      throw refuse(
        `${a.name} differs: ${first.file} has ${expected}, ${other.file} has ${a.of(other.report, originOf(other))}${a.hint ? `: ${a.hint}` : ''}`,
      );
  }
}

/** Refuses reports that are not of one run (see the module comment). */
export function checkOneRun(inputs: readonly MergeInput[]): void {
  for (const i of inputs) originOf(i);
  agree(inputs, OF_ONE_RUN);
}

/** `shard 2/3` or `shards 2/3 and 3/3`. */
function shardWords(indices: readonly number[], count: number): string {
  const names = indices.map((i) => `${i}/${count}`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `shard${names.length > 1 ? 's' : ''} ${list}`;
}

/** Refuses one target's reports unless they are the whole of it (`expected`: `--shards N`). */
export function checkComplete(group: readonly MergeInput[], expected: number | undefined, where: string): void {
  const first = group[0]!;
  const origin = originOf(first);
  if (origin.kind !== 'run') {
    if (expected !== undefined && group.length !== expected)
      throw refuse(
        `${expected} ${origin.kind} reports expected (--shards ${expected})${where}, ${group.length} given: ${group.map((i) => i.file).join(', ')}`,
      );
    return;
  }
  const count = shardOf(origin).count;
  if (expected !== undefined && expected !== count)
    throw refuse(
      `--shards ${expected}, but the reports are shards of ${count} (${first.file} has shard ${shardOf(origin).index}/${count})`,
    );
  const seen = new Map<number, string>();
  for (const input of group) {
    const { index } = shardOf(originOf(input));
    const before = seen.get(index);
    if (before) throw refuse(`shard ${index}/${count} given twice${where}: ${before} and ${input.file}`);
    seen.set(index, input.file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length)
    throw refuse(
      `${shardWords(missing, count)} missing${where} (given: ${[...seen].map(([i, f]) => `${f} has ${i}/${count}`).join(', ')})`,
    );
}

/** Refuses one target's reports that name different targets. */
export function checkOneTarget(group: readonly MergeInput[]): void {
  agree(group, OF_ONE_TARGET);
}
