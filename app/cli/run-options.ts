/**
 * @module `conformance run` options, read by the run's table (options/run.ts): flags over the config
 * file over defaults; secrets only from flags or the environment.
 */
import { type BaselineFlags, baselineFlags } from './baseline-gate.js';
import type { GapKind } from '../../src/core/gaps.js';
import type { RunSettings } from '../../src/runner/run-settings.js';
import { type RunInput, randomSeed, resolveRunSettings } from '../../src/runner/settings.js';
import type { ConnectionSettings } from '../../src/transport/connection.js';
import { loadConfigFile } from './config-file.js';
import { readConnectionSettings } from './connection-flags.js';
import { badFlag, readFlags } from './flags.js';
import { RUN_OPTIONS, type TargetSpec } from './options/run.js';
import { type ReplayLineRun, replayLineOf, runReplayLine } from './options/run-replay-line.js';
import { outputsOf } from './options/shared.js';
import { type OptionTable, putValue, resolver } from './options/table.js';

/** `conformance run` as its command line says it: the targets, the run's settings, and what the command does with the reports. */
export interface RunCommand {
  readonly targets: readonly TargetSpec[];
  /** The run's settings (`RunSettings`, less the target's URL and the checks): one seed and one replay line for every target. */
  readonly settings: ReplayLineRun['settings'] & {
    readonly seed: number;
    readonly replayBase: string;
    readonly connection: ConnectionSettings;
  };
  readonly plan: boolean;
  readonly replay: string | undefined;
  readonly exchange?: number | undefined;
  readonly only: readonly string[];
  readonly skip: readonly string[];
  /** Report files by format name (`reporters/registry.ts`): `{junit: 'out.xml'}`. */
  readonly outputs: Readonly<Record<string, string>>;
  readonly baseline: BaselineFlags;
  readonly minCoverage: number | undefined;
  readonly allowGaps: readonly GapKind[];
  readonly quiet: boolean;
  readonly forceConsole: boolean;
  readonly color: boolean | undefined;
  readonly help: boolean;
}

/**
 * `--replay FILE` with the rest of the command line: one target, and no flag it would ignore (the
 * table's `withReplay: 'refused'`), named in the order given.
 */
function checkReplayFlags(file: string, argv: readonly string[], targets: readonly TargetSpec[], table: OptionTable) {
  if (file.trim() === '') throw badFlag('--replay takes the path of a file written by conformance proxy --record');
  const urls = targets.filter((t) => t.url !== undefined).length;
  if (urls !== 1)
    throw badFlag(
      `--replay sends a recording to one target: give exactly one --target URL${urls ? ` (got ${urls})` : ''}`,
    );
  const refused = (word: string): boolean => table[word.slice(2)]?.withReplay === 'refused';
  // The command line has been read: every word starting with -- is a flag (a value never does).
  const ignored = [...new Set(argv.map((word) => word.split('=')[0]!))].filter((w) => w.startsWith('--') && refused(w));
  if (ignored.length)
    throw badFlag(
      `--replay sends the recorded requests as they are: ${ignored.join(', ')} ${ignored.length === 1 ? 'does' : 'do'} not apply`,
    );
}

type Value = ReturnType<typeof resolver<typeof RUN_OPTIONS>>;

/** The settings the table's options fill, each at its `into`; `fallbacks` (by flag) override the table's defaults. */
function settingsOf(table: OptionTable, value: Value, fallbacks: Record<string, unknown>): Record<string, unknown> {
  const settings: Record<string, unknown> = { target: {} };
  const read = value as (flag: string, ...fallback: unknown[]) => unknown;
  for (const [flag, option] of Object.entries(table))
    if (option.into !== undefined)
      putValue(settings, option.into, flag in fallbacks ? read(flag, fallbacks[flag]) : read(flag));
  return settings;
}

/** `conformance run`'s command line, read by its option table (`table`: the run's, or one with more options). */
export function parseRunOptions(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  table: typeof RUN_OPTIONS = RUN_OPTIONS,
): RunCommand {
  const f = readFlags(argv, table, { negativeNumbers: true });
  const cfg = loadConfigFile(f.config, cwd);
  const value = resolver(table, f, { config: cfg, env });
  const targets = value('target');
  const replay = value('replay');
  if (replay !== undefined) checkReplayFlags(replay, argv, targets, table);
  const exchange = value('exchange');
  if (exchange !== undefined && replay === undefined)
    throw badFlag('--exchange N picks an exchange of a --replay FILE');
  // The defaults that are the command's: one seed for every target; a replay's timeout (recorded
  // traffic may be long generations); no model unless given (the bundled mock's is the resolver's).
  const { timeout } = table;
  const fallbacks = {
    seed: randomSeed(),
    model: undefined,
    ...(replay === undefined ? {} : { timeout: timeout.replayDefault }),
  };
  const settings = {
    ...(settingsOf(table, value, fallbacks) as Omit<RunCommand['settings'], 'replayBase' | 'connection'>),
    crashReplay: !value('no-crash-replay'),
    connection: readConnectionSettings(f, cfg, env),
  };
  const urls = targets.map((t) => t.url);
  return {
    targets,
    settings: { ...settings, replayBase: runReplayLine({ settings, targets: urls, replay, exchange }, table) },
    plan: value('plan'),
    replay,
    exchange,
    only: value('only'),
    skip: value('skip'),
    ...outputsOf(f, (format) => value(format as keyof typeof RUN_OPTIONS)),
    baseline: { ...baselineFlags(value), expect: value('expect') },
    minCoverage: value('min-coverage'),
    allowGaps: value('allow-gaps'),
    help: f.help ?? false,
  };
}

/** Where the bundled mock is said to be before it listens (a plan sends nothing; a run sets its address). */
const BUNDLED_MOCK_UNSTARTED = 'http://127.0.0.1';

/** One target's settings; `url` undefined: the bundled mock, on loopback, so reached without a proxy. */
export function settingsForTarget(
  cmd: RunCommand,
  url: string | undefined,
  rest: Omit<RunInput, 'target' | 'replayBase'>,
): RunSettings {
  const bundledMock = url === undefined;
  const { connection } = cmd.settings;
  return resolveRunSettings(
    {
      ...cmd.settings,
      target: { ...cmd.settings.target, baseUrl: url ?? BUNDLED_MOCK_UNSTARTED, bundledMock },
      connection: bundledMock ? { ...connection, direct: true } : connection,
      ...rest,
    },
    replayLineOf,
  );
}
