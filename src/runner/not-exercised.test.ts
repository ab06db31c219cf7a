import { expect, test } from 'vitest';
import { describeNotExercised } from './not-exercised.js';

const check = (id: string, operation: 'chat.create' | 'training-jobs.create' | 'predictions.list', writes = false) => ({
  id,
  operation,
  level: 'MUST' as const,
  writes,
});
const checks = [check('chat.a', 'chat.create'), check('jobs.a', 'training-jobs.create', true)];

test('writes off: the start line names the writing checks, their operations and what accepts the gap', () => {
  const [line] = describeNotExercised(checks, [], { allowWrites: false });
  expect(line).toBe(
    'writes off: 1 check with side effects (1 MUST) of training-jobs.create not run ' +
      '(pass --allow-writes; until then the run cannot exit 0: --allow-gaps writes accepts it)',
  );
  expect(describeNotExercised(checks, [], { allowWrites: false, allowGaps: ['writes'] })[0]).toContain(
    'accepted by --allow-gaps writes',
  );
});

test('writes on and nothing left out: nothing to say; a selection names the operations left untouched', () => {
  expect(describeNotExercised(checks, [], { allowWrites: true })).toEqual([]);
  const [line] = describeNotExercised([checks[0]!], [checks[1]!, check('p.a', 'predictions.list')], {
    allowWrites: true,
  });
  expect(line).toMatch(
    /^--only\/--skip\/--shard leave out 2 checks; operations not exercised at all: .*training-jobs\.create/,
  );
  expect(line).not.toMatch(/: chat\.create/);
});
