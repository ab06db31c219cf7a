/**
 * The CLI's option table and the library's resolver (src/runner/settings.ts) say one run's defaults:
 * each option of `conformance run` with a default in `RUN_DEFAULTS` has that default, and the replay
 * line the CLI writes for a set of settings is the one `resolveRunOptions` builds from the same.
 */
import { expect, test } from 'vitest';
import { resolveRunOptions, REPLAY_DEFAULTS, RUN_DEFAULTS } from '../../../src/runner/settings.js';
import { parseRunOptions } from '../run-options.js';
import { RUN_OPTIONS } from './run.js';

test("the run table's defaults are RUN_DEFAULTS", () => {
  const defaultOf = (flag: keyof typeof RUN_OPTIONS): unknown => (RUN_OPTIONS[flag] as { default?: unknown }).default;
  expect({
    level: defaultOf('level'),
    runs: defaultOf('runs'),
    timeoutMs: defaultOf('timeout'),
    concurrency: defaultOf('concurrency'),
    maxRetries: defaultOf('retries'),
    maxBodyBytes: defaultOf('max-body-bytes'),
    listReadCap: defaultOf('list-cap'),
    maxCompletionTokens: defaultOf('max-completion-tokens'),
    loadBurst: defaultOf('load-burst'),
    maxWrites: defaultOf('max-writes'),
    recoverTimeoutMs: defaultOf('recover-timeout'),
    crashReplay: !defaultOf('no-crash-replay'),
    acceptEncoding: defaultOf('accept-encoding'),
    allowWrites: defaultOf('allow-writes'),
    priorityScheduling: defaultOf('priority-scheduling'),
    entity: defaultOf('entity'),
    project: defaultOf('project'),
    modelId: defaultOf('model-id'),
    bundledMockModel: defaultOf('model'),
    listParams: {
      evaluationRunId: defaultOf('param-evaluation-run-id'),
      limit: defaultOf('param-limit'),
      offset: defaultOf('param-offset'),
    },
  }).toEqual({ ...RUN_DEFAULTS, maxRetryWaitMs: undefined });
  expect({ level: RUN_OPTIONS.level.replayDefault, timeoutMs: RUN_OPTIONS.timeout.replayDefault }).toEqual(
    REPLAY_DEFAULTS,
  );
  // Parsed with no flag at all, a run has the defaults too.
  const cfg = parseRunOptions(['--target', 'http://h:1'], {}, '/nonexistent');
  expect(cfg).toMatchObject({
    runs: RUN_DEFAULTS.runs,
    timeoutMs: RUN_DEFAULTS.timeoutMs,
    retries: RUN_DEFAULTS.maxRetries,
  });
});

test('the replay line of a run is the same from the CLI and from the resolver', () => {
  const argv = [
    ...['--target', 'http://h:1', '--entity', 'e', '--model', 'm x', '--level', 'should', '--runs', '5'],
    ...['--max-context', '4096', '--load-burst', '4', '--allow-writes', '--max-writes', '3', '--priority-scheduling'],
    ...['--param-limit', 'n', '--accept-encoding', 'identity'],
  ];
  const cfg = parseRunOptions(argv, {}, '/nonexistent');
  const resolved = resolveRunOptions({
    target: {
      baseUrl: 'http://h:1',
      entity: 'e',
      model: 'm x',
      maxContextTokens: 4096,
      loadBurst: 4,
      allowWrites: true,
      maxWrites: 3,
      priorityScheduling: true,
      listParams: { ...RUN_DEFAULTS.listParams, limit: 'n' },
    },
    checks: [],
    level: 'should',
    runs: 5,
    acceptEncoding: 'identity',
  });
  expect(resolved.replayBase).toBe(cfg.replayBase);
  expect(resolveRunOptions({ target: 'http://h:1', checks: [] }).replayBase).toBe(
    parseRunOptions(['--target', 'http://h:1'], {}, '/nonexistent').replayBase,
  );
});
