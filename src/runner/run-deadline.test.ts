/** The run's deadline starts once the checks' preparation is done, and says what a check was waiting for. */
import { expect, test } from 'vitest';
import { createRunDeadline } from './run-deadline.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

test('the clock starts when the preparation settles, not before', async () => {
  const deadline = createRunDeadline(400);
  let prepared!: () => void;
  deadline.startAfter(new Promise<void>((r) => (prepared = r)));
  await sleep(300);
  prepared();
  await sleep(200);
  // 500 ms since it was created, 200 since the preparation ended: a clock started at once would have passed.
  expect(deadline.signal.aborted).toBe(false);
  await sleep(400);
  expect(deadline.signal.aborted).toBe(true);
  deadline.stop();
});

test('a preparation that never ends holds the clock back a deadline’s length at most', async () => {
  const deadline = createRunDeadline(20);
  deadline.startAfter(new Promise<void>(() => {}));
  await sleep(100);
  expect(deadline.signal.aborted).toBe(true);
  deadline.stop();
});

test('a watched check is told what it was waiting for; a stopped deadline never passes', async () => {
  const deadline = createRunDeadline(10);
  deadline.startAfter(Promise.resolve());
  const watched = deadline.watch(new Set());
  await expect(watched.promise).resolves.toMatchObject({
    status: 'error',
    code: 'CTS_RUN_DEADLINE',
    message: expect.stringContaining('it had no request of its own in flight'),
  });
  const stopped = createRunDeadline(10);
  stopped.startAfter(Promise.resolve());
  stopped.stop();
  await sleep(40);
  expect(stopped.signal.aborted).toBe(false);
});

test('the clock held while the target is down does not run: the deadline passes that much later', async () => {
  const deadline = createRunDeadline(200);
  deadline.startAfter(Promise.resolve());
  await sleep(50);
  const release = deadline.hold();
  await sleep(300);
  // 350 ms since the start, 50 of them counted.
  expect(deadline.signal.aborted).toBe(false);
  release();
  await sleep(100);
  expect(deadline.signal.aborted).toBe(false);
  await sleep(150);
  expect(deadline.signal.aborted).toBe(true);
  deadline.stop();
});
