/**
 * @module The accuracy battery's client workloads (issue 37): what real clients send through the
 * judging proxy, each a fixed, deterministic sequence that never throws. `openai-sdk` is a team's app
 * (workload-sdk.ts); `isolation-probes` is what a team's isolation test does (read listed records
 * under another project and entity, every way of presenting wrong credentials); `buggy-client` is a
 * client that sends a bad request now and then between good ones. Credentials are the mock's
 * defaults (src/core/defaults.ts).
 */
import { DEFAULT_MODEL, DEFAULT_MODEL_ID, DEFAULT_ENTITY, DEFAULT_PROJECT } from '../../src/core/defaults.js';
import { FEATURE_WORKLOADS } from './workload-features.js';
import { driveOpenAiSdk } from './workload-sdk.js';
import { AUTH, idsOf, PROJECT, send } from './workload-requests.js';

export interface ClientWorkload {
  readonly id: string;
  readonly description: string;
  /** Drives traffic at `base` (the proxy's URL). Deterministic, never throws. Credentials: the mock's defaults (src/core/defaults.ts). */
  drive(base: string): Promise<void>;
}

const KINDS = ['predictions', 'scores'] as const;

/** Where a team's isolation test reads the ids it listed: its project under another name, and another entity. */
const OTHER_SCOPES: readonly string[] = [
  `/v2/${DEFAULT_ENTITY}/${DEFAULT_PROJECT}-other`,
  `/v2/${DEFAULT_ENTITY}-other/${DEFAULT_PROJECT}`,
];

const chatBody = (seed: number, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    model: DEFAULT_MODEL,
    messages: [{ role: 'user', content: 'Is this project isolated?' }],
    seed,
    max_completion_tokens: 6,
    ...extra,
  });

async function isolationProbes(base: string): Promise<void> {
  for (const kind of KINDS) {
    const listed = idsOf(await send(base, 'GET', `${PROJECT}/${kind}?limit=3`, AUTH.basic), kind);
    // The control: the first listed id reads back in its own project.
    if (listed[0]) await send(base, 'GET', `${PROJECT}/${kind}/${listed[0]}`, AUTH.basic);
    // Each listed id under another project and another entity: nothing there (404).
    for (const id of listed)
      for (const scope of OTHER_SCOPES) await send(base, 'GET', `${scope}/${kind}/${id}`, AUTH.basic);
    // The listing itself under the other scopes: no record of this project.
    for (const scope of OTHER_SCOPES) await send(base, 'GET', `${scope}/${kind}?limit=3`, AUTH.basic);
    // Credentials: the other family's scheme, a wrong password, none, each refused.
    await send(base, 'GET', `${PROJECT}/${kind}?limit=2`, AUTH.bearer);
    await send(base, 'GET', `${PROJECT}/${kind}?limit=2`, AUTH.wrongPassword);
    await send(base, 'GET', `${PROJECT}/${kind}?limit=2`, AUTH.none);
    if (listed[0]) {
      await send(base, 'GET', `${PROJECT}/${kind}/${listed[0]}`, AUTH.bearer);
      await send(base, 'GET', `${PROJECT}/${kind}/${listed[0]}`, AUTH.wrongPassword);
      await send(base, 'GET', `${PROJECT}/${kind}/${listed[0]}`, AUTH.none);
    }
  }
  // The Bearer family: Basic instead of Bearer, a wrong token, none; then the right token (control).
  for (const auth of [AUTH.basic, AUTH.wrongToken, AUTH.none, AUTH.bearer])
    await send(base, 'POST', '/v1/chat/completions', auth, chatBody(21));
  const groups = [{ trajectories: [{ messages_and_choices: [{ role: 'user', content: 'hi' }], reward: 0.5 }] }];
  const log = JSON.stringify({ split: 'train', trajectory_groups: groups });
  for (const auth of [AUTH.basic, AUTH.wrongToken, AUTH.none])
    await send(base, 'POST', `/v1/preview/models/${DEFAULT_MODEL_ID}/log`, auth, log);
  for (const auth of [AUTH.basic, AUTH.wrongToken])
    await send(base, 'GET', '/v1/preview/training-jobs/00000000-0000-4000-8000-00000000beef', auth);
}

async function buggyClient(base: string): Promise<void> {
  const chat = (body: string, auth: string = AUTH.bearer, type?: string) =>
    send(base, 'POST', '/v1/chat/completions', auth, body, type);
  const post = (path: string, body: unknown) => send(base, 'POST', path, AUTH.bearer, JSON.stringify(body));
  const groups = [{ trajectories: [{ messages_and_choices: [{ role: 'user', content: 'hi' }], reward: 1 }] }];
  await chat(chatBody(31));
  // Forgot the credentials.
  await chat(chatBody(32), AUTH.none);
  await send(base, 'GET', `${PROJECT}/predictions?limit=2`, AUTH.none);
  await send(base, 'GET', `${PROJECT}/predictions?limit=2`, AUTH.basic);
  // A body §7.2 forbids: continue the final message and add a generation prompt.
  await chat(chatBody(33, { continue_final_message: true, add_generation_prompt: true }));
  await chat(chatBody(34, { stream: true, continue_final_message: true, add_generation_prompt: true }));
  await chat(chatBody(35, { stream: true, stream_options: { include_usage: true } }));
  // A body that is not JSON: cut short, and sent as text.
  await chat('{"model": "mock-model", "messages": [');
  await chat('messages=hello', AUTH.bearer, 'text/plain');
  // Wrong types.
  await chat(chatBody(36, { n: '2' }));
  await chat(chatBody(37, { temperature: 'hot' }));
  await chat(JSON.stringify({ model: DEFAULT_MODEL, messages: 'hello' }));
  await post(`/v1/preview/models/${DEFAULT_MODEL_ID}/log`, { split: 123, trajectory_groups: 'x' });
  await post('/v1/preview/training-jobs', { model_id: 42, trajectory_groups: groups });
  await post(`/v1/preview/models/${DEFAULT_MODEL_ID}/log`, { split: 'train', trajectory_groups: groups });
  // A training job id that names nothing, and one mistyped (not a UUID).
  await send(base, 'GET', '/v1/preview/training-jobs/5d0c3a52-9e8f-4b1a-8c7d-000000000042', AUTH.bearer);
  await send(base, 'GET', '/v1/preview/training-jobs/job-42', AUTH.bearer);
  const listed = idsOf(await send(base, 'GET', `${PROJECT}/scores?limit=1`, AUTH.basic), 'scores');
  if (listed[0]) await send(base, 'GET', `${PROJECT}/scores/${listed[0]}`, AUTH.basic);
  await chat(chatBody(38));
  await oddValues(chat, post);
}

/**
 * What a client gets wrong in the values it sends (each refused by a §4 server): out of §8's range,
 * outside an enum, of another type, a required field left out, a body that is not an object, a NUL
 * in a message, a malformed Authorization header, its token with a character too many.
 */
async function oddValues(
  chat: (body: string, auth?: string) => Promise<unknown>,
  post: (path: string, body: unknown) => Promise<unknown>,
): Promise<void> {
  const base39 = chatBody(39);
  // A seed beyond the signed 64-bit range, written as the client's JSON writes a big integer.
  await chat(base39.replace('"seed":39', '"seed":123456789012345678901234567890'));
  for (const extra of [
    { truncate_prompt_tokens: -2 },
    { tool_choice: 'auto' },
    { reasoning_effort: 'max' },
    { tools: [{ type: 'retrieval', function: { name: 'find', description: 'find', parameters: {} } }] },
    { messages: [{ role: 'user', content: 'a NUL \u0000 inside' }] },
    // A priority for a model without priority scheduling (§7.1).
    { priority: 1 },
  ])
    await chat(chatBody(40, extra));
  await chat(JSON.stringify({ model: DEFAULT_MODEL, max_completion_tokens: 4 }));
  await chat(JSON.stringify([{ role: 'user', content: 'hi' }]));
  await chat(chatBody(41), 'Bearer');
  await chat(chatBody(42), `${AUTH.bearer}x`);
  await chat(chatBody(43), AUTH.bearer.slice(0, -1));
  const trajectory = (extra: Record<string, unknown>) => [
    { trajectories: [{ messages_and_choices: [{ role: 'user', content: 'hi' }], reward: 1, ...extra }] },
  ];
  const job = (extra: Record<string, unknown>, groups = trajectory({})) =>
    post('/v1/preview/training-jobs', { model_id: DEFAULT_MODEL_ID, trajectory_groups: groups, ...extra });
  await job({ experimental_config: { ppo: 'maybe' } });
  await job({ experimental_config: 'fast' });
  await job({ experimental_config: { importance_sampling_level: 'whatever' } });
  await job({}, trajectory({ reward: 'high' }));
  await job({}, trajectory({ start_time: 'yesterday' }));
  await post(`/v1/preview/models/${DEFAULT_MODEL_ID}/log`, { split: ['train'], trajectory_groups: trajectory({}) });
  await post(`/v1/preview/models/${DEFAULT_MODEL_ID}/log`, {
    split: 'train',
    trajectory_groups: [
      { trajectories: [{ messages_and_choices: [{ role: 'user', content: 'hi' }], reward: 1, junk: '\u0000' }] },
    ],
  });
}

export const WORKLOADS: readonly ClientWorkload[] = [
  {
    id: 'openai-sdk',
    description:
      "a team's app: the openai SDK for chat (streamed and not, with vLLM's extra fields), fetch for JSONL listings and reads, a training job and logged trajectories",
    drive: driveOpenAiSdk,
  },
  {
    id: 'isolation-probes',
    description:
      "a team's isolation test: listed ids read under another project and entity, the other family's scheme, a wrong password or token, no credentials",
    drive: isolationProbes,
  },
  {
    id: 'buggy-client',
    description:
      'a client that errs now and then: no credentials, a body §7.2 forbids, a body that is not JSON, wrong types, an unknown training job, good requests between',
    drive: buggyClient,
  },
  ...FEATURE_WORKLOADS,
];

/** The workload of that id (throws on a typo in a test). */
export function workload(id: string): ClientWorkload {
  const found = WORKLOADS.find((w) => w.id === id);
  if (!found) throw new Error(`no workload ${id}`);
  return found;
}
