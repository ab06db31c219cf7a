/**
 * @module The accuracy battery's runs: each conformant variant of the mock (variants.ts) run with the
 * whole catalogue, and each planted fault (mock/faults) run with the checks it claims to break, each
 * at a list of seeds; what a run shows is reduced to one verdict per (target, seed). A false finding
 * is a variant judged anything but conformant; a missed fault is a fault judged conformant. The
 * rendering into docs/accuracy.md is table.ts's.
 */
import type { CheckDefinition } from '../../src/core/check.js';
import type { RunReport } from '../../src/core/report.js';
import { verdictOf } from '../../src/gating/verdict.js';
import { CATALOGUE } from '../../suites/index.js';
import { FAULTS, type Fault } from '../../mock/faults/index.js';
import { runAgainstMock } from '../helpers/run-checks.js';
import { runAgainstVariant } from '../helpers/variant-server.js';
import { CONFORMANT_VARIANTS, type ConformantVariant, MUST_ONLY_VARIANTS } from './variants.js';

/** The seeds every variant and every fault is run at. */
export const BATTERY_SEEDS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Cases per property in the battery's runs (the CLI's default is 25; the fault batteries use 10). */
export const BATTERY_RUNS = 10;

/** What one run says of a target: its verdict word and the checks that failed or erred. */
export interface RunVerdict {
  readonly seed: number;
  readonly word: string;
  readonly conformant: boolean;
  /** `<check id> (fail|error): <what>`, one per failing or erring check. */
  readonly findings: readonly string[];
  /** The same, of the checks that may gate (MUST and SHOULD: INFO observations never do). */
  readonly gatingFindings: readonly string[];
}

function verdictOfRun(seed: number, report: RunReport): RunVerdict {
  const bad = report.results.filter((r) => r.status === 'fail' || r.status === 'error');
  const line = (r: (typeof bad)[number]) =>
    `${r.id} (${r.status}): ${(r.actual ?? r.message ?? '').split('\n')[0]!.slice(0, 240)}`;
  return {
    seed,
    word: verdictOf(report).word,
    conformant: report.summary.conformant,
    findings: bad.map(line),
    gatingFindings: bad.filter((r) => r.level !== 'INFO').map(line),
  };
}

/**
 * A variant is judged right when the run is conformant at the strict level and no MUST or SHOULD
 * check failed or erred (INFO observations, such as stream timing on a busy machine, never gate).
 */
export const isFalseFinding = (v: RunVerdict, departsFrom?: string): boolean =>
  !v.conformant || v.gatingFindings.some((f) => departsFrom === undefined || !f.startsWith(departsFrom));

/** A variant as the battery runs it: at level should, or at level must when it departs from a SHOULD convention. */
export interface BatteryVariant {
  readonly variant: ConformantVariant;
  readonly level: 'must' | 'should';
  /** The id prefix of the SHOULD checks it departs from (those may fail). */
  readonly departsFrom?: string;
}

/** Every variant of variants.ts, with the level it is judged at. */
export const BATTERY_VARIANTS: readonly BatteryVariant[] = [
  ...CONFORMANT_VARIANTS.map((variant) => ({ variant, level: 'should' as const })),
  ...MUST_ONLY_VARIANTS.map((variant) => ({ variant, level: 'must' as const, departsFrom: variant.departsFrom })),
];

/** The whole catalogue against a conformant variant, at the strict level unless told otherwise. */
export async function runVariant(
  variant: ConformantVariant,
  seed: number,
  level: 'must' | 'should' = 'should',
  runs = BATTERY_RUNS,
  checks: readonly CheckDefinition[] = CATALOGUE,
): Promise<RunVerdict> {
  const report = await runAgainstVariant(checks, variant.variant, {
    ...variant.run,
    level,
    seed,
    runs,
    ...(variant.mock ? { mock: variant.mock } : {}),
    ...(variant.target ? { target: variant.target } : {}),
    ...(variant.allowGaps ? { allowGaps: variant.allowGaps } : {}),
  });
  return verdictOfRun(seed, report);
}

const BY_ID = new Map(CATALOGUE.map((c) => [c.id, c]));

/**
 * The checks a fault's run takes: those it claims to break, the roots and root causes of their
 * operations (cascades judge as in a whole run), and the checks they share cases with.
 */
function faultChecks(fault: Fault): CheckDefinition[] {
  const broken = fault.breaks.map((id) => BY_ID.get(id)).filter((c): c is CheckDefinition => c !== undefined);
  const ops = new Set(broken.map((c) => c.operation));
  const ids = new Set(broken.map((c) => c.id));
  for (const c of CATALOGUE) if ((c.root || c.explains) && ops.has(c.operation)) ids.add(c.id);
  for (const c of broken) if (c.schedule?.sharesCasesWith !== undefined) ids.add(c.schedule.sharesCasesWith);
  return CATALOGUE.filter((c) => ids.has(c.id));
}

/** The strictest level of the checks a fault breaks: MUST, SHOULD, or INFO (observations, which never gate). */
export function faultLevel(fault: Fault): 'MUST' | 'SHOULD' | 'INFO' {
  const levels = new Set(fault.breaks.map((id) => BY_ID.get(id)?.level));
  return levels.has('MUST') ? 'MUST' : levels.has('SHOULD') ? 'SHOULD' : 'INFO';
}

/** The faults a run must catch: those that claim to break a check (the rest plant coverage holes). */
export const BATTERY_FAULTS: readonly Fault[] = FAULTS.filter((f) => f.breaks.length > 0);

/** The faults that only plant a coverage hole (no check fails on them: their runs are not verdicts). */
export const HOLE_FAULTS: readonly Fault[] = FAULTS.filter((f) => f.breaks.length === 0);

/**
 * A fault is caught at a seed when the run, gated at the fault's level, is not conformant; a fault
 * that breaks only observations (INFO, which never gate) when one of them reports the finding.
 */
export function isCaught(fault: Fault, v: RunVerdict): boolean {
  if (faultLevel(fault) !== 'INFO') return !v.conformant;
  return v.findings.some((f) => fault.breaks.some((id) => f.startsWith(`${id} (fail)`)));
}

/** The mock with one fault planted, run with the checks it claims to break. */
export async function runFault(fault: Fault, seed: number, runs = BATTERY_RUNS): Promise<RunVerdict> {
  const level = faultLevel(fault) === 'MUST' ? 'must' : 'should';
  const report = await runAgainstMock(faultChecks(fault), { level, seed, runs, faults: [fault.id] });
  return verdictOfRun(seed, report);
}
