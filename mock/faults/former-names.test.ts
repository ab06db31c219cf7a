/** A fault's former id (before it was named for its area) still plants it; a made-up one is still refused. */
import { expect, test } from 'vitest';
import { currentFaultId } from './former-names.js';
import { FAULTS, resolveFaults } from './index.js';

test('the former chat., training. and coverage. ids plant the faults they were', () => {
  expect(
    resolveFaults(['chat.seed-ignored', 'training.get-forgets-jobs', 'coverage.read-ignores-scope']).map((f) => f.id),
  ).toEqual(['chat-completions.seed-ignored', 'training-jobs.get-forgets-jobs', 'records.read-ignores-scope']);
  expect(() => resolveFaults(['chat.no-such-fault'])).toThrow(/unknown fault "chat.no-such-fault"/);
  expect(() => resolveFaults(['coverage.no-such-fault'])).toThrow(/unknown fault/);
});

test('every former id names a fault there is, and no fault is named by a former prefix any more', () => {
  const ids = new Set(FAULTS.map((f) => f.id));
  for (const f of FAULTS) {
    const [area, name] = f.id.split('.') as [string, string];
    if (area === 'chat-completions') expect(currentFaultId(`chat.${name}`)).toBe(f.id);
    if (area === 'training-jobs') expect(currentFaultId(`training.${name}`)).toBe(f.id);
    expect(['chat', 'training', 'coverage']).not.toContain(area);
  }
  const formerlyCoverage = ['acceptance', 'auth', 'chat-completions', 'errors', 'records'].flatMap((area) =>
    [...ids].filter((id) => id.startsWith(`${area}.`)).map((id) => `coverage.${id.slice(area.length + 1)}`),
  );
  const resolved = formerlyCoverage.map(currentFaultId).filter((id) => id !== undefined);
  expect(resolved.length).toBe(19);
  for (const id of resolved) expect(ids.has(id)).toBe(true);
});
