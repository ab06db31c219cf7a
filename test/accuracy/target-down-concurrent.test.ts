/**
 * A target that goes down only when requests overlap (issue 51): the mock with the planted fault
 * `load.overlapping-long-n-exits` exits when two chat requests with n ≥ 2 and a long prompt are
 * under way at once (an engine whose scheduler aborts with its other slots busy), and is started
 * again 150 ms later. The load check's burst brings it down; sent again alone, none of the requests
 * in flight does, so the watcher sends them again at once and shrinks the set and the bodies while
 * the crash comes back. At every seed of the battery the run is NOT CONFORMANT with one
 * `target.stays-up` finding saying the crash needs concurrency, giving the two requests (fields the
 * crash does not need out, the prompt as short as still crashes) and the line that sends them at once.
 * (Before, the finding said "sent again alone, none of the N request(s) in flight brought it down
 * again" and listed the burst's requests whole.)
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../suites/index.js';
import { BATTERY_SEEDS } from './battery.js';
import { runAgainstMock } from '../helpers/run-checks.js';

const CHECK = 'load.answers-belong-to-their-requests';
const checks = CATALOGUE.filter((c) => c.id === CHECK);

describe('a target that goes down only when two long n ≥ 2 chat requests overlap', () => {
  it(`is found at every seed ${BATTERY_SEEDS[0]}–${BATTERY_SEEDS.at(-1)}: the crash needs concurrency, the set shrunk to two requests`, {
    timeout: 300_000,
  }, async () => {
    for (const seed of BATTERY_SEEDS) {
      const t0 = performance.now();
      const report = await runAgainstMock(checks, { seed, faults: ['load.overlapping-long-n-exits'] });
      const ms = Math.round(performance.now() - t0);
      const findings = report.results.filter((r) => r.id === 'target.stays-up');
      expect(findings, `seed ${seed}`).toHaveLength(1);
      const f = findings[0]!;
      expect(report.summary.conformant, `seed ${seed}`).toBe(false);
      expect(f.actual, `seed ${seed}`).toMatch(
        /Sent again alone, none of the \d+ request\(s\) in flight brought it down again; sent again all at once, they did: the crash needs concurrency\. The smallest set found: 2 requests sent at once, POST \/v1\/chat\/completions \(check load\.answers-belong-to-their-requests\) and POST \/v1\/chat\/completions \(check load\.answers-belong-to-their-requests\); shrunk \(\d+ of \d+ requests dropped; \d+ of \d+ fields out \([a-z_, ]+\); prompt \d+ → 32 characters\) in \d+ sends and \d+ restarts of the target$/,
      );
      expect(f.actual).not.toContain('stopped at its bound');
      // The two requests: only the fields the crash needs, n ≥ 2 each, the prompt cut to 32 characters.
      const bodies = (f.notes ?? [])
        .filter((n) => n.startsWith('at once, '))
        .map((n) => JSON.parse(/--data-raw '(.*)'$/.exec(n)![1]!) as Record<string, unknown>);
      expect(bodies).toEqual([
        { messages: [{ role: 'user', content: expect.stringMatching(/^.{32}$/) }], n: 2 },
        { messages: [{ role: 'user', content: expect.stringMatching(/^.{32}$/) }], n: 2 },
      ]);
      // Its replay: the check again, and the two curl lines sent at once.
      expect(f.evidence?.replay).toBe(`conformance run --only ${CHECK} --seed ${seed}`);
      expect(f.evidence?.curl).toMatch(/^curl .* & curl .* & wait$/);
      expect(f.evidence?.curl?.match(/--data-raw/g)).toHaveLength(2);
      // The check that brought it down is not judged; nothing is a connection error.
      const check = report.results.find((r) => r.id === CHECK);
      expect(check?.reason).toContain('a request of this check brought the target down');
      expect(report.results.filter((r) => r.status === 'error')).toEqual([]);
      const restarts = /in \d+ sends and (\d+) restarts/.exec(f.actual ?? '')?.[1];
      console.log(`seed ${seed}: ${ms} ms, ${restarts} restarts: ${f.actual?.split('; shrunk ')[1]}`);
    }
  });
});
