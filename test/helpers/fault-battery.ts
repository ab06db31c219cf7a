/**
 * The battery every suite area runs (schemathesis's planted bugs): all its checks pass against the
 * clean mock at the strict level, and each check fails against every planted fault that claims to
 * break it. Call it at the top level of `suites/<area>/<area>.test.ts`.
 */
import { expect, test } from 'vitest';
import type { CheckDefinition } from '../../src/core/check.js';
import { requestsOf } from '../../src/runner/budget.js';
import type { RunEvent } from '../../src/runner/events.js';
import { type Fault, FAULTS } from '../../mock/faults/index.js';
import { explain, runAgainstMock, type RunAgainstMockOptions } from './run-checks.js';

function faultsBreaking(checkId: string): Fault[] {
  return FAULTS.filter((f) => f.breaks.includes(checkId));
}

/**
 * Records every check's requests in a run and reports those that sent more than their declared
 * `maxRequests` (the run's time budget rests on it: src/runner/budget.ts).
 */
function requestLedger(checks: readonly CheckDefinition[], runs: number) {
  const over: string[] = [];
  const byId = new Map(checks.map((c) => [c.id, c]));
  return {
    onEvent(event: RunEvent) {
      if (event.type !== 'check-end') return;
      const check = byId.get(event.result.id);
      if (check && event.requests > requestsOf(check, runs)) {
        over.push(
          `${check.id} sent ${event.requests} requests at --runs ${runs}, more than its maxRequests (${requestsOf(check, runs)}): declare schedule.maxRequests in its defineCheck`,
        );
      }
    },
    overruns: () => over.join('\n'),
  };
}

export function faultBattery(
  area: string,
  checks: readonly CheckDefinition[],
  options: RunAgainstMockOptions = {},
): void {
  const runs = options.runs ?? 10;
  test(`${area}: every check passes against the clean mock at the strict level, within its declared requests`, async () => {
    const ledger = requestLedger(checks, runs);
    const report = await runAgainstMock(checks, { level: 'should', ...options, onEvent: ledger.onEvent });
    expect(explain(report.results), 'non-passing checks').toBe('');
    expect(ledger.overruns(), 'checks over their request budget').toBe('');
  });

  for (const check of checks) {
    const faults = faultsBreaking(check.id);
    test(`${check.id}: has a planted fault that breaks it`, () => {
      expect(faults, `no fault in mock/faults lists ${check.id} in its breaks`).not.toHaveLength(0);
    });
    for (const fault of faults) {
      test(`${check.id} fails against the fault ${fault.id}`, async () => {
        const ledger = requestLedger([check], runs);
        const report = await runAgainstMock([check], { ...options, faults: [fault.id], onEvent: ledger.onEvent });
        const r = report.results[0]!;
        // A fault that makes the server exit: the check is not judged, the run's target.stays-up fails in its place.
        const failed = fault.exits ? report.results.find((x) => x.id === 'target.stays-up') : r;
        if (fault.exits) expect(r.reason).toContain('a request of this check brought the target down');
        expect(failed?.status, `${check.id} under ${fault.id}: ${failed?.actual ?? r.reason ?? r.message ?? ''}`).toBe(
          'fail',
        );
        expect(ledger.overruns(), 'a failing check (shrinking included) stays within its request budget').toBe('');
        expect(failed?.evidence?.replay).toContain(`--only ${check.id}`);
      });
    }
  }
}
