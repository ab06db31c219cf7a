/** @module The one resolver of a run's settings: every setting not given from `RUN_DEFAULTS`, for every entry. */
import type { CheckDefinition, TargetConfig } from '../core/check.js';
import {
  DEFAULT_BASIC_PASSWORD,
  DEFAULT_BASIC_USER,
  DEFAULT_MODEL,
  DEFAULT_TOKEN,
  RUN_DEFAULTS,
} from '../core/defaults.js';
import { checkTargetUrl } from '../core/target-url.js';
import type { RunSettings } from './run-settings.js';

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

/** The target's settings, each given or `RUN_DEFAULTS`'s (the bundled mock: writes allowed, model named). */
export function resolveTarget(input: TargetInput, where = 'target'): TargetConfig {
  // A target given as nothing at all (from JavaScript) is the CLI's "a target URL is required".
  const t = given(typeof input === 'object' && input !== null ? input : { baseUrl: input });
  const bundledMock = t.bundledMock ?? false;
  const listParams = { ...RUN_DEFAULTS.target.listParams, ...t.listParams };
  const { maxWrites, model, ...target } = { ...RUN_DEFAULTS.target, ...t, listParams };
  return {
    ...target,
    baseUrl: checkTargetUrl(t.baseUrl, where),
    bundledMock,
    allowWrites: bundledMock || target.allowWrites,
    ...(bundledMock ? { model: model ?? DEFAULT_MODEL } : { maxWrites, ...(model === undefined ? {} : { model }) }),
  };
}

/** A random seed, as a run picks one when none is given (every report prints it). */
export const randomSeed = (): number => Math.floor(Math.random() * 2 ** 31);

/** A run's settings from a target and the checks, the rest from `RUN_DEFAULTS`, a random seed. */
export function resolveRunSettings(input: RunInput, replayLineOf: ReplayLineOf): RunSettings {
  const { target: targetInput, replayBase, ...rest } = given(input);
  const target = resolveTarget(targetInput as TargetInput);
  const mockCredentials = target.bundledMock
    ? { token: DEFAULT_TOKEN, basic: `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}` }
    : {};
  const { target: _, ...defaults } = RUN_DEFAULTS;
  const settings = { ...mockCredentials, seed: randomSeed(), ...defaults, ...rest, checks: input.checks, target };
  return { ...settings, replayBase: replayBase ?? replayLineOf(settings) };
}
