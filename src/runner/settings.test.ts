/**
 * `resolveRunOptions` fills every setting a caller leaves out from `RUN_DEFAULTS`, keeps what is
 * given (an undefined value is not given), and builds the replay line from the settings. That the
 * CLI's option table reads the same defaults, and writes the same replay line, is
 * app/cli/options/run-defaults.test.ts.
 */
import { expect, test } from 'vitest';
import { DEFAULT_MODEL, DEFAULT_TOKEN } from '../core/defaults.js';
import { RUN_DEFAULTS, replayBaseOf, resolveRunOptions, resolveTarget } from './settings.js';

test('a target and the checks are enough: every other setting is the default', () => {
  const o = resolveRunOptions({ target: 'http://localhost:8000/', checks: [] });
  expect(o).toMatchObject({
    level: RUN_DEFAULTS.level,
    runs: RUN_DEFAULTS.runs,
    timeoutMs: RUN_DEFAULTS.timeoutMs,
    concurrency: RUN_DEFAULTS.concurrency,
    maxBodyBytes: RUN_DEFAULTS.maxBodyBytes,
    maxRetries: RUN_DEFAULTS.maxRetries,
    maxRetryWaitMs: RUN_DEFAULTS.maxRetryWaitMs,
    acceptEncoding: RUN_DEFAULTS.acceptEncoding,
    recoverTimeoutMs: RUN_DEFAULTS.recoverTimeoutMs,
    crashReplay: true,
    replayBase: 'conformance run --target http://localhost:8000',
  });
  expect(o.target).toEqual({
    baseUrl: 'http://localhost:8000',
    entity: RUN_DEFAULTS.entity,
    project: RUN_DEFAULTS.project,
    modelId: RUN_DEFAULTS.modelId,
    priorityScheduling: false,
    allowWrites: false,
    maxWrites: RUN_DEFAULTS.maxWrites,
    bundledMock: false,
    listParams: RUN_DEFAULTS.listParams,
    listReadCap: RUN_DEFAULTS.listReadCap,
    maxCompletionTokens: RUN_DEFAULTS.maxCompletionTokens,
    loadBurst: RUN_DEFAULTS.loadBurst,
  });
  // No credentials against a real target unless given; a random seed, as the CLI picks one.
  expect(o.token).toBeUndefined();
  expect(Number.isInteger(o.seed)).toBe(true);
});

test('what is given is kept; an undefined value is not given', () => {
  const o = resolveRunOptions({
    target: { baseUrl: 'http://h:1', entity: 'e', listParams: { evaluationRunId: 'run', limit: 'n', offset: 'o' } },
    checks: [],
    runs: 3,
    seed: 7,
    timeoutMs: undefined,
    level: 'should',
  });
  expect(o).toMatchObject({ runs: 3, seed: 7, timeoutMs: RUN_DEFAULTS.timeoutMs, level: 'should' });
  expect(o.target.entity).toBe('e');
  expect(o.replayBase).toBe(
    'conformance run --target http://h:1 --entity e --level should --runs 3 --param-evaluation-run-id run --param-limit n --param-offset o',
  );
  expect(resolveRunOptions({ target: 'http://h:1', checks: [], replayBase: 'mine' }).replayBase).toBe('mine');
});

test('the bundled mock: writes allowed without a budget, its model and credentials, no --target in the replay line', () => {
  const t = resolveTarget({ baseUrl: 'http://127.0.0.1:9', bundledMock: true });
  expect(t).toMatchObject({ allowWrites: true, bundledMock: true, model: DEFAULT_MODEL });
  expect(t.maxWrites).toBeUndefined();
  const o = resolveRunOptions({ target: t, checks: [] });
  expect(o.token).toBe(DEFAULT_TOKEN);
  expect(o.replayBase).toBe('conformance run');
  // Writes allowed against a real target carry their budget into the replay line only when it is not the default.
  const real = resolveTarget({ baseUrl: 'http://h:1', allowWrites: true, maxWrites: 3 });
  expect(replayBaseOf(real, { level: 'must', runs: 25 })).toBe(
    'conformance run --target http://h:1 --allow-writes --max-writes 3',
  );
});

test("a bad or missing target is the CLI's usage error", () => {
  expect(() => resolveRunOptions({ target: 'localhost:8000', checks: [] })).toThrow(
    expect.objectContaining({ code: 'CTS_BAD_FLAG' }),
  );
  expect(() => resolveRunOptions({ target: undefined as unknown as string, checks: [] })).toThrow(
    expect.objectContaining({ code: 'CTS_BAD_FLAG', message: expect.stringContaining('a target URL is required') }),
  );
});
