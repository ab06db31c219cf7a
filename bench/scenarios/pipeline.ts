/**
 * @module Scenario: the suite's generator + validator pipeline on its own, in this process (no
 * network): realistic §4.1 chat requests generated with fast-check and validated against the spec
 * schema and the convention overlay, per second. Also each half alone, to show which one costs.
 */
import fc from 'fast-check';
import { DEFAULT_MODEL } from '../../src/core/defaults.js';
import { realisticChatRequest } from '../../src/generation/index.js';
import { registry } from '../../src/schemas/registry.js';
import { row, type Row } from '../lib/table.js';

export interface PipelineOptions {
  seconds: number;
  goal: number;
}

const BATCH = 500;
const MAX_CASES = 500_000;

export async function pipelineScenario(
  opts: PipelineOptions,
): Promise<{ rows: Row[]; details: Record<string, unknown> }> {
  const arb = realisticChatRequest({ model: DEFAULT_MODEL, maxCompletionTokens: 16 });
  const spec = registry().validator('chat/chat-completion-request');
  const overlay = registry().validator('conventions/chat-completion-request');
  // Warm-up (JIT, lazy compiles).
  for (const r of fc.sample(arb, { seed: 0, numRuns: BATCH })) {
    spec(r);
    overlay(r);
  }
  const deadline = (s: number) => performance.now() + s * 1000;

  // Generate + validate.
  let cases = 0;
  let invalid = 0;
  let seed = 1;
  let started = performance.now();
  let until = deadline(opts.seconds);
  while (performance.now() < until && cases < MAX_CASES) {
    for (const r of fc.sample(arb, { seed: seed++, numRuns: BATCH })) if (!(spec(r) && overlay(r))) invalid++;
    cases += BATCH;
  }
  const pipelineRate = cases / ((performance.now() - started) / 1000);

  // Generation alone (keeps a batch for the validation-only figure).
  let generated = 0;
  let kept: unknown[] = [];
  started = performance.now();
  until = deadline(opts.seconds / 2);
  while (performance.now() < until && generated < MAX_CASES) {
    kept = fc.sample(arb, { seed: seed++, numRuns: BATCH });
    generated += BATCH;
  }
  const genRate = generated / ((performance.now() - started) / 1000);

  // Validation alone, over the last batch, repeatedly.
  let validated = 0;
  started = performance.now();
  until = deadline(opts.seconds / 4);
  while (performance.now() < until && validated < 20 * MAX_CASES) {
    for (const r of kept) {
      spec(r);
      overlay(r);
    }
    validated += kept.length;
  }
  const valRate = validated / ((performance.now() - started) / 1000);

  const rows: Row[] = [
    row({
      scenario: 'pipeline',
      figure: 'chat requests generated + validated',
      value: pipelineRate,
      unit: 'cases/s',
      goal: { text: `> ${opts.goal.toLocaleString('en-US')} cases/s`, met: pipelineRate > opts.goal },
      note: `${cases} cases, ${invalid} invalid (must be 0)`,
    }),
    row({ scenario: 'pipeline', figure: 'generation alone', value: genRate, unit: 'cases/s' }),
    row({ scenario: 'pipeline', figure: 'validation alone (spec + overlay)', value: valRate, unit: 'cases/s' }),
  ];
  return { rows, details: { cases, invalid, pipelineRate, genRate, valRate } };
}
