/** The write lane's order: MUST first, then fewest requests, a root before checks that may send as many, then catalogue order. */
import { expect, test } from 'vitest';
import { defineCheck, type CheckDefinition, type CheckSchedule } from '../core/check.js';
import type { OperationId } from '../core/operations.js';
import { pass } from '../core/result.js';
import { writeOrder } from './budget.js';

function check(
  id: string,
  operation: OperationId,
  { maxRequests, ...extra }: Partial<Pick<CheckDefinition, 'level' | 'writes' | 'root'> & CheckSchedule> = {},
): CheckDefinition {
  const level = extra.level ?? 'MUST';
  return defineCheck({
    id,
    operation,
    section: '§4.2',
    level,
    requirement: 'r',
    ...(level === 'SHOULD' ? { convention: 'c' } : {}),
    ...extra,
    run: async () => pass(),
    ...(maxRequests ? { schedule: { maxRequests } } : {}),
  });
}

test('MUST before SHOULD and INFO, fewest requests first, a root before the others of its size, catalogue order last', () => {
  const checks = [
    check('a.should-small', 'training-jobs.create', { level: 'SHOULD', writes: true, maxRequests: () => 1 }),
    check('a.must-big', 'trajectories.log', { writes: true, maxRequests: () => 50 }),
    check('a.chat', 'chat.create', { maxRequests: () => 1 }),
    check('a.must-big-root', 'training-jobs.create', { writes: true, root: true, maxRequests: () => 50 }),
    check('a.info', 'trajectories.log', { level: 'INFO', writes: true, maxRequests: () => 1 }),
    // Sends to an operation with side effects without the `writes` flag (invalid bodies): still in the lane.
    check('a.refusals', 'trajectories.log', { maxRequests: () => 3 }),
    check('a.must-small', 'training-jobs.get', { writes: true, maxRequests: () => 2 }),
    check('a.read', 'predictions.list'),
  ];
  expect(writeOrder(checks, 10).map((i) => checks[i]!.id)).toEqual([
    'a.must-small',
    'a.refusals',
    'a.must-big-root',
    'a.must-big',
    'a.should-small',
    'a.info',
  ]);
});
