import { expect, test } from 'vitest';
import { startDeadline } from './deadline.js';

test('an exchange started after the run was aborted is aborted at once with the run’s reason, and says why', () => {
  const run = new AbortController();
  run.abort(new DOMException('interrupted by SIGTERM', 'AbortError'));
  const deadline = startDeadline(50, run.signal);
  expect(deadline.signal.aborted).toBe(true);
  expect((deadline.signal.reason as DOMException).message).toBe('interrupted by SIGTERM');
  expect(deadline.expired()).toBe(false);
  expect(deadline.describe()).toMatch(/had not arrived after \d+ ms/);
  deadline.dispose();
});
