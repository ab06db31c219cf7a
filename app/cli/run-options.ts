/**
 * @module `conformance run` options: flags over the config file over defaults; secrets only from
 * flags or the environment. Every option is an entry of the run's table (options/run.ts), which says
 * its default, its config key and whether the replay line carries it; every mistake is a
 * `CTS_BAD_FLAG` / `CTS_BAD_CONFIG` with one clear line.
 */
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import type { GapKind } from '../../src/core/gaps.js';
import type { Objective } from '../../src/core/timing.js';
import type { ConnectionSettings } from '../../src/transport/connection.js';
import { loadConfigFile } from './config-file.js';
import { connectionValues, readConnectionSettings } from './connection-flags.js';
import { badFlag, readFlags } from './flags.js';
import { replayWords } from './options/replay-line.js';
import { RUN_OPTIONS, type TargetSpec } from './options/run.js';
import { reportOutputs } from './options/shared.js';
import { type CliOption, type OptionTable, resolver } from './options/table.js';

/** A run's settings, each from its option of the table (options/run.ts, where the defaults are said). */
export interface RunConfig {
  readonly targets: readonly TargetSpec[];
  readonly token: string | undefined;
  readonly basic: string | undefined;
  readonly entity: string;
  readonly project: string;
  readonly model: string | undefined;
  readonly modelId: string;
  readonly level: 'must' | 'should';
  readonly seed: number;
  readonly runs: number;
  readonly timeoutMs: number;
  /** Undefined: the worst case derived from the plan (src/runner/budget.ts). */
  readonly deadlineMs: number | undefined;
  readonly concurrency: number;
  readonly allowWrites: boolean;
  /** `--max-writes N`: most requests with side effects answered 2xx against a real target. */
  readonly maxWrites: number;
  /** `--plan`: print what the run would send, send nothing. */
  readonly plan: boolean;
  /** `--replay FILE`: a `conformance proxy --record` file, sent again to the one target through the judging proxy. */
  readonly replay: string | undefined;
  /** `--exchange N` (with `--replay`): only the exchange on line N of the recording. */
  readonly exchange?: number | undefined;
  readonly priorityScheduling: boolean;
  readonly only: readonly string[];
  readonly skip: readonly string[];
  readonly shard: { index: number; count: number } | undefined;
  /** Report files by format name (`reporters/registry.ts`): `{junit: 'out.xml'}`. */
  readonly outputs: Readonly<Record<string, string>>;
  readonly expect: string | undefined;
  /** `--min-coverage N`: a run covering less than N percent of the coverage model fails the gate. */
  readonly minCoverage: number | undefined;
  /** `--allow-gaps`: the kinds of MUST gap that do not stop exit 0 (src/core/gaps.ts). */
  readonly allowGaps: readonly GapKind[];
  /** `--slo`: service-level objectives, each a result of its own (src/timing/objectives.ts). */
  readonly objectives: readonly Objective[] | undefined;
  readonly maxBodyBytes: number;
  readonly listReadCap: number;
  readonly maxCompletionTokens: number;
  /** `--max-context TOKENS`: the deployment's context window; undefined: learned from the target's refusals. */
  readonly maxContextTokens: number | undefined;
  readonly loadBurst: number;
  /** `--recover-timeout`: how long to wait for a target that went down (ms; 0: not at all). */
  readonly recoverTimeoutMs: number;
  /** `--no-crash-replay`: the requests in flight when the target went down are not sent again. */
  readonly noCrashReplay: boolean;
  readonly retries: number;
  readonly listParams: { evaluationRunId: string; limit: string; offset: string };
  readonly quiet: boolean;
  readonly forceConsole: boolean;
  readonly color: boolean | undefined;
  readonly help: boolean;
  /** Non-secret flags that reproduce this run (for replay commands). */
  readonly replayBase: string;
  /** Headers, proxy and TLS towards the targets (`--header`, `--proxy`, `--ca-cert`, ...). */
  readonly connection: ConnectionSettings;
  /** `--accept-encoding`: what every request accepts (`identity`: no compression). */
  readonly acceptEncoding: string;
}

/**
 * `--replay FILE` with the rest of the command line: one target, and no flag it would ignore (the
 * table's `withReplay: 'refused'`), named in the order given.
 */
function checkReplayFlags(file: string, argv: readonly string[], targets: readonly TargetSpec[]): void {
  if (file.trim() === '') throw badFlag('--replay takes the path of a file written by conformance proxy --record');
  const urls = targets.filter((t) => t.url !== undefined).length;
  if (urls !== 1)
    throw badFlag(
      `--replay sends a recording to one target: give exactly one --target URL${urls ? ` (got ${urls})` : ''}`,
    );
  const refused = (word: string): boolean => (RUN_OPTIONS as OptionTable)[word.slice(2)]?.withReplay === 'refused';
  // The command line has been read: every word starting with -- is a flag (a value never does).
  const ignored = [...new Set(argv.map((word) => word.split('=')[0]!))].filter((w) => w.startsWith('--') && refused(w));
  if (ignored.length)
    throw badFlag(
      `--replay sends the recorded requests as they are: ${ignored.join(', ')} ${ignored.length === 1 ? 'does' : 'do'} not apply`,
    );
}

export function parseRunOptions(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): RunConfig {
  const f = readFlags(argv, RUN_OPTIONS, { negativeNumbers: true });
  const cfg = loadConfigFile(f.config, cwd);
  const value = resolver(RUN_OPTIONS, f, { config: cfg, env });
  const targets = value('target');
  const bundledOnly = targets.every((t) => t.url === undefined);
  const replay = value('replay');
  const replaying = replay !== undefined;
  if (replay !== undefined) checkReplayFlags(replay, argv, targets);
  const exchange = value('exchange');
  if (exchange !== undefined && !replaying) throw badFlag('--exchange N picks an exchange of a --replay FILE');
  // The defaults that depend on the run: the bundled mock's model, a replay's level and timeout
  // (judged as `conformance proxy` judges), and writes, always allowed against the bundled mock.
  const { model: models, level: levels, timeout: timeouts } = RUN_OPTIONS;
  const defaults = {
    model: bundledOnly ? models.default : undefined,
    level: replaying ? levels.replayDefault : levels.default,
    timeout: replaying ? timeouts.replayDefault : timeouts.default,
    'allow-writes': bundledOnly,
  } as const;

  const token = value('token', bundledOnly ? DEFAULT_TOKEN : undefined);
  const basic = value('basic', bundledOnly ? `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}` : undefined);
  const level = value('level', defaults.level);
  const seed = value('seed', Math.floor(Math.random() * 2 ** 31));
  const runs = value('runs');
  const modelId = value('model-id');
  const entity = value('entity');
  const project = value('project');
  const model = value('model', defaults.model);
  const allowWrites = bundledOnly || value('allow-writes');
  const maxWrites = value('max-writes');
  const priorityScheduling = value('priority-scheduling');
  const listParams = {
    evaluationRunId: value('param-evaluation-run-id'),
    limit: value('param-limit'),
    offset: value('param-offset'),
  };
  const connection = readConnectionSettings(f, cfg, env);
  const acceptEncoding = value('accept-encoding');
  const settings = {
    targets,
    token,
    basic,
    entity,
    project,
    model,
    modelId,
    level,
    seed,
    runs,
    timeoutMs: value('timeout', defaults.timeout),
    deadlineMs: value('deadline'),
    concurrency: value('concurrency'),
    allowWrites,
    maxWrites,
    plan: value('plan'),
    replay,
    exchange,
    priorityScheduling,
    only: value('only'),
    skip: value('skip'),
    shard: value('shard'),
    outputs: reportOutputs((format) => value(format as keyof typeof RUN_OPTIONS)),
    expect: value('expect'),
    minCoverage: value('min-coverage'),
    allowGaps: value('allow-gaps'),
    objectives: value('slo'),
    maxBodyBytes: value('max-body-bytes'),
    listReadCap: value('list-cap'),
    maxCompletionTokens: value('max-completion-tokens'),
    maxContextTokens: value('max-context'),
    loadBurst: value('load-burst'),
    recoverTimeoutMs: value('recover-timeout'),
    noCrashReplay: value('no-crash-replay'),
    retries: value('retries'),
    listParams,
    quiet: f.quiet ?? false,
    forceConsole: f.console ?? false,
    color: f['no-color'] ? false : undefined,
    help: f.help ?? false,
    connection,
    acceptEncoding,
  };
  // The run as its replay line reproduces it: every value read, writes as the run has them (always
  // on against the bundled mock, their budget only towards a real target), the connection settings.
  const replayed = {
    ...value.resolved,
    'allow-writes': allowWrites,
    'max-writes': allowWrites && !bundledOnly ? maxWrites : undefined,
    ...connectionValues(connection),
  };
  const leaveOut = replaying ? (o: CliOption) => o.withReplay !== undefined : undefined;
  return {
    ...settings,
    replayBase: ['conformance', 'run', ...replayWords(RUN_OPTIONS, replayed, defaults, leaveOut)].join(' '),
  };
}
