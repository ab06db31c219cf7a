/**
 * The CLI's option table and the resolver (src/runner/settings.ts) say one run's defaults: each
 * option of `conformance run` with a default in `RUN_DEFAULTS` has that default, a run parsed from
 * the command line and resolved has the settings the library entry resolves for the same, and the
 * replay line of a set of settings is one: the CLI's and the library's (`runSettingsOf`) are equal.
 */
import { expect, test } from 'vitest';
import { PROXY_DEFAULTS } from '../../../src/proxy/proxy-defaults.js';
import { REPLAY_DEFAULTS, RUN_DEFAULTS } from '../../../src/runner/run-settings.js';
import { runSettingsOf } from '../../index.js';
import { parseRunOptions, settingsForTarget } from '../run-options.js';
import { PROXY_OPTIONS } from './proxy.js';
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
});

test("the proxy table's defaults are PROXY_DEFAULTS; a replay judges at the proxy's level", () => {
  const o = PROXY_OPTIONS;
  expect({
    host: o.host.default,
    port: o.port.default,
    adminHost: o['admin-host'].default,
    headersTimeoutMs: o.timeout.default,
    idleTimeoutMs: o['idle-timeout'].default,
    maxBodyBytes: o['max-body-bytes'].default,
    recordBodies: o['record-bodies'].default,
    level: o.level.default,
  }).toEqual({ ...PROXY_DEFAULTS, recoverTimeoutMs: undefined });
  expect(PROXY_DEFAULTS.recoverTimeoutMs).toBe(RUN_DEFAULTS.recoverTimeoutMs);
  expect(REPLAY_DEFAULTS.level).toBe(PROXY_DEFAULTS.level);
});

test('a command line without flags resolves to the settings the library entry resolves', () => {
  for (const url of ['http://h:1', undefined]) {
    const cmd = parseRunOptions(url ? ['--target', url] : [], {}, '/nonexistent');
    const fromCli = settingsForTarget(cmd, url, { checks: [] });
    const target = url ?? 'http://127.0.0.1';
    const fromLibrary = runSettingsOf({ target: { baseUrl: target, bundledMock: url === undefined }, checks: [] });
    const { seed: _a, connection: _c, ...cli } = fromCli;
    const { seed: _b, ...library } = fromLibrary;
    expect(cli, url).toEqual(library);
    expect(fromCli.maxRetryWaitMs).toBe(RUN_DEFAULTS.maxRetryWaitMs);
  }
});

test('the replay line of a run is the same from the CLI and from the library entry', () => {
  const argv = [
    ...['--target', 'http://h:1', '--entity', 'e', '--model', 'm x', '--level', 'should', '--runs', '5'],
    ...['--max-context', '4096', '--load-burst', '4', '--allow-writes', '--max-writes', '3', '--priority-scheduling'],
    ...['--param-limit', 'n', '--accept-encoding', 'identity'],
  ];
  const cfg = parseRunOptions(argv, {}, '/nonexistent');
  const resolved = runSettingsOf({
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
  expect(resolved.replayBase).toBe(cfg.settings.replayBase);
  expect(resolved.replayBase).toBe(
    "conformance run --target http://h:1 --entity e --model 'm x' --level should --runs 5 --max-context 4096 --load-burst 4 --allow-writes --max-writes 3 --priority-scheduling --param-limit n --accept-encoding identity",
  );
  expect(runSettingsOf({ target: 'http://h:1', checks: [] }).replayBase).toBe(
    parseRunOptions(['--target', 'http://h:1'], {}, '/nonexistent').settings.replayBase,
  );
  // Writes not allowed: their budget is not in the line, from either.
  expect(runSettingsOf({ target: { baseUrl: 'http://h:1', maxWrites: 3 }, checks: [] }).replayBase).toBe(
    parseRunOptions(['--target', 'http://h:1', '--max-writes', '3'], {}, '/nonexistent').settings.replayBase,
  );
  // The bundled mock: no --target, and its model is no flag.
  expect(runSettingsOf({ target: { baseUrl: 'http://127.0.0.1:9', bundledMock: true }, checks: [] }).replayBase).toBe(
    'conformance run',
  );
});
