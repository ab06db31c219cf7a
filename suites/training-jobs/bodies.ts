/** @module Request bodies of §4.2 and §4.4: realistic valid ones, and one-field-broken cases. */
import type fc from 'fast-check';
import type { CheckContext } from '../../src/core/check.js';
import { realisticTrainingJobRequest } from '../../src/generation/index.js';
import { pathOf } from '../../src/kit/requests.js';
import type { HttpExchange } from '../../src/transport/types.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Realistic §4.2 create bodies, `importance_sampling_level` narrowed to `token` (§4.2 shows no other value). */
export function realisticCreateBody(modelId: string): fc.Arbitrary<Record<string, unknown>> {
  return realisticTrainingJobRequest({ modelId }).map((body) => {
    const config = body.experimental_config as Record<string, unknown> | undefined;
    if (!config || config.importance_sampling_level === undefined || config.importance_sampling_level === 'token')
      return body;
    return { ...body, experimental_config: { ...config, importance_sampling_level: 'token' } };
  });
}

/** POSTs `body` to `op` with the configured credentials; `expect: 'refusal'` for a body no reading accepts. */
export function postBody(
  ctx: CheckContext,
  op: 'training-jobs.create' | 'trajectories.log',
  body: unknown,
  expect?: 'refusal',
): Promise<HttpExchange> {
  return ctx.http.send({
    method: 'POST',
    path: pathOf(ctx.target, op),
    json: body,
    auth: 'default',
    ...(expect ? { expect } : {}),
  });
}

function baseTrajectory(): JsonObject {
  return {
    messages_and_choices: [
      { role: 'user', content: 'What is 2 + 2?' },
      { role: 'assistant', content: '4' },
    ],
    reward: 1,
  };
}

/** One group: `first`, then a base trajectory with reward 0. */
const groupOf = (first: JsonObject): Json[] => [{ trajectories: [first, { ...baseTrajectory(), reward: 0 }] }];

export const baseGroups = (): Json[] => groupOf(baseTrajectory());

/** Trajectory fields of an unrelated type (§2.4), none of which a lax validator (pydantic) coerces. */
const TRAJECTORY_FIELD_BREAKS: readonly { readonly description: string; readonly patch: JsonObject }[] = [
  {
    description: 'messages_and_choices is an object (§2.4: array)',
    patch: { messages_and_choices: { role: 'user', content: 'hi' } },
  },
  { description: 'reward is a non-numeric string (§2.4: number)', patch: { reward: 'high' } },
  { description: 'reward is an object (§2.4: number)', patch: { reward: { value: 1 } } },
  { description: 'tools is a string (§2.4: array of objects)', patch: { tools: 'search_docs' } },
  {
    description: 'tools[0].function is a string (§2.4: object)',
    patch: { tools: [{ type: 'function', function: 'search_docs' }] },
  },
  {
    description: 'initial_policy_version is a non-numeric string (§2.4: integer)',
    patch: { initial_policy_version: 'first' },
  },
  { description: 'final_policy_version is an object (§2.4: integer)', patch: { final_policy_version: { v: 2 } } },
  { description: 'metrics is an array (§2.4: object)', patch: { metrics: [1, 2] } },
  { description: 'metadata is a string (§2.4: object)', patch: { metadata: 'none' } },
  { description: 'logs is an object (§2.4: array)', patch: { logs: { line: 'done' } } },
  { description: 'additional_histories is a number (§2.4: array)', patch: { additional_histories: 7 } },
  { description: 'start_time is not a date-time (§2.4: ISO 8601 date-time)', patch: { start_time: 'not-a-date' } },
];

/** Cases breaking the trajectory-group structure itself (§2.4, §4.2/§4.4). */
const GROUP_BREAKS: readonly { readonly description: string; readonly groups: Json }[] = [
  {
    description: 'trajectory_groups is an object (§4.2/§4.4: array of trajectory groups)',
    groups: { trajectories: [] },
  },
  {
    description: 'trajectory_groups[0].trajectories is a string (§2.4: array of trajectories)',
    groups: [{ trajectories: 'all' }],
  },
  {
    description: 'trajectory_groups[0].trajectories[0] is a number (§2.4: trajectory object)',
    groups: [{ trajectories: [42] }],
  },
];

/** Invalid trajectory-group payloads, as `trajectory_groups` values: one broken field each. */
export function invalidGroupCases(): { readonly description: string; readonly groups: Json }[] {
  return [
    ...TRAJECTORY_FIELD_BREAKS.map(({ description, patch }) => ({
      description,
      groups: groupOf({ ...baseTrajectory(), ...patch }),
    })),
    ...GROUP_BREAKS,
  ];
}

/** A v4-shaped UUID fixed by `seed` (for ids that no job has). */
export function uuidFromSeed(seed: number): string {
  let x = seed >>> 0 || 0x9e3779b9;
  let hex = '';
  while (hex.length < 32) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    hex += x.toString(16).padStart(8, '0');
  }
  const h = hex.slice(0, 32).split('');
  h[12] = '4';
  h[16] = '89ab'[parseInt(h[16]!, 16) & 3]!;
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
