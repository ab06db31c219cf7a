/**
 * @module The `openai-sdk` client workload: a team's app as it talks to a vLLM deployment through the
 * official openai SDK (chat, streamed and not, with vLLM's extra fields sent as extra body fields),
 * and to the evaluation-record and training services with plain fetch (JSONL listings and reads with
 * Basic credentials, a training job created and fetched, trajectories logged). Deterministic (seeded
 * requests, the listed ids read back in order) and it never throws.
 */
import OpenAI from 'openai';
import { DEFAULT_MODEL, DEFAULT_MODEL_ID, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { AUTH, idOf, idsOf, PROJECT, recordsOf, send } from './workload-requests.js';

const messages = [{ role: 'user' as const, content: 'Tell me about lighthouses and harbours.' }];

/** vLLM's sampling and output fields, as a client passes them through the SDK (extra body fields). */
const VLLM_EXTRAS = {
  top_k: 20,
  min_p: 0.05,
  repetition_penalty: 1.1,
  stop_token_ids: [151643],
  skip_special_tokens: true,
  return_token_ids: true,
  chat_template_kwargs: { enable_thinking: false },
} as const;

/** The chat requests, in order: each one non-streamed unless `stream` says so. */
const CHATS: readonly Record<string, unknown>[] = [
  { seed: 1, max_completion_tokens: 8, ...VLLM_EXTRAS },
  { seed: 2, max_completion_tokens: 8, n: 2 },
  { seed: 3, max_completion_tokens: 8, logprobs: true, top_logprobs: 2 },
  { seed: 4, max_completion_tokens: 12, stop: ['harbour'], include_stop_str_in_output: true },
  {
    seed: 5,
    max_completion_tokens: 24,
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'answer',
        schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
      },
    },
  },
  { seed: 6, max_completion_tokens: 4, structured_outputs: { choice: ['yes', 'no'] } },
  { seed: 7, max_completion_tokens: 8, request_id: 'workload-sdk-request-7' },
  // The same greedy seeded request unstreamed and streamed: the proxy pairs their token counts.
  { seed: 8, temperature: 0, max_completion_tokens: 8, return_token_ids: true },
  {
    seed: 8,
    temperature: 0,
    max_completion_tokens: 8,
    return_token_ids: true,
    stream: true,
    stream_options: { include_usage: true },
  },
  {
    seed: 9,
    max_completion_tokens: 8,
    ...VLLM_EXTRAS,
    stream: true,
    stream_options: { include_usage: true, continuous_usage_stats: true },
  },
  { seed: 10, max_completion_tokens: 8, n: 2, stream: true, stream_options: { include_usage: true } },
  { seed: 11, max_completion_tokens: 8, logprobs: true, top_logprobs: 2, stream: true },
];

async function chat(client: OpenAI, fields: Record<string, unknown>): Promise<void> {
  const body = { model: DEFAULT_MODEL, messages, ...fields } as unknown as OpenAI.ChatCompletionCreateParams;
  try {
    const answer = await client.chat.completions.create(body);
    // A stream is read to its end, chunk by chunk, as an app shows it.
    if (Symbol.asyncIterator in answer) for await (const _ of answer) void _;
  } catch {
    // A fault may break the SDK's parsing or refuse the request: the proxy has judged what passed.
  }
}

const groups = [{ trajectories: [{ messages_and_choices: [{ role: 'user', content: 'hi' }], reward: 1 }] }];

/** The `openai-sdk` workload against `base` (the proxy's URL). */
export async function driveOpenAiSdk(base: string): Promise<void> {
  // The SDK's own log stays quiet: what a fault breaks is the proxy's to report.
  const client = new OpenAI({
    baseURL: `${base}/v1`,
    apiKey: DEFAULT_TOKEN,
    maxRetries: 0,
    timeout: 15_000,
    logLevel: 'off',
  });
  for (const fields of CHATS) await chat(client, fields);

  // A dashboard: the whole listing, two pages and one run's records, the whole listing again, reads.
  const get = (path: string) => send(base, 'GET', path, AUTH.basic);
  for (const kind of ['predictions', 'scores'] as const) {
    const all = await get(`${PROJECT}/${kind}`);
    await get(`${PROJECT}/${kind}?offset=0&limit=4`);
    await get(`${PROJECT}/${kind}?offset=4&limit=4`);
    const run = recordsOf(all)[0]?.evaluation_run_id;
    if (typeof run === 'string') await get(`${PROJECT}/${kind}?evaluation_run_id=${encodeURIComponent(run)}`);
    await get(`${PROJECT}/${kind}`);
    for (const id of idsOf(await get(`${PROJECT}/${kind}?limit=2`), kind)) await get(`${PROJECT}/${kind}/${id}`);
  }

  const post = (path: string, body: unknown) => send(base, 'POST', path, AUTH.bearer, JSON.stringify(body));
  const created = await post('/v1/preview/training-jobs', { model_id: DEFAULT_MODEL_ID, trajectory_groups: groups });
  const id = created.status >= 200 && created.status < 300 ? idOf(created.text) : undefined;
  if (id) await send(base, 'GET', `/v1/preview/training-jobs/${id}`, AUTH.bearer);
  await post(`/v1/preview/models/${DEFAULT_MODEL_ID}/log`, { split: 'train', trajectory_groups: groups });
}
