import { expect, test } from 'vitest';
import { arrivedAtOnce } from './chat-stream-verdict.js';

test('arrivedAtOnce: three or more events within 2 ms, or within 5 % of the time to the last, arrived at once', () => {
  const t = (firstEventMs: number | undefined, lastEventMs: number | undefined, events = 10) => ({
    firstEventMs,
    lastEventMs,
    largestGapMs: 0,
    events,
  });
  expect(arrivedAtOnce(t(3, 3))).toBe(true); // one read, soon after the request
  expect(arrivedAtOnce(t(15, 16.5))).toBe(true);
  expect(arrivedAtOnce(t(400, 410))).toBe(true); // a burst long after the request
  expect(arrivedAtOnce(t(10, 60))).toBe(false); // spread over the generation
  expect(arrivedAtOnce(t(3, 3, 2))).toBe(false); // too few events to tell
  expect(arrivedAtOnce(t(undefined, undefined, 0))).toBe(false);
});
