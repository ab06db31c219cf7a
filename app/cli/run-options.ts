/**
 * @module `conformance run` options: flags over the config file over defaults; secrets only from
 * flags or the environment. Every mistake is a `CTS_BAD_FLAG` / `CTS_BAD_CONFIG` with one clear line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_BASIC_PASSWORD,
  DEFAULT_BASIC_USER,
  DEFAULT_ENTITY,
  DEFAULT_LIST_PARAMS,
  DEFAULT_MODEL,
  DEFAULT_MODEL_ID,
  DEFAULT_PROJECT,
  DEFAULT_TOKEN,
  ENV_BASIC,
  ENV_TOKEN,
} from '../../src/core/defaults.js';
import { REPORT_FORMATS } from '../../reporters/registry.js';
import { ConformanceError } from '../../src/core/errors.js';
import type { ConformanceConfig } from '../../src/generated/types.js';
import { checkTargetUrl } from '../../src/core/target-url.js';
import { registry } from '../../src/schemas/registry.js';
import { describeSchemaErrors } from '../../src/core/describe.js';
import { parseShard } from '../../src/runner/select.js';
import { parseMinCoverage } from '../../src/gating/coverage-gate.js';
import { shellWord } from '../../src/transport/curl.js';
import type { ConnectionSettings } from '../../src/transport/connection.js';
import { DEFAULT_ACCEPT_ENCODING } from '../../src/transport/content-encoding.js';
import { CONNECTION_FLAGS, connectionReplayFlags, readConnectionSettings } from './connection-flags.js';
import { badFlag, readFlags, wholeNumberFlag } from './flags.js';

const RUN_FLAGS = {
  target: { type: 'string', multiple: true },
  token: { type: 'string' },
  basic: { type: 'string' },
  entity: { type: 'string' },
  project: { type: 'string' },
  model: { type: 'string' },
  'model-id': { type: 'string' },
  level: { type: 'string' },
  seed: { type: 'string' },
  runs: { type: 'string' },
  timeout: { type: 'string' },
  deadline: { type: 'string' },
  concurrency: { type: 'string' },
  'allow-writes': { type: 'boolean' },
  'max-writes': { type: 'string' },
  plan: { type: 'boolean' },
  replay: { type: 'string' },
  'priority-scheduling': { type: 'boolean' },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  shard: { type: 'string' },
  ...(Object.fromEntries(REPORT_FORMATS.map((f) => [f.name, { type: 'string' }])) as Record<
    string,
    { type: 'string' }
  >),
  expect: { type: 'string' },
  'min-coverage': { type: 'string' },
  config: { type: 'string' },
  'max-body-bytes': { type: 'string' },
  'list-cap': { type: 'string' },
  'max-completion-tokens': { type: 'string' },
  retries: { type: 'string' },
  'param-evaluation-run-id': { type: 'string' },
  'param-limit': { type: 'string' },
  'param-offset': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  console: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'accept-encoding': { type: 'string' },
  ...CONNECTION_FLAGS,
} as const;

interface TargetSpec {
  readonly url: string | undefined; // undefined: the bundled mock
  readonly label: string | undefined;
}

/** Requests with side effects a run against a real target may have answered 2xx (training jobs are real, paid jobs). */
const DEFAULT_MAX_WRITES = 10;

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
  /** `--max-writes N`: most requests with side effects answered 2xx against a real target (default 10). */
  readonly maxWrites: number;
  /** `--plan`: print what the run would send, send nothing. */
  readonly plan: boolean;
  /** `--replay FILE`: a `conformance proxy --record` file, sent again to the one target through the judging proxy. */
  readonly replay: string | undefined;
  readonly priorityScheduling: boolean;
  readonly only: readonly string[];
  readonly skip: readonly string[];
  readonly shard: { index: number; count: number } | undefined;
  /** Report files by format name (`reporters/registry.ts`): `{junit: 'out.xml'}`. */
  readonly outputs: Readonly<Record<string, string>>;
  readonly expect: string | undefined;
  /** `--min-coverage N`: a run covering less than N percent of the coverage model fails the gate. */
  readonly minCoverage: number | undefined;
  readonly maxBodyBytes: number;
  readonly listReadCap: number;
  readonly maxCompletionTokens: number;
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
  /** `--accept-encoding`: what every request accepts (default `gzip, deflate`; `identity`: no compression). */
  readonly acceptEncoding: string;
}

/** A whole-number setting from a flag or the config file, or `fallback` when neither gives one. */
function integer(
  name: string,
  value: string | number | undefined,
  fallback: number,
  min: number,
  max?: number,
): number {
  return wholeNumberFlag(name, value, min, max) ?? fallback;
}

function optionalInteger(name: string, value: string | number | undefined, min: number): number | undefined {
  return wholeNumberFlag(name, value, min);
}

function optionalText(value: string | number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

function splitList(values: readonly string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

const checkUrl = checkTargetUrl;

/** The config file: the schema's type (generated from schemas/config), plus the report keys of reporters/registry.ts. */
type ConfigFile = ConformanceConfig & Readonly<Record<string, unknown>>;

/** The config file given, or `conformance.config.json` in `cwd` when there is one. */
function loadConfigFile(path: string | undefined, cwd: string = process.cwd()): ConfigFile {
  const implicit = join(cwd, 'conformance.config.json');
  const file = path ?? (existsSync(implicit) ? implicit : undefined);
  if (!file) return {};
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not valid JSON';
    throw new ConformanceError('CTS_BAD_CONFIG', `config file ${file}: ${why}`);
  }
  // Report keys are the registry's format names (reporters/registry.ts), judged here rather than
  // listed in the schema, so that a new format is one registry entry; every other key is the schema's.
  const { reports, rest } = splitReportKeys(data);
  for (const [key, value] of Object.entries(reports)) {
    if (typeof value !== 'string' || value === '')
      throw new ConformanceError(
        'CTS_BAD_CONFIG',
        `config file ${file}: "${key}" must be a file path (a non-empty string)`,
      );
  }
  const v = registry().validate('config/conformance-config', rest);
  if (!v.ok) throw new ConformanceError('CTS_BAD_CONFIG', `config file ${file}: ${describeSchemaErrors(v.errors, 3)}`);
  return data as ConfigFile;
}

/** A config object split into its report keys (format names) and the rest. */
function splitReportKeys(data: unknown): { reports: Record<string, unknown>; rest: unknown } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { reports: {}, rest: data };
  const reports: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data))
    (REPORT_FORMATS.some((f) => f.name === key) ? reports : rest)[key] = value;
  return { reports, rest };
}

/**
 * Flags that choose, generate or pace checks. A replay sends the recorded requests as they are, so
 * with --replay each would be ignored: given on the command line, it is a mistake (in the config
 * file, shared with ordinary runs, it is left unused).
 */
const NOT_WITH_REPLAY = [
  'only',
  'skip',
  'shard',
  'plan',
  'seed',
  'runs',
  'expect',
  'min-coverage',
  'deadline',
  'retries',
  'entity',
  'project',
  'model',
  'model-id',
  'priority-scheduling',
  'list-cap',
  'max-completion-tokens',
  'param-evaluation-run-id',
  'param-limit',
  'param-offset',
] as const;

/** `--replay FILE` with the rest of the command line: one target, and no flag it would ignore. */
function checkReplayFlags(
  file: string,
  flags: Readonly<Partial<Record<(typeof NOT_WITH_REPLAY)[number], unknown>>>,
  targets: readonly TargetSpec[],
): void {
  if (file.trim() === '') throw badFlag('--replay takes the path of a file written by conformance proxy --record');
  const urls = targets.filter((t) => t.url !== undefined).length;
  if (urls !== 1)
    throw badFlag(
      `--replay sends a recording to one target: give exactly one --target URL${urls ? ` (got ${urls})` : ''}`,
    );
  const ignored = NOT_WITH_REPLAY.filter((name) => flags[name] !== undefined).map((name) => `--${name}`);
  if (ignored.length)
    throw badFlag(
      `--replay sends the recorded requests as they are: ${ignored.join(', ')} ${ignored.length === 1 ? 'does' : 'do'} not apply`,
    );
}

/** The command that replays the recording again (no secret: they come from the environment). */
function replayCommand(file: string, target: string, level: string, writes: string[]): string {
  return [
    'conformance run --replay',
    shellWord(file),
    '--target',
    target,
    ...(level === 'should' ? [] : ['--level', level]),
    ...writes,
  ].join(' ');
}

/**
 * `--timeout -5` reads, to node's parser, as an option `-5` with no value ("argument is ambiguous").
 * A value-taking flag followed by a negative number becomes `--timeout=-5`, so the number is judged
 * (and refused) by the flag's own check, with its own message.
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const spec = flag.startsWith('--') ? RUN_FLAGS[flag.slice(2) as keyof typeof RUN_FLAGS] : undefined;
    const next = argv[i + 1];
    if (spec?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${flag}=${next}`);
      i++;
    } else out.push(flag);
  }
  return out;
}

export function parseRunOptions(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): RunConfig {
  const f = readFlags(joinNegativeValues(argv), RUN_FLAGS);
  const cfg = loadConfigFile(f.config, cwd);
  const pick = <T>(flag: T | undefined, key: string): T | undefined =>
    flag !== undefined ? flag : (cfg[key] as T | undefined);

  const flagTargets = (f.target ?? []).map((u) => ({ url: checkUrl(u, '--target'), label: undefined }));
  const fileTargets = (cfg.targets ?? []).map((t) =>
    typeof t === 'string'
      ? { url: checkUrl(t, 'config targets'), label: undefined }
      : { url: checkUrl(t.url, 'config targets'), label: t.label },
  );
  const targets: TargetSpec[] = flagTargets.length
    ? flagTargets
    : fileTargets.length
      ? fileTargets
      : [{ url: undefined, label: 'bundled-mock' }];
  const bundledOnly = targets.every((t) => t.url === undefined);
  const replaying = f.replay !== undefined;
  if (f.replay !== undefined) checkReplayFlags(f.replay, f, targets);

  const token = f.token ?? env[ENV_TOKEN] ?? (bundledOnly ? DEFAULT_TOKEN : undefined);
  const basic =
    f.basic ?? env[ENV_BASIC] ?? (bundledOnly ? `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}` : undefined);
  if (basic !== undefined && !basic.includes(':'))
    throw badFlag(`basic credentials must be USER:PASS (from --basic or ${ENV_BASIC})`);

  // A replay is judged as `conformance proxy` judges: at level should unless told otherwise.
  const level = pick(f.level, 'level') ?? (replaying ? 'should' : 'must');
  if (level !== 'must' && level !== 'should') throw badFlag(`--level takes must or should, got "${level}"`);
  const shardText = pick<string>(f.shard, 'shard');
  const listParams = {
    evaluationRunId:
      f['param-evaluation-run-id'] ?? cfg.listParams?.evaluationRunId ?? DEFAULT_LIST_PARAMS.evaluationRunId,
    limit: f['param-limit'] ?? cfg.listParams?.limit ?? DEFAULT_LIST_PARAMS.limit,
    offset: f['param-offset'] ?? cfg.listParams?.offset ?? DEFAULT_LIST_PARAMS.offset,
  };
  const seed = integer('seed', pick(f.seed, 'seed'), Math.floor(Math.random() * 2 ** 31), -(2 ** 31), 2 ** 31 - 1);
  const runs = integer('runs', pick(f.runs, 'runs'), 25, 1, 10_000);
  const modelId = pick<string>(f['model-id'], 'modelId') ?? DEFAULT_MODEL_ID;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(modelId))
    throw badFlag(`--model-id takes a UUID, got "${modelId}"`);

  const replay: string[] = ['conformance', 'run'];
  for (const t of targets) if (t.url) replay.push('--target', t.url);
  const add = (flag: string, value: string | undefined, def?: string) => {
    if (value !== undefined && value !== def) replay.push(`--${flag}`, value);
  };
  const entity = pick<string>(f.entity, 'entity') ?? DEFAULT_ENTITY;
  const project = pick<string>(f.project, 'project') ?? DEFAULT_PROJECT;
  const model = pick<string>(f.model, 'model') ?? (bundledOnly ? DEFAULT_MODEL : undefined);
  add('entity', entity, DEFAULT_ENTITY);
  add('project', project, DEFAULT_PROJECT);
  add('model', model, bundledOnly ? DEFAULT_MODEL : undefined);
  add('model-id', modelId, DEFAULT_MODEL_ID);
  add('level', level, 'must');
  add('runs', String(runs), '25');
  const allowWrites = bundledOnly || (pick<boolean>(f['allow-writes'], 'allowWrites') ?? false);
  const priorityScheduling = pick<boolean>(f['priority-scheduling'], 'priorityScheduling') ?? false;
  if (allowWrites && !bundledOnly) replay.push('--allow-writes');
  const maxWrites = integer('max-writes', pick(f['max-writes'], 'maxWrites'), DEFAULT_MAX_WRITES, 0);
  if (allowWrites && !bundledOnly) add('max-writes', String(maxWrites), String(DEFAULT_MAX_WRITES));
  if (priorityScheduling) replay.push('--priority-scheduling');
  if (listParams.evaluationRunId !== DEFAULT_LIST_PARAMS.evaluationRunId)
    replay.push('--param-evaluation-run-id', listParams.evaluationRunId);
  if (listParams.limit !== DEFAULT_LIST_PARAMS.limit) replay.push('--param-limit', listParams.limit);
  if (listParams.offset !== DEFAULT_LIST_PARAMS.offset) replay.push('--param-offset', listParams.offset);
  const connection = readConnectionSettings(f, cfg, env);
  const acceptEncoding = (pick<string>(f['accept-encoding'], 'acceptEncoding') ?? DEFAULT_ACCEPT_ENCODING).trim();
  if (acceptEncoding === '' || /[\r\n]/.test(acceptEncoding))
    throw badFlag('--accept-encoding takes an Accept-Encoding value such as "gzip, deflate" or "identity"');
  if (acceptEncoding !== DEFAULT_ACCEPT_ENCODING) replay.push('--accept-encoding', shellWord(acceptEncoding));
  const connectionFlags = connectionReplayFlags(connection);
  replay.push(...connectionFlags);

  return {
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
    // A replay's timeout bounds the response headers and each pause in a body (the proxy's, default 60 s):
    // recorded traffic may be long generations.
    timeoutMs: integer('timeout', pick(f.timeout, 'timeoutMs'), replaying ? 60_000 : 10_000, 1),
    deadlineMs: optionalInteger('deadline', pick(f.deadline, 'deadlineMs'), 1),
    concurrency: integer('concurrency', pick(f.concurrency, 'concurrency'), 8, 1, 256),
    allowWrites,
    maxWrites,
    plan: f.plan ?? false,
    replay: f.replay,
    priorityScheduling,
    only: splitList(f.only ?? cfg.only),
    skip: splitList(f.skip ?? cfg.skip),
    shard: shardText ? parseShard(shardText) : undefined,
    outputs: Object.fromEntries(
      REPORT_FORMATS.map(
        (format) =>
          [format.name, pick<string>((f as Record<string, string | undefined>)[format.name], format.name)] as const,
      ).filter((e): e is readonly [string, string] => Boolean(e[1])),
    ),
    expect: pick<string>(f.expect, 'expect'),
    minCoverage: parseMinCoverage(optionalText(pick<string | number>(f['min-coverage'], 'minCoverage'))),
    maxBodyBytes: integer('max-body-bytes', pick(f['max-body-bytes'], 'maxBodyBytes'), 4 * 1024 * 1024, 1024),
    listReadCap: integer('list-cap', pick(f['list-cap'], 'listReadCap'), 10_000, 1),
    maxCompletionTokens: integer(
      'max-completion-tokens',
      pick(f['max-completion-tokens'], 'maxCompletionTokens'),
      16,
      1,
    ),
    retries: integer('retries', pick(f.retries, 'retries'), 2, 0, 10),
    listParams,
    quiet: f.quiet ?? false,
    forceConsole: f.console ?? false,
    color: f['no-color'] ? false : undefined,
    help: f.help ?? false,
    replayBase:
      f.replay !== undefined
        ? replayCommand(f.replay, targets[0]!.url!, level, [
            ...(allowWrites ? ['--allow-writes'] : []),
            ...(allowWrites && maxWrites !== DEFAULT_MAX_WRITES ? ['--max-writes', String(maxWrites)] : []),
            ...connectionFlags,
          ])
        : replay.join(' '),
    connection,
    acceptEncoding,
  };
}
