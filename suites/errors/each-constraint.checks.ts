/** @module Every constraint of a request schema (§4.1, §4.2, §4.4, §8), broken alone in a full body: answered 4xx. */
import { BODY_REJECTION_CONVENTION } from '../../src/rules/answer-facts.js';
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { DEFAULT_MODEL_ID } from '../../src/core/defaults.js';
import { operation, operationLabel } from '../../src/core/operations.js';
import { pass } from '../../src/core/result.js';
import { constraintCases, type ConstraintCase } from '../../src/generation/constraint-cases.js';
import { everyFieldChatRequests, everyFieldTrainingRequests } from '../../src/generation/index.js';
import { expectRejected } from '../chat-completions/chat-exchange.js';
import { chatDrawOptions } from '../acceptance/success.checks.js';
import { rawSpec } from './bodies.checks.js';
import { registry } from '../../src/schemas/registry.js';
import { slugOf } from '../../src/kit/baseline.js';
import { memo } from '../../src/core/values.js';

export type ConstrainedOperation = 'chat.create' | 'training-jobs.create' | 'trajectories.log';

type CaseContext = Pick<CheckContext, 'target' | 'seed'> & Partial<Pick<CheckContext, 'contextWindow'>>;

/** The valid body the cases of an operation are built on: it carries every field (a chat body within the known context window). */
function baseBody(ctx: CaseContext, op: ConstrainedOperation): Record<string, unknown> {
  if (op === 'chat.create') return everyFieldChatRequests(chatDrawOptions(ctx), ctx.seed)[1]!;
  const training = everyFieldTrainingRequests({ modelId: ctx.target.modelId }, ctx.seed);
  return op === 'training-jobs.create' ? training.create : training.logs[0]!;
}

/** The constraint cases of an operation for a run (the same set for any seed: one per constraint). */
export function casesOf(
  ctx: CaseContext,
  op: ConstrainedOperation,
  expect: ConstraintCase['expect'],
): ConstraintCase[] {
  return constraintCases(registry(), operation(op).requestSchema!, baseBody(ctx, op)).filter(
    (c) => c.expect === expect,
  );
}

const counted = new Map<string, number>();

/** How many cases of a kind an operation has (the schema decides; counted on a placeholder target). */
export function caseCount(op: ConstrainedOperation, expect: ConstraintCase['expect']): number {
  return memo(counted, `${op} ${expect}`, () => {
    const target = { model: 'm', maxCompletionTokens: 8, modelId: DEFAULT_MODEL_ID } as CheckContext['target'];
    return casesOf({ target, seed: 1 }, op, expect).length;
  });
}

function eachConstraintRejected(op: ConstrainedOperation): CheckDefinition {
  const o = operation(op);
  return defineCheck({
    id: `errors.each-constraint-rejected.${slugOf(op)}`,
    operation: op,
    section: o.section,
    level: 'SHOULD',
    convention: BODY_REJECTION_CONVENTION,
    requirement: `${operationLabel(op)} answers 4xx to a body that breaks one documented constraint of its schema (a required field left out, a value outside its listed values, not of its format, beyond a bound), for every such constraint.`,
    ...(o.writes ? { writes: true } : {}),
    async run(ctx) {
      const cases = casesOf(ctx, op, 'rejected');
      for (const c of cases) {
        const ex = await ctx.http.send(rawSpec(ctx, op, { label: c.label, body: c.text }));
        const bad = expectRejected(ex, `a 4xx answer to a body with ${c.label}`);
        if (bad) return bad;
      }
      return pass([`${cases.length} constraint(s) broken one at a time, each rejected`]);
    },
    schedule: { maxRequests: () => caseCount(op, 'rejected') },
  });
}

export const eachConstraintChecks: readonly CheckDefinition[] = (
  ['chat.create', 'training-jobs.create', 'trajectories.log'] as const
).map(eachConstraintRejected);
