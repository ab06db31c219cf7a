import { expect, test } from 'vitest';
import { groupHoles, type CoverageHole } from '../core/coverage.js';
import type { OperationId } from '../core/operations.js';
import type { CheckResult } from '../core/result.js';
import { registry } from '../schemas/registry.js';
import { notSelectedOf, type RunCauses, type RunnerSkip } from './causes.js';
import { coverageModel } from './model.js';
import { summarizeCoverage } from './summary.js';

const model = coverageModel(registry());

function result(id: string, operation: OperationId, status: CheckResult['status'], extra: Partial<CheckResult> = {}) {
  return { id, operation, section: '§4', level: 'MUST', requirement: 'r', status, durationMs: 1, ...extra } as const;
}

/** Every item of the model exercised except those of `ops`. */
const coveredBut = (...ops: OperationId[]): Set<string> =>
  new Set(model.items.filter((i) => !ops.includes(i.operation)).map((i) => i.id));

const causeCodes = (holes: readonly CoverageHole[], op: OperationId) => [
  ...new Set(holes.filter((h) => h.operation === op).map((h) => h.cause?.code)),
];

test("a skipped check's hole has the cause the runner gave, or its root, or its own", () => {
  const skipped = new Map<string, RunnerSkip>([
    ['w', 'writes-not-allowed'],
    ['b', 'write-budget-spent'],
    ['n', 'not-judged'],
  ]);
  const causes: RunCauses = {
    skipped,
    unjudged: { code: 'CTS_CREDENTIALS_REFUSED', reason: 'on /v2 the target refused: pass --basic' },
  };
  const results = [
    result('w', 'trajectories.log', 'skip', { reason: 'has side effects' }),
    result('b', 'training-jobs.create', 'skip', { reason: 'budget' }),
    result('n', 'scores.list', 'skip', { reason: 'not run' }),
    result('k', 'chat.create', 'skip', {
      reason: 'blocked',
      blockedBy: 'acceptance.valid-request-succeeds.chat-create',
    }),
    result('own', 'predictions.read', 'skip', { reason: 'no ids listed' }),
  ];
  const c = summarizeCoverage(model, coveredBut(), results, causes);
  const of = (id: string) => c.holes.find((h) => h.id === `check ${id}`)!.cause;
  expect(of('w')).toEqual({ code: 'writes-not-allowed', reason: 'writes not allowed', remedy: 'pass --allow-writes' });
  expect(of('b')).toEqual({
    code: 'write-budget-spent',
    reason: 'the write budget was spent',
    remedy: 'raise --max-writes',
  });
  expect(of('n')).toEqual({
    code: 'not-judged',
    reason: 'not judged (CTS_CREDENTIALS_REFUSED)',
    remedy: 'on /v2 the target refused: pass --basic',
  });
  expect(of('k')?.code).toBe('blocked');
  expect(of('k')?.reason).toContain('acceptance.valid-request-succeeds.chat-create');
  expect(of('own')?.code).toBe('skipped-by-check');
});

test("an item's cause is the one most of its operation's unrun checks share; when they all ran, no request exercised it", () => {
  const skipped = new Map<string, RunnerSkip>([
    ['w1', 'writes-not-allowed'],
    ['w2', 'writes-not-allowed'],
    ['b1', 'write-budget-spent'],
  ]);
  const results = [
    result('w1', 'training-jobs.create', 'skip'),
    result('w2', 'training-jobs.create', 'skip'),
    result('b1', 'training-jobs.create', 'skip'),
    result('p', 'training-jobs.create', 'pass'),
    result('own', 'chat.create', 'skip', { reason: 'the control shows nothing' }),
    result('c', 'chat.create', 'pass'),
  ];
  const c = summarizeCoverage(model, coveredBut('training-jobs.create', 'chat.create'), results, { skipped });
  expect(
    causeCodes(
      c.holes.filter((h) => h.kind !== 'check-skipped'),
      'training-jobs.create',
    ),
  ).toEqual(['writes-not-allowed']);
  // A check's own skip is not the cause of its operation's items: its hole says why.
  expect(
    causeCodes(
      c.holes.filter((h) => h.kind !== 'check-skipped'),
      'chat.create',
    ),
  ).toEqual(['not-exercised']);
  // As many checks left out as skipped for writes: the tie goes to writes (the flag that lets most run).
  const tie = summarizeCoverage(model, coveredBut('training-jobs.create'), results.slice(0, 2), {
    skipped,
    notSelected: new Map([['training-jobs.create', 2]]),
  });
  expect(causeCodes(tie.holes, 'training-jobs.create')).toEqual(['writes-not-allowed']);
});

test('an operation no check of the run is for, or whose checks the selection left out, has its holes not selected', () => {
  const run = [{ operation: 'chat.create' as const }];
  const left = notSelectedOf(run, [{ operation: 'chat.create' }, { operation: 'chat.create' }]);
  expect(left.get('chat.create')).toBe(2);
  expect(left.get('scores.read')).toBe(1);
  const c = summarizeCoverage(model, coveredBut('chat.create', 'scores.read'), [result('c', 'chat.create', 'pass')], {
    notSelected: left,
  });
  expect(causeCodes(c.holes, 'scores.read')).toEqual(['not-selected']);
  expect(causeCodes(c.holes, 'chat.create')).toEqual(['not-selected']);
  expect(c.holes.find((h) => h.operation === 'scores.read')?.cause).toEqual({
    code: 'not-selected',
    reason: 'checks not selected',
    remedy: 'widen --only/--skip/--shard',
  });
  // Without the selection known (the proxy), nothing is said to be left out.
  expect(causeCodes(summarizeCoverage(model, coveredBut('scores.read'), []).holes, 'scores.read')).toEqual([
    'not-exercised',
  ]);
});

test('groups: one per operation and cause, in operation order, largest first, every hole in exactly one', () => {
  const skipped = new Map<string, RunnerSkip>([['w', 'writes-not-allowed']]);
  const results = [
    result('w', 'trajectories.log', 'skip'),
    result('own', 'trajectories.log', 'skip', { reason: 'nothing' }),
    result('a', 'chat.create', 'skip', { blockedBy: 'root-a' }),
    result('b', 'chat.create', 'skip', { blockedBy: 'root-b' }),
  ];
  const c = summarizeCoverage(model, coveredBut('trajectories.log'), results, { skipped });
  expect(c.groups).toEqual(groupHoles(c.holes));
  expect(c.groups!.map((g) => [g.operation, g.cause.code, g.ids.length])).toEqual([
    // Checks blocked by different roots stay apart.
    ['chat.create', 'blocked', 1],
    ['chat.create', 'blocked', 1],
    ['trajectories.log', 'writes-not-allowed', c.holes.filter((h) => h.operation === 'trajectories.log').length - 1],
    ['trajectories.log', 'skipped-by-check', 1],
  ]);
  expect(c.groups!.flatMap((g) => g.ids).sort()).toEqual(c.holes.map((h) => h.id).sort());
});

test('holes without a cause (reports written before causes) group as not exercised, or skipped by their check', () => {
  const groups = groupHoles([
    { id: 'a', operation: 'scores.read', kind: 'response', description: '' },
    { id: 'check b', operation: 'scores.read', kind: 'check-skipped', description: '' },
    { id: 'c', operation: 'chat.create', kind: 'auth', description: '' },
  ]);
  expect(groups.map((g) => [g.operation, g.cause.code, g.ids])).toEqual([
    ['chat.create', 'not-exercised', ['c']],
    ['scores.read', 'not-exercised', ['a']],
    ['scores.read', 'skipped-by-check', ['check b']],
  ]);
});
