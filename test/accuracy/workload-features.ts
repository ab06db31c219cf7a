/**
 * @module Two more client workloads, what real apps send that the others do not: `vllm-features`
 * uses the chat fields of §4.1 in depth with plain fetch (bounds, stops, echo and prefill, reasoning
 * left out, logprobs as token ids, structured outputs, the same prompt with two values of n, a seeded
 * request repeated, documented values at the edges, the spec example's trailing-slash path);
 * `records-and-jobs` pages through listings as a dashboard does (the whole listing, two pages, the
 * whole listing again, a run's records, a listed record read, a query typed wrong and a far page),
 * creates and reads a training job with the experimental config and Choice objects, reads the nil
 * UUID, and logs trajectories under the splits in use. Deterministic, and they never throw.
 */
import { DEFAULT_MODEL, DEFAULT_MODEL_ID } from '../../src/core/defaults.js';
import { AUTH, idOf, idsOf, PROJECT, recordsOf, send } from './workload-requests.js';

const ask = (about: string) => [{ role: 'user', content: `Tell me a short story about ${about}.` }];
const PREFILL = [
  { role: 'user', content: 'Count from one to five.' },
  { role: 'assistant', content: 'One, two,' },
];
const VERDICT = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };

/** The chat bodies of `vllm-features`, in order (a stream asks for its usage chunk). */
const CHATS: readonly Record<string, unknown>[] = [
  { messages: ask('rivers'), max_completion_tokens: 16, stop: [' '], min_tokens: 4 },
  { messages: ask('mountains'), max_completion_tokens: 16, stop: [' '] },
  { messages: ask('forests'), max_completion_tokens: 16, stop: [' '], include_stop_str_in_output: true },
  { messages: ask('deserts'), max_completion_tokens: 2, ignore_eos: true },
  { messages: ask('oceans'), max_tokens: 3, ignore_eos: true },
  {
    messages: PREFILL,
    max_completion_tokens: 4,
    echo: true,
    continue_final_message: true,
    add_generation_prompt: false,
  },
  { messages: ask('owls'), max_completion_tokens: 16, include_reasoning: false, reasoning_effort: 'low' },
  {
    messages: ask('cats'),
    max_completion_tokens: 4,
    logprobs: true,
    top_logprobs: 2,
    return_tokens_as_token_ids: true,
  },
  { messages: ask('dogs'), max_completion_tokens: 16, structured_outputs: { json: JSON.stringify(VERDICT) } },
  { messages: ask('colours'), max_completion_tokens: 256, structured_outputs: { regex: '(red|green|blue)-[0-9]{2}' } },
  // The same prompt with n = 1 and n = 2: the prompt is counted once.
  { messages: ask('clouds'), max_completion_tokens: 6, n: 1, temperature: 0.8 },
  { messages: ask('clouds'), max_completion_tokens: 6, n: 2, temperature: 0.8 },
  // The same seeded request twice.
  { messages: ask('stars'), max_completion_tokens: 6, seed: 42 },
  { messages: ask('stars'), max_completion_tokens: 6, seed: 42 },
  // Documented values at the edges of what §4.1 and §8 allow.
  { messages: ask('bridges'), max_completion_tokens: 4, seed: 2 ** 60, truncate_prompt_tokens: -1 },
  { messages: ask('towers'), max_completion_tokens: 4, truncate_prompt_tokens: 2 ** 40, priority: 0 },
  { messages: PREFILL, max_completion_tokens: 4, continue_final_message: true },
  { messages: ask('maps'), max_completion_tokens: 4, echo: true, logprobs: true },
  {
    messages: ask('libraries'),
    max_completion_tokens: 4,
    documents: [{ title: 'Atlas', text: 'A book of maps.' }],
    engine_xargs: { lora: 'none', depth: 2 },
  },
];

/** The streamed chat bodies: echo, reasoning, the bounds, and a request id with its headers. */
const STREAMS: readonly Record<string, unknown>[] = [
  CHATS[5]!,
  CHATS[6]!,
  CHATS[0]!,
  CHATS[3]!,
  { messages: ask('kites'), max_completion_tokens: 6, request_id: 'workload-features-stream-1' },
];

async function driveVllmFeatures(base: string): Promise<void> {
  const chat = (body: Record<string, unknown>, path = '/v1/chat/completions') =>
    send(base, 'POST', path, AUTH.bearer, JSON.stringify({ model: DEFAULT_MODEL, ...body }));
  for (const body of CHATS) await chat(body);
  for (const body of STREAMS) await chat({ ...body, stream: true, stream_options: { include_usage: true } });
  // The trailing-slash path of the spec's request example (§4.1).
  await chat({ messages: ask('harbours'), max_completion_tokens: 4 }, '/v1/chat/completions/');
}

const groups = (trajectory: Record<string, unknown> = {}) => [
  { trajectories: [{ messages_and_choices: [{ role: 'user', content: 'hi' }], reward: 1, ...trajectory }] },
];

async function driveRecordsAndJobs(base: string): Promise<void> {
  const get = (path: string) => send(base, 'GET', path, AUTH.basic);
  for (const kind of ['predictions', 'scores'] as const) {
    // A dashboard: the whole listing, pages of 5, the whole listing again to refresh.
    const all = await get(`${PROJECT}/${kind}`);
    await get(`${PROJECT}/${kind}?limit=5`);
    await get(`${PROJECT}/${kind}?limit=5&offset=5`);
    await get(`${PROJECT}/${kind}`);
    const run = recordsOf(all)[0]?.evaluation_run_id;
    if (typeof run === 'string') await get(`${PROJECT}/${kind}?evaluation_run_id=${encodeURIComponent(run)}`);
    await get(`${PROJECT}/${kind}`);
    const [first] = idsOf(all, kind);
    if (first) await get(`${PROJECT}/${kind}/${first}`);
    // A page size typed wrong, and a page far beyond the end.
    await get(`${PROJECT}/${kind}?limit=ten`);
    await get(`${PROJECT}/${kind}?offset=${2 ** 62}`);
  }
  const post = (path: string, body: unknown) => send(base, 'POST', path, AUTH.bearer, JSON.stringify(body));
  const choice = { index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' };
  const created = await post('/v1/preview/training-jobs', {
    model_id: DEFAULT_MODEL_ID,
    trajectory_groups: [
      {
        trajectories: [
          {
            messages_and_choices: [{ role: 'user', content: 'hi' }, choice],
            reward: 0.5,
            start_time: '2026-11-30T12:00:00Z',
            logs: ['step 1'],
          },
        ],
      },
    ],
    experimental_config: {
      ppo: true,
      scale_rewards: false,
      importance_sampling_level: 'sequence',
      learning_rate: 1e-5,
    },
  });
  const id = created.status >= 200 && created.status < 300 ? idOf(created.text) : undefined;
  if (id) await send(base, 'GET', `/v1/preview/training-jobs/${id}`, AUTH.bearer);
  await send(base, 'GET', '/v1/preview/training-jobs/00000000-0000-0000-0000-000000000000', AUTH.bearer);
  for (const split of ['train', 'val', 'test'])
    await post(`/v1/preview/models/${DEFAULT_MODEL_ID}/log`, { split, trajectory_groups: groups({ logs: [split] }) });
}

export const FEATURE_WORKLOADS = [
  {
    id: 'vllm-features',
    description:
      'an app using §4.1 in depth: bounds, stops, echo and prefill, reasoning left out, logprobs as token ids, structured outputs, a prompt with two values of n, a seeded request repeated, documented values at their edges, the trailing-slash path',
    drive: driveVllmFeatures,
  },
  {
    id: 'records-and-jobs',
    description:
      'a dashboard and a trainer: whole listings around pages and a run filter, a listed record read, a query typed wrong and a far page; a training job with the experimental config and Choice objects, read back; the nil UUID read; trajectories logged under train, val and test',
    drive: driveRecordsAndJobs,
  },
] as const;
