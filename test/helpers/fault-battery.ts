/**
 * The battery every suite area runs (schemathesis's planted bugs): all its checks pass against the
 * clean mock at the strict level, and each check fails against every planted fault that claims to
 * break it. Call it at the top level of `suites/<area>/<area>.test.ts`.
 */
import { expect, test } from 'vitest';
import type { CheckDefinition } from '../../src/core/check.js';
import { FAULTS } from '../../mock/faults/index.js';
import { explain, runAgainstMock, type RunAgainstMockOptions } from './run-checks.js';

export function faultsBreaking(checkId: string): string[] {
  return FAULTS.filter((f) => f.breaks.includes(checkId)).map((f) => f.id);
}

export function faultBattery(area: string, checks: readonly CheckDefinition[], options: RunAgainstMockOptions = {}): void {
  test(`${area}: every check passes against the clean mock at the strict level`, async () => {
    const report = await runAgainstMock(checks, { level: 'should', ...options });
    expect(explain(report.results), 'non-passing checks').toBe('');
  });

  for (const check of checks) {
    const faults = faultsBreaking(check.id);
    test(`${check.id}: has a planted fault that breaks it`, () => {
      expect(faults, `no fault in mock/faults lists ${check.id} in its breaks`).not.toHaveLength(0);
    });
    for (const fault of faults) {
      test(`${check.id} fails against the fault ${fault}`, async () => {
        const report = await runAgainstMock([check], { ...options, faults: [fault] });
        const r = report.results[0]!;
        expect(r.status, `${check.id} under ${fault}: ${r.actual ?? r.reason ?? r.message ?? ''}`).toBe('fail');
        expect(r.evidence?.replay).toContain(`--only ${check.id}`);
      });
    }
  }
}
