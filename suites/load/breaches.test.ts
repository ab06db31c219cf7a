/**
 * The burst judged against its control: a breach the same request shows alone is the owner rule's
 * (a note), one that shows only under load is the load check's finding.
 */
import { expect, test } from 'vitest';
import { judgeBurst, OWNERS } from './breaches.js';
import type { Answer, BurstRequest } from './burst.js';

const req = (index: number, n = 1, maxTokens = 2): BurstRequest => ({
  index,
  requestId: `r${index}`,
  n,
  maxTokens,
  stream: false,
  body: {},
});
const answer = (text: string, completion: number, id: string, total = 5 + completion): Answer => ({
  status: 200,
  texts: [text],
  id,
  usage: { prompt_tokens: 5, completion_tokens: completion, total_tokens: total } as Answer['usage'],
});

const reqs = [req(0), req(1)];

test('completion_tokens over n × max alone too: no breach under load, a note naming the owner', () => {
  const solo = [answer('a', 19, 's0'), answer('b', 19, 's1')];
  const burst = [answer('a', 19, 'b0'), answer('b', 19, 'b1')];
  const j = judgeBurst(reqs, solo, burst);
  expect(j.breach).toBeUndefined();
  expect(j.aloneToo).toHaveLength(1);
  expect(j.aloneToo[0]).toContain(`${OWNERS.bound}'s finding, not one under load`);
});

test('completion_tokens over n × max only under load: the load check’s breach', () => {
  const solo = [answer('a', 2, 's0'), answer('b', 2, 's1')];
  const burst = [answer('a', 2, 'b0'), answer('b', 19, 'b1')];
  expect(judgeBurst(reqs, solo, burst).breach).toMatchObject({
    at: 1,
    actual: expect.stringContaining('19 completion tokens'),
  });
});

test('usage that does not add up alone too is usage-adds-up’s; only under load, the load check’s', () => {
  const solo = [answer('a', 2, 's0', 99), answer('b', 2, 's1')];
  const alone = judgeBurst(reqs, solo, [answer('a', 2, 'b0', 99), answer('b', 2, 'b1')]);
  expect(alone.breach).toBeUndefined();
  expect(alone.aloneToo).toEqual([expect.stringContaining(OWNERS.usage)]);
  expect(judgeBurst(reqs, solo, [answer('a', 2, 'b0', 99), answer('b', 2, 'b1', 42)]).breach?.at).toBe(1);
});

test('ids shared alone too are no finding under load; shared only under load, and crossed answers, are', () => {
  const solo = [answer('a', 2, 'same'), answer('b', 2, 'same')];
  expect(judgeBurst(reqs, solo, [answer('a', 2, 'same'), answer('b', 2, 'same')]).breach).toBeUndefined();
  const distinct = [answer('a', 2, 's0'), answer('b', 2, 's1')];
  expect(judgeBurst(reqs, distinct, [answer('a', 2, 'x'), answer('b', 2, 'x')]).breach?.actual).toContain('id x');
  expect(judgeBurst(reqs, distinct, [answer('b', 2, 'b0'), answer('a', 2, 'b1')]).breach?.actual).toContain(
    'answers crossed',
  );
});
