/** @module §4.2: create bodies with a field of the wrong type get a 4xx; realistic ones a UUID `id`. */
import { RECORD_RULES } from '../../src/rules/record-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';
import { BODY_REJECTION_CONVENTION } from '../../src/rules/answer-facts.js';
import { defineCheck, type CheckContext } from '../../src/core/check.js';
import type { CheckOutcome } from '../../src/core/result.js';
import { invalidGroupCases, realisticCreateBody, type Json } from './bodies.js';
import { createJob, minimalCreateBody, notAJob } from './create-and-get.checks.js';
import {
  eachAcceptedSchedule,
  expectEachAccepted,
  expectEachRefused,
  type RefusedBodyCase,
} from '../../src/kit/body-acceptance.js';

/** Each body `cases` builds on the minimal create body rejected with a 4xx. */
function expectAllRejected(
  ctx: CheckContext,
  cases: (base: Record<string, unknown>) => readonly RefusedBodyCase[],
): Promise<CheckOutcome> {
  return expectEachRefused(
    cases(minimalCreateBody(ctx)),
    (body) => createJob(ctx, body, 'refusal'),
    (c) => `a 4xx rejecting the body (${c.description}), never a 2xx or a 5xx`,
  );
}

/** What the create checks of bodies no reading accepts share. */
const CREATE_REJECTION = {
  operation: 'training-jobs.create',
  section: '§4.2',
  level: 'SHOULD',
  convention: BODY_REJECTION_CONVENTION,
  writes: true,
} as const;

const rejectsNonUuidModelId = defineCheck({
  id: 'training-jobs.rejects-non-uuid-model-id',
  ...CREATE_REJECTION,
  requirement:
    'A create body whose `model_id` is not a UUID string is rejected with a 4xx (§4.2: `model_id` string, UUID).',
  run: (ctx) =>
    expectAllRejected(ctx, (base) => [
      { description: 'model_id "not-a-uuid" is not a UUID', body: { ...base, model_id: 'not-a-uuid' } },
      {
        description: 'model_id is a UUID with a non-hex digit',
        body: { ...base, model_id: '3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e9z' },
      },
      { description: 'model_id is an object, not a string', body: { ...base, model_id: { id: ctx.target.modelId } } },
    ]),
});

/** `experimental_config` fields by §4.2 type, and a value of an unrelated type for each. */
const CONFIG_TYPES: Readonly<Record<string, 'number' | 'boolean' | 'string'>> = {
  advantage_balance: 'number',
  epsilon: 'number',
  epsilon_high: 'number',
  importance_sampling_level: 'string',
  k2_tau: 'number',
  learning_rate: 'number',
  mask_prob_ratio: 'boolean',
  max_negative_advantage_importance_sampling_weight: 'number',
  ppo: 'boolean',
  precalculate_logprobs: 'boolean',
  scale_rewards: 'boolean',
};

// Unrelated types only: a lax validator (pydantic) coerces "0.5" and "true", never an object or a word.
const WRONG_VALUE: Readonly<Record<'number' | 'boolean' | 'string', Json>> = {
  number: 'not-a-number',
  boolean: { enabled: true },
  string: { level: 'token' },
};

const rejectsWrongExperimentalConfigTypes = defineCheck({
  id: 'training-jobs.rejects-wrong-experimental-config-types',
  ...CREATE_REJECTION,
  requirement:
    'A create body whose `experimental_config` (or one of its fields) has a value of the wrong type is rejected with a 4xx (§4.2 types each field).',
  run: (ctx) =>
    expectAllRejected(ctx, (base) => [
      { description: 'experimental_config is a string (§4.2: object)', body: { ...base, experimental_config: 'fast' } },
      {
        description: 'experimental_config is an array (§4.2: object)',
        body: { ...base, experimental_config: [{ learning_rate: 1e-5 }] },
      },
      ...Object.entries(CONFIG_TYPES).map(([field, type]) => ({
        description: `experimental_config.${field} is ${JSON.stringify(WRONG_VALUE[type])} (§4.2: ${type})`,
        body: { ...base, experimental_config: { [field]: WRONG_VALUE[type] } },
      })),
    ]),
  schedule: { maxRequests: () => 2 + Object.keys(CONFIG_TYPES).length },
});

const rejectsUnknownImportanceSamplingLevel = defineCheck({
  id: RECORD_RULES.unknownImportanceLevel.id,
  ...checkIdentityOn(RECORD_RULES.unknownImportanceLevel, 'training-jobs.create'),
  writes: true,
  run: (ctx) =>
    expectAllRejected(ctx, (base) => [
      {
        description: 'importance_sampling_level "conformance-unknown-level" is not a value in use',
        body: { ...base, experimental_config: { importance_sampling_level: 'conformance-unknown-level' } },
      },
    ]),
});

const rejectsWrongTrajectoryTypes = defineCheck({
  id: 'training-jobs.rejects-wrong-trajectory-types',
  ...CREATE_REJECTION,
  requirement:
    'A create body with a trajectory field (or the group structure) of the wrong type is rejected with a 4xx (§4.2, §2.4 type each field).',
  run: (ctx) =>
    expectAllRejected(ctx, (base) =>
      invalidGroupCases().map(({ description, groups }) => ({
        description,
        body: { ...base, trajectory_groups: groups },
      })),
    ),
  schedule: { maxRequests: () => invalidGroupCases().length },
});

const acceptsRealisticBodies = defineCheck({
  id: 'training-jobs.accepts-realistic-bodies',
  operation: 'training-jobs.create',
  section: '§4.2',
  level: 'MUST',
  requirement:
    'Valid create bodies (realistic trajectories: conversations, tools, rewards, ISO 8601 start times; an optional experimental_config) are accepted with a 2xx and a UUID `id` (§4.2).',
  writes: true,
  run(ctx) {
    return expectEachAccepted(
      ctx,
      realisticCreateBody(ctx.target.modelId),
      (body) => createJob(ctx, body),
      () => 'a 2xx answer to a valid create body',
      (ex) => {
        const problem = notAJob(ctx, ex, '§4.2');
        return problem ? { ok: false, ...problem } : { ok: true };
      },
    );
  },
  schedule: eachAcceptedSchedule(),
});

export const createValidationChecks = [
  rejectsNonUuidModelId,
  rejectsWrongExperimentalConfigTypes,
  rejectsUnknownImportanceSamplingLevel,
  rejectsWrongTrajectoryTypes,
  acceptsRealisticBodies,
];
