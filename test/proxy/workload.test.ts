/**
 * How much of what the suite catches the proxy catches on real traffic: a fixed client workload
 * (the openai SDK for chat, streamed and not, and fetch for the rest: realistic use plus a few
 * requests a buggy client sends) goes through the proxy in front of the clean mock (no server-side
 * finding) and in front of each planted fault of mock/faults. A fault the workload "touches" changes
 * at least one answer the workload gets (status, media type or body, ids and times aside); each
 * touched fault is found (a server-side finding) or not, and the table is printed (and written to
 * docs/proxy-faults.md with WRITE_PROXY_FAULTS=1). The share found may only grow: FOUND_AT_LEAST.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type OpenAI from 'openai';
import { expect, test } from 'vitest';
import { FAULTS, startMockServer } from '../../mock/index.js';
import { packageRoot } from '../../src/core/package-root.js';
import { DEFAULT_MODEL, DEFAULT_MODEL_ID, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { listRecords, sdk, startProxy } from './helpers.js';

/** The share of touched faults found, measured (ratchet: raise it as the proxy judges more). */
const FOUND_AT_LEAST = 0.5;

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
async function workload(client: OpenAI, base: string): Promise<void> {
  const chat = client.chat.completions;
  await quiet(chat.create({ model: DEFAULT_MODEL, messages, seed: 1, max_completion_tokens: 8 }));
  await quiet(
    chat.create({
      model: DEFAULT_MODEL,
      messages,
      seed: 2,
      max_completion_tokens: 8,
      n: 2,
      logprobs: true,
      top_logprobs: 2,
      stop: ['zzz'],
    }),
  );
  await quiet(
    chat.create({
      model: DEFAULT_MODEL,
      messages,
      seed: 3,
      max_completion_tokens: 8,
      response_format: { type: 'json_object' },
    } as Parameters<typeof chat.create>[0]),
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
  await post('/v1/chat/completions', '{"messages": [');
  await get('/v2/acme/evals/predictions?limit=2', '');
}

/** An answer as the workload saw it, ids, times and random values aside. */
function normalized(line: string): string {
  const rec = JSON.parse(line) as {
    request: { method: string; url: string };
    response?: { status: number; headers: Record<string, string>; firstBytes: string };
  };
  const body = (rec.response?.firstBytes ?? '')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'UUID')
    .replace(/"(id|created|system_fingerprint)":\s*("[^"]*"|\d+)/g, '"$1":X')
    .replace(/chatcmpl-[\w-]+/g, 'ID');
  const url = rec.request.url
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'UUID')
    .replace(/^https?:\/\/[^/]+/, '');
  return `${rec.request.method} ${url} ${rec.response?.status ?? 'none'} ${rec.response?.headers['content-type'] ?? ''} ${body}`;
}

interface Observed {
  readonly answers: string[];
  readonly findings: string[];
}

async function through(faults: string[]): Promise<Observed> {
  const mock = await startMockServer({ port: 0, faults, seed: 7 });
  const lines: string[] = [];
  const proxy = await startProxy(mock.url, { record: (l) => lines.push(l), timeoutMs: 5_000, idleTimeoutMs: 5_000 });
  try {
    await workload(sdk(proxy.url), proxy.url);
    const [server] = await proxy.stop();
    return {
      answers: lines.map(normalized).sort(),
      findings: server!.results.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => r.id),
    };
  } finally {
    await proxy.stop();
    await mock.close();
  }
}

test('the proxy finds the planted faults the workload touches; the clean mock gives no finding', {
  timeout: 300_000,
}, async () => {
  const clean = await through([]);
  expect(clean.findings, 'the clean mock behind the proxy').toEqual([]);
  expect(clean.answers.length).toBeGreaterThan(15);
  const again = await through([]);
  // The workload is deterministic: the comparison below means something.
  expect(again.answers).toEqual(clean.answers);

  const rows: { fault: string; touched: boolean; found: string[] }[] = [];
  for (const fault of FAULTS) {
    const seen = await through([fault.id]);
    const touched = seen.answers.join('\n') !== clean.answers.join('\n') || seen.findings.length > 0;
    rows.push({ fault: fault.id, touched, found: seen.findings });
  }
  const touched = rows.filter((r) => r.touched);
  const found = touched.filter((r) => r.found.length > 0);
  const share = found.length / touched.length;
  const table = [
    `| fault | found by the proxy (server-side results that failed) |`,
    `|---|---|`,
    ...touched.map(
      (r) => `| \`${r.fault}\` | ${r.found.length ? r.found.map((f) => `\`${f}\``).join(', ') : '**not found**'} |`,
    ),
  ];
  const summary = `${found.length} of ${touched.length} touched faults found (${Math.round(share * 100)} %); ${rows.length - touched.length} of ${rows.length} faults change nothing the workload gets`;
  console.log(`${summary}\n${table.join('\n')}`);
  if (process.env.WRITE_PROXY_FAULTS)
    writeFileSync(
      join(packageRoot(), 'docs/proxy-faults.md'),
      [
        '# Planted faults the proxy finds on a client workload',
        '',
        '<!-- Written by `WRITE_PROXY_FAULTS=1 npx vitest run test/proxy/workload.test.ts`. -->',
        '',
        'test/proxy/workload.test.ts sends a fixed client workload (the openai SDK for chat, streamed and',
        'not; fetch for listings, reads, training jobs and logging; a few requests a buggy client sends)',
        'through `conformance proxy` in front of the mock with each planted fault of mock/faults. A fault',
        'is touched when it changes an answer the workload gets; found when the proxy reports a',
        'server-side finding. A fault not found needs a rule the proxy does not judge yet on one',
        'exchange, or a pair of exchanges it does not pair (docs/proxy-rules.md lists what it judges).',
        '',
        `${summary}.`,
        '',
        ...table,
        '',
      ].join('\n'),
    );
  expect(share).toBeGreaterThanOrEqual(FOUND_AT_LEAST);
});
