import { expect, test } from 'vitest';
import { arrivedAtOnce } from './chat-stream-verdict.js';
import { heldBack } from './stream-rules.js';

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

test('heldBack: a stream that arrived at once is said held back when it came compressed or late, else nothing', () => {
  const t = (firstEventMs: number, lastEventMs: number) => ({ firstEventMs, lastEventMs, largestGapMs: 0, events: 10 });
  expect(heldBack(t(10, 60), 'gzip')).toBeUndefined(); // spread over the generation
  expect(heldBack(t(3, 3), undefined)).toBeUndefined(); // a fast generation, as is
  expect(heldBack(t(3, 3), ' identity ')).toBeUndefined();
  expect(heldBack(t(3, 3), 'GZIP, identity')).toMatch(/came compressed \(Content-Encoding: gzip\)/);
  expect(heldBack(t(400, 401), undefined)).toMatch(/^all 10 events arrived at once .* held back \(a buffering front/);
  expect(heldBack(t(400, 401), 'br')).toMatch(/Content-Encoding: br/);
});
