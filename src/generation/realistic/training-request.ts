/** @module Realistic §4.2 training-job and §4.4 log-trajectories bodies, valid against spec and conventions. */
import fc from 'fast-check';
import { DEFAULT_MODEL_ID } from '../../core/defaults.js';
import { realisticTrajectoryGroup } from './trajectory.js';

export interface RealisticTrainingJobOptions {
  /** The §4.2 `model_id` (a UUID the target knows). @defaultValue DEFAULT_MODEL_ID */
  modelId?: string;
}

/** §4.2 experimental_config with values in use; unset keys omitted (the spec schema admits no nulls). */
const EXPERIMENTAL_CONFIG = {
  learning_rate: fc.constantFrom(1e-6, 5e-6, 1e-5, 5e-5),
  epsilon: fc.constantFrom(0.1, 0.2),
  epsilon_high: fc.constantFrom(0.28, 0.3),
  advantage_balance: fc.integer({ min: 0, max: 10 }).map((x) => x / 10),
  importance_sampling_level: fc.constantFrom('token', 'sequence', 'average', 'geometric_average'),
  k2_tau: fc.constantFrom(0.5, 1),
  mask_prob_ratio: fc.boolean(),
  max_negative_advantage_importance_sampling_weight: fc.constantFrom(2, 5, 10),
  ppo: fc.boolean(),
  precalculate_logprobs: fc.boolean(),
  scale_rewards: fc.boolean(),
};
const experimentalConfig = fc.record(EXPERIMENTAL_CONFIG, { requiredKeys: [] });

/** §4.2 request bodies: `model_id`, 1–2 trajectory groups, sometimes an `experimental_config`. */
export function realisticTrainingJobRequest(
  options: RealisticTrainingJobOptions = {},
): fc.Arbitrary<Record<string, unknown>> {
  const modelId = options.modelId ?? DEFAULT_MODEL_ID;
  return fc
    .record(
      {
        trajectory_groups: fc.array(realisticTrajectoryGroup(3), { minLength: 1, maxLength: 2 }),
        experimental_config: experimentalConfig,
      },
      { requiredKeys: ['trajectory_groups'] },
    )
    .map((body) => ({ model_id: modelId, ...body }));
}

/** The `split` values in use (§4.4 leaves them not shown; the convention's). */
export const LOG_SPLITS = ['train', 'val'] as const;

/** §4.4 request bodies: a `split` in use (`train`, `val`) and 1–2 trajectory groups. */
export function realisticLogRequest(): fc.Arbitrary<Record<string, unknown>> {
  return fc.record({
    split: fc.constantFrom(...LOG_SPLITS),
    trajectory_groups: fc.array(realisticTrajectoryGroup(3), { minLength: 1, maxLength: 2 }),
  });
}

/** One §4.2 and one §4.4 body with every field set, fixed by the seed: what full coverage sends. */
export function everyFieldTrainingRequests(
  options: RealisticTrainingJobOptions,
  seed: number,
): { create: Record<string, unknown>; logs: Record<string, unknown>[] } {
  const modelId = options.modelId ?? DEFAULT_MODEL_ID;
  const groups = fc.array(realisticTrajectoryGroup(2, true), { minLength: 1, maxLength: 2 });
  const [create] = fc.sample(
    fc.record({ trajectory_groups: groups, experimental_config: fc.record(EXPERIMENTAL_CONFIG) }),
    { seed, numRuns: 1 },
  );
  const logs = LOG_SPLITS.map((split, i) => ({
    split,
    trajectory_groups: fc.sample(groups, { seed: seed + 1 + i, numRuns: 1 })[0]!,
  }));
  // `token` is the value §4.2 names; the others in use are drawn by realisticTrainingJobRequest.
  const body = {
    model_id: modelId,
    ...create!,
    experimental_config: { ...create!.experimental_config, importance_sampling_level: 'token' },
  };
  return { create: body, logs };
}
