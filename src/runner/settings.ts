/**
 * @module The one resolver of a run's settings: from the few a caller gives (a target and the checks,
 * any other setting of `RunSettings` left out or undefined) to the whole `RunSettings`, every setting
 * not given from `RUN_DEFAULTS` (run-settings.ts). `conformance run` (its option table and config
 * file), `--plan`, `--replay`, the library entry (`runConformance`) and the vitest entry all fill a
 * run's settings here. The replay line is CLI syntax: the caller says how it is written (app/).
 */
import type { CheckDefinition, TargetConfig } from '../core/check.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../core/defaults.js';
import { checkTargetUrl } from '../core/target-url.js';
import { RUN_DEFAULTS, type RunSettings } from './run-settings.js';

/** A target: its URL, or its URL with any of its settings (the rest from `RUN_DEFAULTS`). */
export type TargetInput = string | (Partial<TargetConfig> & { readonly baseUrl: string });

/** What a caller gives: the target and the checks; every other setting of `RunSettings` may be left out (or undefined). */
export type RunInput = {
  readonly [K in Exclude<keyof RunSettings, 'target' | 'checks'>]?: RunSettings[K] | undefined;
} & {
  readonly target: TargetInput;
  readonly checks: readonly CheckDefinition[];
};

/** How the replay line of a run is written (the CLI's syntax, app/cli/options/run-replay-line.ts), when none is given. */
export type ReplayLineOf = (settings: Omit<RunSettings, 'replayBase'>) => string;

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

/** A random seed, as a run picks one when none is given (every report prints it). */
export const randomSeed = (): number => Math.floor(Math.random() * 2 ** 31);

/**
 * A run's settings from a target and the checks, every setting not given from `RUN_DEFAULTS`, the
 * seed a random one; against the bundled mock (`bundledMock: true`), its credentials unless others
 * are given. The replay line is the one given, else `replayLineOf`'s for these settings.
 */
export function resolveRunSettings(input: RunInput, replayLineOf: ReplayLineOf): RunSettings {
  const { target: targetInput, replayBase, ...rest } = given(input);
  const target = resolveTarget(targetInput as TargetInput);
  const mockCredentials = target.bundledMock
    ? { token: DEFAULT_TOKEN, basic: `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}` }
    : {};
  const settings = {
    ...mockCredentials,
    seed: randomSeed(),
    level: RUN_DEFAULTS.level,
    runs: RUN_DEFAULTS.runs,
    timeoutMs: RUN_DEFAULTS.timeoutMs,
    concurrency: RUN_DEFAULTS.concurrency,
    maxBodyBytes: RUN_DEFAULTS.maxBodyBytes,
    maxRetries: RUN_DEFAULTS.maxRetries,
    maxRetryWaitMs: RUN_DEFAULTS.maxRetryWaitMs,
    acceptEncoding: RUN_DEFAULTS.acceptEncoding,
    recoverTimeoutMs: RUN_DEFAULTS.recoverTimeoutMs,
    crashReplay: RUN_DEFAULTS.crashReplay,
    ...rest,
    checks: input.checks,
    target,
  };
  return { ...settings, replayBase: replayBase ?? replayLineOf(settings) };
}
