/**
 * @module Request bodies of §4.2 and §4.4: realistic trajectory arbitraries (conversations, tools,
 * rewards, ISO 8601 start times, §2.4) for the positive properties, and the one-field-broken cases
 * the rejection checks send. Shared by the training-jobs and trajectories suites.
 *
 * Realistic over random (issue 4): every trajectory carries `messages_and_choices` and `reward`
 * (what real clients always send, conventions.md), groups hold 2–4 trajectories (a GRPO-style
 * trainer compares trajectories within a group), `experimental_config` uses only `token` for
 * `importance_sampling_level` (the one value §4.2 shows), and the element shapes §4.2 leaves "not
 * shown" are the ones real clients send: chat messages and OpenAI `Choice` objects, string logs.
 */
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const TOPICS = ['the capital of France', 'a haiku about rain', 'the sum of 17 and 25', 'the weather in Oslo', 'a SQL query for active users', 'the boiling point of water', 'three prime numbers', 'a short apology email'];
const ANSWERS = ['Paris.', 'Soft rain on the roof, / puddles hold a quiet sky, / the street breathes again.', '42', 'Cloudy, 4 °C, light wind.', 'SELECT * FROM users WHERE active = true;', '100 °C at sea level.', '2, 3 and 5.', 'Sorry for the delay: the report will reach you tomorrow.'];
const SYSTEM_PROMPTS = ['You are a helpful assistant.', 'Answer briefly and precisely.', 'You are an agent that can call tools. Think step by step.'];

const TOOLS: readonly JsonObject[] = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      strict: true,
    },
  },
  {
    type: 'function',
    function: {
      name: 'run_sql',
      description: 'Runs a read-only SQL query and returns the rows.',
      parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['query'] },
      strict: false,
    },
  },
  {
    type: 'function',
    function: {
      name: 'search_docs',
      description: 'Full-text search over the product documentation.',
      parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      strict: true,
    },
  },
];

/** An ISO 8601 date-time (RFC 3339 profile, which every ISO 8601 parser reads), in 2023–2026. */
export const isoStartTime: fc.Arbitrary<string> = fc
  .integer({ min: Date.UTC(2023, 0, 1), max: Date.UTC(2026, 11, 31) })
  .chain((ms) => fc.constantFrom(new Date(ms).toISOString(), new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'), new Date(ms).toISOString().replace('Z', '+00:00')));

const reward: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, 1, -1, 0.5),
  fc.double({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true }).map((x) => Math.round(x * 1000) / 1000),
);

/** A conversation: optional system prompt, a user turn, possibly a tool round-trip, and the model's answer (a message or an OpenAI `Choice`). */
function conversation(withTools: boolean): fc.Arbitrary<Json[]> {
  return fc
    .record({
      system: fc.option(fc.constantFrom(...SYSTEM_PROMPTS), { nil: undefined }),
      topic: fc.nat({ max: TOPICS.length - 1 }),
      toolRound: withTools ? fc.boolean() : fc.constant(false),
      asChoice: fc.boolean(),
      callId: fc.stringMatching(/^call_[a-zA-Z0-9]{8}$/),
    })
    .map(({ system, topic, toolRound, asChoice, callId }) => {
      const out: Json[] = [];
      if (system !== undefined) out.push({ role: 'system', content: system });
      out.push({ role: 'user', content: `Tell me ${TOPICS[topic]}.` });
      if (toolRound) {
        out.push({
          role: 'assistant',
          content: '',
          tool_calls: [{ id: callId, type: 'function', function: { name: 'search_docs', arguments: JSON.stringify({ q: TOPICS[topic] }) } }],
        });
        out.push({ role: 'tool', tool_call_id: callId, content: `Result: ${ANSWERS[topic]}` });
      }
      const answer = { role: 'assistant', content: ANSWERS[topic] ?? 'OK.' };
      out.push(asChoice ? { index: 0, message: answer, finish_reason: 'stop', logprobs: null } : answer);
      return out;
    });
}

/** One realistic trajectory (§2.4): always `messages_and_choices` and `reward`, the other fields sometimes. */
export const realisticTrajectory: fc.Arbitrary<JsonObject> = fc
  .record({ tools: fc.option(fc.subarray([...TOOLS], { minLength: 1 }), { nil: undefined }) })
  .chain(({ tools }) =>
    fc
      .record(
        {
          messages_and_choices: conversation(tools !== undefined),
          reward,
          tools: fc.constant(tools as Json | undefined),
          additional_histories: fc.constant([] as Json),
          initial_policy_version: fc.nat({ max: 40 }),
          final_policy_version_delta: fc.nat({ max: 3 }),
          metrics: fc.record({ duration_s: fc.double({ min: 0.1, max: 120, noNaN: true }).map((x) => Math.round(x * 100) / 100), num_turns: fc.integer({ min: 1, max: 8 }), correct: fc.boolean() }),
          metadata: fc.record({ task_id: fc.stringMatching(/^task-[0-9]{4}$/), difficulty: fc.constantFrom('easy', 'medium', 'hard') }),
          logs: fc.array(fc.constantFrom('rollout started', 'tool call succeeded', 'reward computed by judge', 'episode finished'), { maxLength: 3 }),
          start_time: isoStartTime,
        },
        { requiredKeys: ['messages_and_choices', 'reward'] },
      )
      .map(({ final_policy_version_delta, tools: toolList, ...rest }) => {
        const t: JsonObject = {};
        for (const [k, v] of Object.entries(rest)) if (v !== undefined) t[k] = v as Json;
        if (toolList !== undefined) t.tools = toolList;
        if (typeof t.initial_policy_version === 'number' && final_policy_version_delta !== undefined) t.final_policy_version = t.initial_policy_version + final_policy_version_delta;
        return t;
      }),
  );

/** A trajectory group (§2.4) of 2–4 trajectories. */
export const realisticTrajectoryGroup: fc.Arbitrary<JsonObject> = fc.array(realisticTrajectory, { minLength: 2, maxLength: 4 }).map((trajectories) => ({ trajectories }));

/** 1–2 realistic trajectory groups. */
export const realisticTrajectoryGroups: fc.Arbitrary<Json[]> = fc.array(realisticTrajectoryGroup, { minLength: 1, maxLength: 2 });

/** §4.2 `experimental_config` with realistic values; `importance_sampling_level` only `token`, the value §4.2 shows. */
export const realisticExperimentalConfig: fc.Arbitrary<JsonObject> = fc.record(
  {
    learning_rate: fc.constantFrom(1e-6, 5e-6, 1e-5, 2e-5, 5e-5),
    epsilon: fc.constantFrom(0.1, 0.2, 0.28),
    epsilon_high: fc.constantFrom(0.28, 0.3),
    advantage_balance: fc.constantFrom(0, 0.5, 1),
    importance_sampling_level: fc.constant('token'),
    k2_tau: fc.constantFrom(0.5, 1, 2),
    max_negative_advantage_importance_sampling_weight: fc.constantFrom(1, 2.5, 10),
    mask_prob_ratio: fc.boolean(),
    ppo: fc.boolean(),
    precalculate_logprobs: fc.boolean(),
    scale_rewards: fc.boolean(),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<JsonObject>;

/** A realistic §4.2 create body for `modelId`. */
export function realisticCreateBody(modelId: string): fc.Arbitrary<JsonObject> {
  return fc
    .record({ trajectory_groups: realisticTrajectoryGroups, experimental_config: fc.option(realisticExperimentalConfig, { nil: undefined }) })
    .map(({ trajectory_groups, experimental_config }) => ({
      model_id: modelId,
      trajectory_groups,
      ...(experimental_config !== undefined ? { experimental_config } : {}),
    }));
}

/** A realistic §4.4 log body with one of the `split` values in use. */
export const realisticLogBody: fc.Arbitrary<JsonObject> = fc.record({ split: fc.constantFrom('train', 'val'), trajectory_groups: realisticTrajectoryGroups });

/** The smallest realistic trajectory: a two-turn conversation and its reward. */
export function baseTrajectory(): JsonObject {
  return {
    messages_and_choices: [
      { role: 'user', content: 'What is 2 + 2?' },
      { role: 'assistant', content: '4' },
    ],
    reward: 1,
  };
}

/** A small valid group: two trajectories with different rewards. */
export function baseGroups(): Json[] {
  return [{ trajectories: [baseTrajectory(), { ...baseTrajectory(), reward: 0 }] }];
}

/** A body with exactly one thing broken, and what was broken. */
export interface InvalidCase {
  readonly description: string;
  readonly body: JsonObject;
}

/**
 * Trajectory fields of an unrelated type (§2.4): an object or array where another type belongs,
 * a non-numeric string where a number belongs. None of these is coerced by a lax validator
 * (pydantic's lax mode reads numeric strings as numbers: those are avoided on purpose).
 */
export const TRAJECTORY_FIELD_BREAKS: readonly { readonly description: string; readonly patch: JsonObject }[] = [
  { description: 'messages_and_choices is an object (§2.4: array)', patch: { messages_and_choices: { role: 'user', content: 'hi' } } },
  { description: 'reward is a non-numeric string (§2.4: number)', patch: { reward: 'high' } },
  { description: 'reward is an object (§2.4: number)', patch: { reward: { value: 1 } } },
  { description: 'tools is a string (§2.4: array of objects)', patch: { tools: 'search_docs' } },
  { description: 'tools[0].function is a string (§2.4: object)', patch: { tools: [{ type: 'function', function: 'search_docs' }] } },
  { description: 'initial_policy_version is a non-numeric string (§2.4: integer)', patch: { initial_policy_version: 'first' } },
  { description: 'final_policy_version is an object (§2.4: integer)', patch: { final_policy_version: { v: 2 } } },
  { description: 'metrics is an array (§2.4: object)', patch: { metrics: [1, 2] } },
  { description: 'metadata is a string (§2.4: object)', patch: { metadata: 'none' } },
  { description: 'logs is an object (§2.4: array)', patch: { logs: { line: 'done' } } },
  { description: 'additional_histories is a number (§2.4: array)', patch: { additional_histories: 7 } },
  { description: 'start_time is not a date-time (§2.4: ISO 8601 date-time)', patch: { start_time: 'not-a-date' } },
];

/** Cases breaking the trajectory-group structure itself (§2.4, §4.2/§4.4: `trajectory_groups` array of groups with a `trajectories` array). */
export const GROUP_BREAKS: readonly { readonly description: string; readonly groups: Json }[] = [
  { description: 'trajectory_groups is an object (§4.2/§4.4: array of trajectory groups)', groups: { trajectories: [] } },
  { description: 'trajectory_groups[0].trajectories is a string (§2.4: array of trajectories)', groups: [{ trajectories: 'all' }] },
  { description: 'trajectory_groups[0].trajectories[0] is a number (§2.4: trajectory object)', groups: [{ trajectories: [42] }] },
];

/** Invalid trajectory-group payloads, as `trajectory_groups` values: one broken field each. */
export function invalidGroupCases(): { readonly description: string; readonly groups: Json }[] {
  return [
    ...TRAJECTORY_FIELD_BREAKS.map(({ description, patch }) => ({
      description,
      groups: [{ trajectories: [{ ...baseTrajectory(), ...patch }, { ...baseTrajectory(), reward: 0 }] }] as Json,
    })),
    ...GROUP_BREAKS,
  ];
}

/** True for a canonical textual UUID (any version), the form §2.3 gives job ids. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** A v4-shaped UUID fixed by `seed` (for ids that no job has). */
export function uuidFromSeed(seed: number): string {
  let x = (seed >>> 0) || 0x9e3779b9;
  let hex = '';
  while (hex.length < 32) {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    hex += x.toString(16).padStart(8, '0');
  }
  const h = hex.slice(0, 32).split('');
  h[12] = '4';
  h[16] = '89ab'[parseInt(h[16]!, 16) & 3]!;
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
