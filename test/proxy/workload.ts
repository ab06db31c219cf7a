/**
 * @module A fixed client workload: what a client app does (the openai SDK for chat, streamed and
 * not, with the fields real clients send; fetch for listings, reads, training jobs and logging) and
 * what a buggy one sends now and then (no credentials, a body §7.2 forbids, a body that is not JSON).
 * Deterministic (seeded), and it never throws: what a fault breaks is the proxy's to judge.
 */
import type OpenAI from 'openai';
import { DEFAULT_MODEL, DEFAULT_MODEL_ID, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { listRecords } from './helpers.js';

const BASIC = `Basic ${Buffer.from('api:mock-key').toString('base64')}`;
const messages = [{ role: 'user' as const, content: 'Tell me about lighthouses and harbours.' }];

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  try {
    for await (const _ of stream) void _;
  } catch {
    // A fault may break the SDK's parsing: the proxy has judged what passed.
  }
}

const quiet = <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined);

/** The workload: what a client app does, and what a buggy one sends now and then. */
export async function workload(client: OpenAI, base: string): Promise<void> {
  const chat = client.chat.completions;
  await quiet(chat.create({ model: DEFAULT_MODEL, messages, seed: 1, max_completion_tokens: 8 }));
  await quiet(
    chat.create({
      model: DEFAULT_MODEL,
      messages,
      seed: 2,
      max_completion_tokens: 8,
      n: 2,
      stop: ['zzz'],
    }),
  );
  await quiet(
    chat.create({ model: DEFAULT_MODEL, messages, seed: 6, max_completion_tokens: 8, logprobs: true, top_logprobs: 2 }),
  );
  await quiet(
    chat.create({
      model: DEFAULT_MODEL,
      messages,
      seed: 3,
      max_completion_tokens: 8,
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'answer',
          schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
        },
      },
    }),
  );
  const s1 = await quiet(
    chat.create({
      model: DEFAULT_MODEL,
      messages,
      seed: 4,
      max_completion_tokens: 8,
      stream: true,
      stream_options: { include_usage: true },
    }),
  );
  if (s1) await drain(s1);
  const s2 = await quiet(
    chat.create({ model: DEFAULT_MODEL, messages, seed: 5, max_completion_tokens: 8, stream: true, n: 2 }),
  );
  if (s2) await drain(s2);
  const get = (path: string, auth = BASIC) =>
    quiet(fetch(`${base}${path}`, { headers: { authorization: auth } }).then((r) => r.text()));
  const post = (path: string, body: string, auth = `Bearer ${DEFAULT_TOKEN}`) =>
    quiet(
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body,
      }).then((r) => r.text()),
    );
  const listed = await quiet(listRecords(base, 'predictions', undefined, '?limit=3'));
  const first = listed?.records[0] as { prediction_id?: string; evaluation_run_id?: string } | undefined;
  if (first?.prediction_id) await get(`/v2/acme/evals/predictions/${first.prediction_id}`);
  if (first?.evaluation_run_id)
    await quiet(listRecords(base, 'predictions', undefined, `?evaluation_run_id=${first.evaluation_run_id}&limit=5`));
  // A dashboard: the whole listing, two pages of it and one run's records, then the whole listing again.
  await quiet(listRecords(base, 'predictions'));
  await quiet(listRecords(base, 'predictions', undefined, '?offset=0&limit=4'));
  await quiet(listRecords(base, 'predictions', undefined, '?offset=4&limit=4'));
  if (first?.evaluation_run_id)
    await quiet(listRecords(base, 'predictions', undefined, `?evaluation_run_id=${first.evaluation_run_id}`));
  await quiet(listRecords(base, 'predictions'));
  const scores = await quiet(listRecords(base, 'scores', undefined, '?limit=2'));
  const score = scores?.records[0] as { score_id?: string } | undefined;
  if (score?.score_id) await get(`/v2/acme/evals/scores/${score.score_id}`);
  const groups = [{ trajectories: [{ messages_and_choices: [{ role: 'user', content: 'hi' }], reward: 1 }] }];
  const created = await post(
    '/v1/preview/training-jobs',
    JSON.stringify({ model_id: DEFAULT_MODEL_ID, trajectory_groups: groups }),
  );
  const id = created ? (JSON.parse(created) as { id?: string }).id : undefined;
  if (typeof id === 'string') await get(`/v1/preview/training-jobs/${id}`, `Bearer ${DEFAULT_TOKEN}`);
  await post(
    `/v1/preview/models/${DEFAULT_MODEL_ID}/log`,
    JSON.stringify({ split: 'train', trajectory_groups: groups }),
  );
  // What a buggy client sends: no credentials, a body the interface forbids, one that is not JSON.
  await post('/v1/chat/completions', JSON.stringify({ messages }), '');
  await post(
    '/v1/chat/completions',
    JSON.stringify({ messages, continue_final_message: true, add_generation_prompt: true }),
  );
  await post(`/v1/preview/models/${DEFAULT_MODEL_ID}/log`, JSON.stringify({ split: 123, trajectory_groups: 'x' }));
  await post(
    `/v1/preview/models/${DEFAULT_MODEL_ID}/log`,
    JSON.stringify({ split: ['train'], trajectory_groups: groups }),
  );
  await post('/v1/chat/completions', '{"messages": [');
  await get('/v2/acme/evals/predictions?limit=2', '');
  // Ids that name nothing: a record deleted since it was listed, a job id mistyped.
  await get('/v2/acme/evals/scores/score-deleted-since');
  await get('/v1/preview/training-jobs/job-42', `Bearer ${DEFAULT_TOKEN}`);
}
