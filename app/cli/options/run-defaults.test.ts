/**
 * A run's defaults are said once, in `RUN_DEFAULTS` (src/core/defaults.ts), shaped as its settings:
 * every default there but the one with no flag is the default of the option that sets that setting
 * (which `--help`, the config schema and the replay line show), a command line without flags resolves
 * to the settings the library entry resolves, and the replay line of a set of settings is one: the
 * CLI's and the library's (`runSettingsOf`) are equal.
 */
import { expect, test } from 'vitest';
import { RUN_DEFAULTS } from '../../../src/core/defaults.js';
import { runSettingsOf } from '../../index.js';
import { parseRunOptions, settingsForTarget } from '../run-options.js';
import { RUN_OPTIONS } from './run.js';
import { type CliOption, configValue } from './table.js';

/** The dotted paths of an object's values that are not objects (`target.listParams.limit`). */
const leaves = (object: object, at = ''): string[] =>
  Object.entries(object).flatMap(([key, value]) =>
    typeof value === 'object' ? leaves(value as object, `${at}${key}.`) : [`${at}${key}`],
  );

test('every default of RUN_DEFAULTS is the default of the option that sets that setting', () => {
  const byInto = new Map(Object.values<CliOption>(RUN_OPTIONS).map((o) => [o.into, o]));
  // The longest wait a Retry-After may ask for has no flag; --no-crash-replay turns crashReplay off.
  const noFlag = ['maxRetryWaitMs', 'crashReplay'];
  for (const path of leaves(RUN_DEFAULTS).filter((p) => !noFlag.includes(p)))
    expect(byInto.get(path)?.default, `${path}: no option shows it`).toEqual(configValue(RUN_DEFAULTS, path));
  expect(RUN_OPTIONS['no-crash-replay'].default).toBe(!RUN_DEFAULTS.crashReplay);
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
      listParams: { ...RUN_DEFAULTS.target.listParams, limit: 'n' },
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
