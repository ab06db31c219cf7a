/**
 * The proxy in front of faulty mocks (planted faults, mock/faults): the same clients as against the
 * clean mock (the openai SDK, a JSONL consumer, plain fetch), and each fault is found on the server's
 * side, under the rule it breaks, with the client's own request as the evidence. The clients'
 * report stays clean: their requests were valid.
 */
import type OpenAI from 'openai';
import { expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { DEFAULT_MODEL, DEFAULT_MODEL_ID, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { listRecords, problems, result, sdk, startProxy } from './helpers.js';

interface Row {
  readonly fault: string;
  /** The result that must fail. */
  readonly finding: string;
  /** What the client does through the proxy; `marker` is unique to this row's requests. */
  readonly client: (client: OpenAI, proxyUrl: string, marker: string) => Promise<unknown>;
  /** Text of the client's request expected in the evidence (default: the marker). */
  readonly inRequest?: string;
  /** The clients' side is expected clean (default true). */
  readonly cleanClients?: boolean;
}

const ask = (marker: string) => [{ role: 'user' as const, content: `A question about ${marker}.` }];
const completion = (c: OpenAI, marker: string) =>
  c.chat.completions.create({ model: DEFAULT_MODEL, messages: ask(marker), max_completion_tokens: 6 });
async function streamed(c: OpenAI, marker: string, extra: Record<string, unknown> = {}): Promise<string> {
  const s = await c.chat.completions.create({
    model: DEFAULT_MODEL,
    messages: ask(marker),
    max_completion_tokens: 6,
    stream: true,
    stream_options: { include_usage: true },
    ...extra,
  });
  let text = '';
  try {
    for await (const chunk of s) text += chunk.choices[0]?.delta?.content ?? '';
  } catch {
    // Some faults break the SDK's own parsing: the proxy must have judged the stream anyway.
  }
  return text;
}
const post = (url: string, body: unknown, token = DEFAULT_TOKEN) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).then((r) => r.text());

/** A chat request with no credentials at all (the marker in the body). */
const chatWithoutCredentials = (base: string, marker: string): Promise<string> =>
  fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: ask(marker) }),
  }).then((r) => r.text());

/** A training job created, then fetched by the id returned (the pair the proxy remembers). */
async function createThenGetJob(base: string, marker: string): Promise<string> {
  const created = JSON.parse(
    await post(`${base}/v1/preview/training-jobs`, {
      model_id: DEFAULT_MODEL_ID,
      trajectory_groups: [{ trajectories: [{ messages_and_choices: [{ role: 'user', content: marker }], reward: 1 }] }],
    }),
  ) as { id: string };
  return fetch(`${base}/v1/preview/training-jobs/${created.id}?marker=${marker}`, {
    headers: { authorization: `Bearer ${DEFAULT_TOKEN}` },
  }).then((r) => r.text());
}

/** A record listed, then read by its id. */
async function listThenRead(base: string, kind: 'predictions' | 'scores', marker: string): Promise<string> {
  const listed = await listRecords(base, kind, undefined, '?limit=1');
  const record = listed.records[0] as Record<string, string>;
  const id = record[kind === 'predictions' ? 'prediction_id' : 'score_id'];
  return basicGet(`${base}/v2/acme/evals/${kind}/${id}?marker=${marker}`);
}

/**
 * The full listing, a listing asked with `query`, and the full listing again, which completes the
 * judgement and is the evidence (it carries the marker, a parameter the server ignores).
 */
async function fullAround(base: string, kind: 'predictions' | 'scores', query: string, marker: string): Promise<void> {
  await listRecords(base, kind);
  await listRecords(base, kind, undefined, query);
  await listRecords(base, kind, undefined, `?marker=${marker}`);
}

/** A GET with the mock's Basic credentials (§5, /v2). */
const basicGet = (url: string): Promise<string> =>
  fetch(url, { headers: { authorization: `Basic ${Buffer.from('api:mock-key').toString('base64')}` } }).then((r) =>
    r.text(),
  );

const ROWS: readonly Row[] = [
  {
    fault: 'chat-completions.usage-does-not-add-up',
    finding: 'chat-completions.usage-adds-up',
    client: (c, _u, m) => completion(c, m),
  },
  {
    fault: 'acceptance.chat-response-without-usage',
    finding: 'acceptance.valid-request-succeeds.chat-create',
    client: (c, _u, m) => completion(c, m),
  },
  {
    fault: 'acceptance.json-labelled-text-plain',
    finding: 'acceptance.json-content-type.chat-create',
    client: (c, _u, m) => completion(c, m).catch(() => undefined),
  },
  {
    fault: 'streaming.usage-chunk-does-not-add-up',
    finding: 'streaming.usage-chunk-last-and-adds-up',
    client: (c, _u, m) => streamed(c, m),
  },
  { fault: 'streaming.id-changes', finding: 'streaming.one-id-across-chunks', client: (c, _u, m) => streamed(c, m) },
  {
    fault: 'streaming.finish-reason-missing',
    finding: 'streaming.one-finish-reason-per-choice',
    client: (c, _u, m) => streamed(c, m),
  },
  {
    fault: 'streaming.chunk-object-mislabelled',
    finding: 'streaming.chunks-are-chat-completion-chunks',
    client: (c, _u, m) => streamed(c, m),
  },
  {
    fault: 'streaming.old-style-error-event',
    finding: 'streaming.no-error-event',
    client: (c, _u, m) => streamed(c, m),
  },
  {
    fault: 'records.non-json-line',
    finding: 'predictions.list-is-jsonl-of-records',
    client: (_c, u, m) =>
      listRecords(u, 'predictions', undefined, `?evaluation_run_id=${m}-not-a-run&limit=3`).then(() =>
        listRecords(u, 'predictions', undefined, `?limit=5&marker=${m}`),
      ),
  },
  {
    fault: 'records.truncated-last-line',
    finding: 'scores.list-is-jsonl-of-records',
    client: (_c, u, m) => listRecords(u, 'scores', undefined, `?limit=4&marker=${m}`),
  },
  {
    fault: 'records.score-value-as-string',
    finding: 'scores.list-is-jsonl-of-records',
    client: (_c, u, m) => listRecords(u, 'scores', undefined, `?limit=4&marker=${m}`),
  },
  {
    fault: 'records.json-array-body',
    finding: 'predictions.list-is-jsonl-of-records',
    client: (_c, u, m) => listRecords(u, 'predictions', undefined, `?limit=2&marker=${m}`),
  },
  // What one answer shows of its request (src/rules/records.ts, the suite's read and listing checks).
  {
    fault: 'records.limit-off-by-one',
    finding: 'predictions.limit-bounds-count',
    client: (_c, u, m) => listRecords(u, 'predictions', undefined, `?limit=3&marker=${m}`),
  },
  {
    fault: 'records.limit-ignored',
    finding: 'scores.limit-bounds-count',
    client: (_c, u, m) => listRecords(u, 'scores', undefined, `?limit=2&marker=${m}`),
  },
  {
    fault: 'records.filter-ignored',
    finding: 'scores.filter-by-evaluation-run',
    client: async (_c, u, m) => {
      const some = await listRecords(u, 'scores', undefined, '?limit=1');
      const run = (some.records[0] as { evaluation_run_id: string }).evaluation_run_id;
      return listRecords(u, 'scores', undefined, `?evaluation_run_id=${run}&marker=${m}`);
    },
  },
  {
    fault: 'records.uris-name-other-project',
    finding: 'predictions.records-belong-to-project',
    client: (_c, u, m) => listRecords(u, 'predictions', undefined, `?limit=3&marker=${m}`),
  },
  {
    fault: 'records.unknown-id-is-400',
    finding: 'scores.unknown-id-is-404',
    client: (_c, u, m) => basicGet(`${u}/v2/acme/evals/scores/${m}-no-such-score`),
  },
  {
    fault: 'training-jobs.malformed-job-id-is-500',
    finding: 'training-jobs.malformed-id-is-4xx',
    client: (_c, u, m) =>
      fetch(`${u}/v1/preview/training-jobs/${m}-not-a-uuid`, { headers: { authorization: `Bearer ${DEFAULT_TOKEN}` } }),
  },
  // Pairs: what an earlier exchange of the traffic showed (src/proxy/pairs.ts).
  {
    fault: 'records.read-listed-id-404',
    finding: 'predictions.listed-records-read-back',
    client: (_c, u, m) => listThenRead(u, 'predictions', m),
  },
  {
    fault: 'records.read-differs-from-listing',
    finding: 'scores.listed-records-read-back',
    client: (_c, u, m) => listThenRead(u, 'scores', m),
  },
  {
    fault: 'records.internal-uri-scheme-leaks',
    finding: 'scores.uri-fields-share-one-scheme',
    client: (_c, u, m) => listRecords(u, 'scores', undefined, `?limit=8&marker=${m}`),
  },
  {
    fault: 'records.offset-off-by-one',
    finding: 'predictions.offset-skips',
    client: (_c, u, m) => fullAround(u, 'predictions', '?offset=2&limit=2', m),
  },
  {
    fault: 'records.unstable-order',
    finding: 'scores.stable-order',
    client: async (_c, u, m) => {
      await listRecords(u, 'scores');
      await listRecords(u, 'scores', undefined, `?marker=${m}`);
    },
  },
  {
    fault: 'records.filter-drops-records',
    finding: 'scores.filter-by-evaluation-run',
    client: async (_c, u, m) => {
      const some = await listRecords(u, 'scores', undefined, '?limit=1');
      const run = (some.records[0] as { evaluation_run_id: string }).evaluation_run_id;
      return fullAround(u, 'scores', `?evaluation_run_id=${run}`, m);
    },
  },
  {
    fault: 'training-jobs.get-forgets-jobs',
    finding: 'training-jobs.get-returns-same-id',
    client: (_c, u, m) => createThenGetJob(u, m),
  },
  {
    fault: 'training-jobs.get-returns-other-id',
    finding: 'training-jobs.get-returns-same-id',
    client: (_c, u, m) => createThenGetJob(u, m),
  },
  {
    fault: 'errors.skips-body-validation',
    finding: 'errors.rejects-invalid-body.chat-create',
    // A message without its role (required by decisions/0001 #8, a reading of §2.5): no lax reading makes it valid.
    client: (_c, u, m) => post(`${u}/v1/chat/completions`, { messages: [{ content: `about ${m}` }] }),
    cleanClients: false,
  },
  {
    fault: 'errors.accepts-malformed-json',
    finding: 'errors.rejects-malformed-json.chat-create',
    client: (_c, u, m) =>
      fetch(`${u}/v1/chat/completions?marker=${m}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${DEFAULT_TOKEN}` },
        body: '{"messages": [',
      }).then((r) => r.text()),
    cleanClients: false,
  },
  {
    fault: 'auth.forbidden-instead-of-unauthorized',
    finding: 'auth.answers-401.chat-create',
    client: (_c, u, m) => chatWithoutCredentials(u, m),
    cleanClients: false,
  },
  {
    fault: 'auth.serves-data-with-401',
    finding: 'auth.rejects-missing-credentials.chat-create',
    client: (_c, u, m) => chatWithoutCredentials(u, m),
    cleanClients: false,
  },
  {
    fault: 'records.svc-user-id-missing',
    finding: 'predictions.svc-user-id-server-filled',
    client: (_c, u, m) => listRecords(u, 'predictions', undefined, `?limit=3&marker=${m}`),
  },
  {
    fault: 'errors.traceback-in-errors',
    finding: 'errors.error-message-without-internals.chat-create',
    client: (_c, u, m) => post(`${u}/v1/chat/completions?marker=${m}`, { messages: 'not a list' }),
    cleanClients: false,
  },
  {
    fault: 'auth.accepts-missing-credentials',
    finding: 'auth.rejects-missing-credentials.chat-create',
    client: (_c, u, m) => chatWithoutCredentials(u, m),
    cleanClients: false,
  },
  // A client-side bad request (reported as the client's), answered with a bad error body (the server's).
  {
    fault: 'errors.error-envelope-message-only',
    finding: 'errors.error-body-shape.chat-create',
    client: (_c, u, m) => post(`${u}/v1/chat/completions`, { messages: ask(m), temperature: 'hot' }),
    cleanClients: false,
  },
  {
    fault: 'trajectories.error-loc-dotted-string',
    finding: 'errors.error-body-shape.trajectories-log',
    client: (_c, u, m) =>
      post(`${u}/v1/preview/models/${DEFAULT_MODEL_ID}/log`, { split: m, trajectory_groups: 'not-an-array' }),
    cleanClients: false,
  },
];

test.each(ROWS)("$fault is found as $finding, with the client's request as evidence", async (row) => {
  const mock = await startMockServer({ port: 0, faults: [row.fault] });
  const proxy = await startProxy(mock.url);
  try {
    const marker = `mk${Math.random().toString(36).slice(2, 10)}`;
    await row.client(sdk(proxy.url), proxy.url, marker);
    const [server, clients] = await proxy.stop();
    const found = result(server!, row.finding);
    expect(found?.status, `${row.finding} in ${JSON.stringify(problems(server!))}`).toBe('fail');
    expect(found!.evidence?.request?.url ?? '').toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v[12]\//);
    expect(`${found!.evidence?.request?.url} ${found!.evidence?.request?.body ?? ''}`).toContain(
      row.inRequest ?? marker,
    );
    expect(found!.evidence?.curl).toMatch(/^curl /);
    expect(found!.evidence?.response?.status).toBeGreaterThan(0);
    expect(server!.summary.conformant).toBe(false);
    if (row.cleanClients !== false) expect(problems(clients!)).toEqual([]);
    else expect(problems(clients!).length).toBeGreaterThan(0);
    expect(JSON.stringify([server, clients])).not.toContain(DEFAULT_TOKEN);
  } finally {
    await proxy.stop();
    await mock.close();
  }
});
