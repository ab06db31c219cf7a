/**
 * `resolveRunSettings` fills every setting a caller leaves out from `RUN_DEFAULTS` (all of it, read
 * whole here too), keeps what is given (an undefined value is not given), and has the replay line
 * written from the resolved settings unless one is given. That the CLI's option table reads the same defaults, and that the
 * CLI and the library write the same replay line, is app/cli/options/run-defaults.test.ts.
 */
import { expect, test } from 'vitest';
import { DEFAULT_MODEL, DEFAULT_TOKEN, RUN_DEFAULTS } from '../core/defaults.js';
import type { RunSettings } from './run-settings.js';
import { resolveRunSettings, resolveTarget } from './settings.js';

/** A replay line that says what it was written from. */
const lineOf = (s: Omit<RunSettings, 'replayBase'>): string => `line for ${s.target.baseUrl} at ${s.level}`;
const resolve = (input: Parameters<typeof resolveRunSettings>[0]) => resolveRunSettings(input, lineOf);

test('a target and the checks are enough: every other setting is the default', () => {
  const o = resolve({ target: 'http://localhost:8000/', checks: [] });
  const { target: targetDefaults, ...defaults } = RUN_DEFAULTS;
  // Every default, whole: one added to RUN_DEFAULTS is filled with no line here or in the resolver.
  expect(o).toMatchObject({ ...defaults, replayBase: 'line for http://localhost:8000 at must' });
  expect(o.target).toEqual({ ...targetDefaults, baseUrl: 'http://localhost:8000', bundledMock: false });
  // No credentials against a real target unless given; a random seed, as the CLI picks one.
  expect(o.token).toBeUndefined();
  expect(Number.isInteger(o.seed)).toBe(true);
});

test('what is given is kept; an undefined value is not given', () => {
  const o = resolve({
    target: { baseUrl: 'http://h:1', entity: 'e', listParams: { evaluationRunId: 'run', limit: 'n', offset: 'o' } },
    checks: [],
    runs: 3,
    seed: 7,
    timeoutMs: undefined,
    level: 'should',
  });
  expect(o).toMatchObject({ runs: 3, seed: 7, timeoutMs: RUN_DEFAULTS.timeoutMs, level: 'should' });
  expect(o.target.entity).toBe('e');
  // The replay line is written from the resolved settings.
  expect(o.replayBase).toBe('line for http://h:1 at should');
  expect(resolve({ target: 'http://h:1', checks: [], replayBase: 'mine' }).replayBase).toBe('mine');
});

test('the bundled mock: writes allowed without a budget, its model and credentials', () => {
  const t = resolveTarget({ baseUrl: 'http://127.0.0.1:9', bundledMock: true });
  expect(t).toMatchObject({ allowWrites: true, bundledMock: true, model: DEFAULT_MODEL });
  expect(t.maxWrites).toBeUndefined();
  const o = resolve({ target: t, checks: [] });
  expect(o.token).toBe(DEFAULT_TOKEN);
  expect(resolve({ target: t, checks: [], token: 'other' }).token).toBe('other');
});

test("a bad or missing target is the CLI's usage error", () => {
  expect(() => resolve({ target: 'localhost:8000', checks: [] })).toThrow(
    expect.objectContaining({ code: 'CTS_BAD_FLAG' }),
  );
  expect(() => resolve({ target: undefined as unknown as string, checks: [] })).toThrow(
    expect.objectContaining({ code: 'CTS_BAD_FLAG', message: expect.stringContaining('a target URL is required') }),
  );
});
