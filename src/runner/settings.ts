/**
 * @module A run's defaults, said once, and the resolver that fills a run's options from the few a
 * caller gives. `RUN_DEFAULTS` is what the CLI's option table (app/cli/options/run.ts), the library
 * entry (`runConformance`) and the vitest entry (app/vitest.ts, which states where it differs) read;
 * `resolveRunOptions` turns a target and the checks, plus any settings given, into the runner's
 * `RunOptions`, with the replay line a report prints built from them as `conformance run` builds it.
 */
import type { CheckDefinition, TargetConfig } from '../core/check.js';
import {
  DEFAULT_BASIC_PASSWORD,
  DEFAULT_BASIC_USER,
  DEFAULT_ENTITY,
  DEFAULT_LIST_PARAMS,
  DEFAULT_MODEL,
  DEFAULT_MODEL_ID,
  DEFAULT_PROJECT,
  DEFAULT_TOKEN,
} from '../core/defaults.js';
import { checkTargetUrl } from '../core/target-url.js';
import { objectivesText } from '../timing/objectives.js';
import { DEFAULT_ACCEPT_ENCODING } from '../transport/content-encoding.js';
import { shellWord } from '../transport/curl.js';
import type { RunOptions } from './run-suite.js';

/** The default of every setting of a run that has one (the CLI's flag in brackets). */
export const RUN_DEFAULTS = {
  /** `--level`: gate on MUST only. */
  level: 'must',
  /** `--runs`: cases per property. */
  runs: 25,
  /** `--timeout`: per-request deadline in ms. */
  timeoutMs: 10_000,
  /** `--concurrency`: checks in flight. */
  concurrency: 10,
  /** `--retries`: retries of 429/503 honouring Retry-After. */
  maxRetries: 2,
  /** The longest Retry-After a retry waits (no flag). */
  maxRetryWaitMs: 5_000,
  /** `--max-body-bytes`: most bytes read of one response. */
  maxBodyBytes: 4 * 1024 * 1024,
  /** `--list-cap`: most records read from one listing. */
  listReadCap: 10_000,
  /** `--max-completion-tokens`: largest completion a chat case asks for. */
  maxCompletionTokens: 16,
  /** `--load-burst`: chat requests the load checks send at once. */
  loadBurst: 8,
  /** `--max-writes`: most requests with side effects a real target may answer 2xx (the bundled mock has no budget). */
  maxWrites: 10,
  /** `--recover-timeout`: how long to wait for a target that went down (ms). */
  recoverTimeoutMs: 30_000,
  /** `--no-crash-replay` not given: the requests in flight when a target went down are sent again. */
  crashReplay: true,
  /** `--accept-encoding`. */
  acceptEncoding: DEFAULT_ACCEPT_ENCODING,
  /** `--allow-writes` not given (always on against the bundled mock). */
  allowWrites: false,
  /** `--priority-scheduling` not given. */
  priorityScheduling: false,
  entity: DEFAULT_ENTITY,
  project: DEFAULT_PROJECT,
  modelId: DEFAULT_MODEL_ID,
  /** `--model`: against the bundled mock only; against a real target, the field is omitted. */
  bundledMockModel: DEFAULT_MODEL,
  listParams: DEFAULT_LIST_PARAMS,
} as const;

/** Where `conformance run --replay` judges otherwise (as `conformance proxy` does). */
export const REPLAY_DEFAULTS = {
  level: 'should',
  /** Bounds the response headers and each pause in a body: recorded traffic may be long generations. */
  timeoutMs: 60_000,
} as const;

/** A target: its URL, or its URL with any of its settings (the rest from `RUN_DEFAULTS`). */
export type TargetInput = string | (Partial<TargetConfig> & { readonly baseUrl: string });

/** What a caller gives: the target and the checks; every other setting of `RunOptions` may be left out (or undefined). */
export type RunInput = {
  readonly [K in Exclude<keyof RunOptions, 'target' | 'checks'>]?: RunOptions[K] | undefined;
} & {
  readonly target: TargetInput;
  readonly checks: readonly CheckDefinition[];
};

/** `value` without its keys whose value is undefined (so that a default is not overwritten by nothing). */
function given<T extends object>(value: T): Given<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Given<T>;
}
type Given<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** The target's settings, each given or `RUN_DEFAULTS`'s; writes always allowed (and unbudgeted) against the bundled mock. */
export function resolveTarget(input: TargetInput, where = 'target'): TargetConfig {
  // A target given as nothing at all (from JavaScript) is the CLI's "a target URL is required".
  const t = given(typeof input === 'object' && input !== null ? input : { baseUrl: input });
  const bundledMock = t.bundledMock ?? false;
  const { maxWrites, model, ...rest } = t;
  return {
    entity: RUN_DEFAULTS.entity,
    project: RUN_DEFAULTS.project,
    modelId: RUN_DEFAULTS.modelId,
    priorityScheduling: RUN_DEFAULTS.priorityScheduling,
    listParams: { ...RUN_DEFAULTS.listParams, ...t.listParams },
    listReadCap: RUN_DEFAULTS.listReadCap,
    maxCompletionTokens: RUN_DEFAULTS.maxCompletionTokens,
    loadBurst: RUN_DEFAULTS.loadBurst,
    ...rest,
    baseUrl: checkTargetUrl(t.baseUrl, where),
    bundledMock,
    allowWrites: bundledMock || (t.allowWrites ?? RUN_DEFAULTS.allowWrites),
    ...(bundledMock ? {} : { maxWrites: maxWrites ?? RUN_DEFAULTS.maxWrites }),
    ...((model ?? (bundledMock ? RUN_DEFAULTS.bundledMockModel : undefined)) === undefined
      ? {}
      : { model: model ?? RUN_DEFAULTS.bundledMockModel }),
  };
}

/**
 * The command line a report's replay lines start from (each appends `--only ID --seed N`): the words
 * `conformance run` itself writes for these settings (app/cli/options/run.ts, the options marked
 * `replay`), each only when it is not the default. Connection settings (headers, proxy, TLS) are not
 * known here: a caller that has them gives its own `replayBase`.
 */
export function replayBaseOf(
  target: TargetConfig,
  o: Pick<RunOptions, 'level' | 'runs' | 'objectives' | 'acceptEncoding'>,
): string {
  const words: string[] = ['conformance', 'run'];
  const flag = (name: string, value: string | number | boolean | undefined, byDefault?: unknown) => {
    if (value === undefined || value === false || value === byDefault) return;
    words.push(`--${name}`, ...(value === true ? [] : [shellWord(String(value))]));
  };
  if (!target.bundledMock) flag('target', target.baseUrl);
  flag('entity', target.entity, RUN_DEFAULTS.entity);
  flag('project', target.project, RUN_DEFAULTS.project);
  flag('model', target.model, target.bundledMock ? RUN_DEFAULTS.bundledMockModel : undefined);
  flag('model-id', target.modelId, RUN_DEFAULTS.modelId);
  flag('level', o.level, RUN_DEFAULTS.level);
  flag('runs', o.runs, RUN_DEFAULTS.runs);
  flag('max-context', target.maxContextTokens);
  flag('load-burst', target.loadBurst, RUN_DEFAULTS.loadBurst);
  flag('allow-writes', target.allowWrites, target.bundledMock);
  flag('max-writes', target.allowWrites && !target.bundledMock ? target.maxWrites : undefined, RUN_DEFAULTS.maxWrites);
  flag('priority-scheduling', target.priorityScheduling);
  flag('param-evaluation-run-id', target.listParams.evaluationRunId, RUN_DEFAULTS.listParams.evaluationRunId);
  flag('param-limit', target.listParams.limit, RUN_DEFAULTS.listParams.limit);
  flag('param-offset', target.listParams.offset, RUN_DEFAULTS.listParams.offset);
  flag('accept-encoding', o.acceptEncoding, RUN_DEFAULTS.acceptEncoding);
  if (o.objectives?.length) words.push('--slo', objectivesText(o.objectives));
  return words.join(' ');
}

/** A random seed, as `conformance run` picks one when `--seed` is not given (every report prints it). */
const randomSeed = (): number => Math.floor(Math.random() * 2 ** 31);

/**
 * The runner's options from a target and the checks, every setting not given from `RUN_DEFAULTS`;
 * against the bundled mock (`bundledMock: true`), its credentials unless others are given, as in
 * `conformance run`.
 */
export function resolveRunOptions(input: RunInput): RunOptions {
  const { target: targetInput, ...rest } = given(input);
  const target = resolveTarget(targetInput as TargetInput);
  const level = rest.level ?? RUN_DEFAULTS.level;
  const runs = rest.runs ?? RUN_DEFAULTS.runs;
  const acceptEncoding = rest.acceptEncoding ?? RUN_DEFAULTS.acceptEncoding;
  const mockCredentials = target.bundledMock
    ? { token: DEFAULT_TOKEN, basic: `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}` }
    : {};
  return {
    ...mockCredentials,
    seed: randomSeed(),
    timeoutMs: RUN_DEFAULTS.timeoutMs,
    concurrency: RUN_DEFAULTS.concurrency,
    maxBodyBytes: RUN_DEFAULTS.maxBodyBytes,
    maxRetries: RUN_DEFAULTS.maxRetries,
    maxRetryWaitMs: RUN_DEFAULTS.maxRetryWaitMs,
    recoverTimeoutMs: RUN_DEFAULTS.recoverTimeoutMs,
    crashReplay: RUN_DEFAULTS.crashReplay,
    ...rest,
    checks: input.checks,
    target,
    level,
    runs,
    acceptEncoding,
    replayBase: rest.replayBase ?? replayBaseOf(target, { level, runs, acceptEncoding, objectives: rest.objectives }),
  };
}
