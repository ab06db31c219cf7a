/**
 * What the vacuous-pass tests share: checks that judged nothing must never report `pass`. Against
 * broken targets (the hostile fixtures of `test/helpers/hostile-servers.ts`, and the bundled mock
 * behind small rewrites from `test/helpers/variant-server.ts`) each check that has nothing to judge
 * says so: `fail` when the answer itself breaks the rule it guards, `skip` (with the checks that
 * report the breakage) when only its precondition is missing, or `error` when the suite could not
 * read the answer at all. One test file per area: vacuous-passes-streaming, -records and -chat.
 */
import { afterAll, expect } from 'vitest';
import type { CheckDefinition } from '../../src/core/check.js';
import type { RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import { startHostile, type HostileKind, type HostileServer } from '../helpers/hostile-servers.js';
import type { RunAgainstUrlOptions } from '../helpers/run-checks.js';

/**
 * Starts hostile fixtures for one test file, each closed after the file's tests: call it at the
 * top level of the file.
 */
export function hostileServers(): (kind: HostileKind) => Promise<HostileServer> {
  const started: HostileServer[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.close()));
  });
  return async (kind) => {
    const s = await startHostile(kind, { lifetimeMs: 30_000 });
    started.push(s);
    return s;
  };
}

/** A fixture is another server, not the bundled mock; the byte cap is small so endless bodies end fast. */
// Each check's own reading of a hostile answer is the subject here: the preflight, which calls a
// target that answers HTML or redirects for everything not the interface (test/trust/walls.test.ts),
// stays out of the way.
export const OPTIONS: RunAgainstUrlOptions = {
  target: { bundledMock: false },
  maxBodyBytes: 64 * 1024,
  preflight: false,
};

export const byId = (report: RunReport): Record<string, CheckResult> =>
  Object.fromEntries(report.results.map((r) => [r.id, r]));
export const statuses = (report: RunReport): Record<string, string> =>
  Object.fromEntries(report.results.map((r) => [r.id, r.status]));
export const reasonOf = (r: CheckResult | undefined): string =>
  r ? `${r.status}: ${r.expected ?? ''} | ${r.actual ?? r.reason ?? r.message ?? ''}` : 'missing';
export const only = (checks: readonly CheckDefinition[], ...ids: string[]): CheckDefinition[] =>
  ids.map((id) => checks.find((c) => c.id === id)!);

/** No result passes except those listed (which judged something real). */
export function expectNoPassExcept(report: RunReport, allowed: readonly string[] = []): void {
  const passed = report.results.filter((r) => r.status === 'pass' && !allowed.includes(r.id)).map((r) => r.id);
  expect(passed, 'checks that passed with nothing to judge').toEqual([]);
}
