/**
 * The load checks' bursts never take the run beyond --concurrency requests in flight: a burst is at
 * most --concurrency requests, and the load checks run alone, after the others.
 */
import { expect, test } from 'vitest';
import type { MockResponse } from '../../mock/types.js';
import { runAgainstVariant, type VariantHandler } from '../../test/helpers/variant-server.js';
import { CATALOGUE } from '../index.js';

const chatChecks = CATALOGUE.filter((c) => c.operation === 'chat.create');

const isLoad = (body: Uint8Array | undefined) =>
  new TextDecoder().decode(body ?? new Uint8Array()).includes('cts-load-');

/**
 * The mock behind a counter of the requests in flight (a stream is in flight until its last event is
 * written): the most seen while a load check's request was.
 */
function counted(): { handler: VariantHandler; most(): number } {
  let now = 0;
  let load = 0;
  let most = 0;
  const handler: VariantHandler = async (req, handle) => {
    const mine = isLoad(req.body);
    now++;
    if (mine) load++;
    if (load > 0) most = Math.max(most, now);
    const done = () => {
      now--;
      if (mine) load--;
    };
    let res: MockResponse;
    try {
      res = await handle(req);
    } catch (err) {
      done();
      throw err;
    }
    if (!res.stream) {
      done();
      return res;
    }
    const stream = res.stream;
    return {
      ...res,
      stream: (async function* () {
        try {
          yield* stream;
        } finally {
          done();
        }
      })(),
    };
  };
  return { handler, most: () => most };
}

for (const concurrency of [3, 6]) {
  test(`at --concurrency ${concurrency} the chat checks, load bursts of 8 asked, never have more in flight during a burst`, async () => {
    const { handler, most } = counted();
    const report = await runAgainstVariant(chatChecks, handler, {
      level: 'should',
      runs: 2,
      concurrency,
      target: { loadBurst: 8 },
      mock: { latencyMs: 5 },
    });
    expect(report.results.filter((r) => r.id.startsWith('load.')).map((r) => r.status)).toEqual(['pass', 'pass']);
    expect(most()).toBeLessThanOrEqual(concurrency);
    // The bursts did fill the lanes: the cap is reached, not merely kept.
    expect(most()).toBe(concurrency);
  }, 60_000);
}
