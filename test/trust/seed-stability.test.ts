/**
 * Seed stability: the verdict of a conformant target (exit code, and which MUST checks fail) must
 * not depend on the seed. Runs the gating (MUST) checks over many seeds against the bundled mock
 * and against conformant variants: a FastAPI service on pydantic 1, which coerces scalars, and a
 * server that answers 403 where the mock answers 401. Each must be conformant at every seed.
 *
 * SEED_STABILITY_SEEDS widens the sweep (16 seeds is a thorough sweep).
 */
import { expect, test } from 'vitest';
import type { RunReport } from '../../src/core/report.js';
import { CATALOGUE } from '../../suites/index.js';
import { runAgainstMock } from '../helpers/run-checks.js';
import { pydantic1Variant } from '../helpers/pydantic1-variant.js';
import { runAgainstVariant, type Variant } from '../helpers/variant-server.js';

const SEEDS = Array.from({ length: Number(process.env.SEED_STABILITY_SEEDS ?? 8) }, (_, i) => 1 + i * 7919);
const GATING = CATALOGUE.filter((c) => c.level === 'MUST');
// Few property runs per seed: many seeds draw many cases, and the test stays quick.
const RUNS = 6;

const forbidden403: Variant = { after: (_req, res) => (res.status === 401 ? { ...res, status: 403 } : res) };

const TARGETS: Record<string, (seed: number) => Promise<RunReport>> = {
  'the bundled mock': (seed) => runAgainstMock(GATING, { level: 'must', seed, runs: RUNS }),
  'a pydantic 1 service (lax coercion)': (seed) =>
    runAgainstVariant(GATING, pydantic1Variant(), { level: 'must', seed, runs: RUNS, target: { bundledMock: true } }),
  'a server answering 403 for missing credentials': (seed) =>
    runAgainstVariant(GATING, forbidden403, { level: 'must', seed, runs: RUNS, target: { bundledMock: true } }),
};

/** The verdict of one run: conformant or not, and the MUST checks that failed or erred. */
function verdict(report: RunReport): string {
  const bad = report.results
    .filter((r) => r.status === 'fail' || r.status === 'error')
    .map((r) => `${r.id} (${r.status}: ${r.actual ?? r.message ?? ''})`.slice(0, 400));
  return report.summary.conformant ? 'conformant' : `not conformant: ${bad.join('; ')}`;
}

test.each(Object.keys(TARGETS))('%s: conformant at every seed', { timeout: 240_000 }, async (name) => {
  const verdicts: Record<number, string> = {};
  for (const seed of SEEDS) verdicts[seed] = verdict(await TARGETS[name]!(seed));
  const expected = Object.fromEntries(SEEDS.map((s) => [s, 'conformant']));
  expect(verdicts).toEqual(expected);
});
