/**
 * Pairs split between proxies: each pair rule's two exchanges sent to different in-process proxies
 * in front of the same faulty mock (as round-robin behind a balancer sends them), so no proxy
 * judges the pair, and `conformance merge` of their reports finds the planted fault under the
 * rule, with the later exchange as the evidence. The clean mock: the same pairs pass.
 */
import { request } from 'undici';
import { afterEach, expect, test } from 'vitest';
import { type MockServer, startMockServer } from '../../mock/index.js';
import { DEFAULT_MODEL_ID, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import type { RunReport } from '../../src/core/report.js';
import { mergeReports } from '../../src/merge/merge.js';
import { listRecords, result, startProxy } from './helpers.js';

const mocks: MockServer[] = [];
afterEach(async () => {
  for (const m of mocks.splice(0)) await m.close();
});

/** The next proxy's URL, round-robin. */
type Next = () => string;

const basicGet = (url: string): Promise<string> =>
  fetch(url, { headers: { authorization: `Basic ${Buffer.from('api:mock-key').toString('base64')}` } }).then((r) =>
    r.text(),
  );

async function listThenRead(next: Next, kind: 'predictions' | 'scores', marker: string): Promise<void> {
  const listed = await listRecords(next(), kind, undefined, '?limit=1');
  const record = listed.records[0] as Record<string, string>;
  await basicGet(
    `${next()}/v2/acme/evals/${kind}/${record[kind === 'predictions' ? 'prediction_id' : 'score_id']}?marker=${marker}`,
  );
}

/** The full listing, a listing asked with `query`, the full listing again (with the marker): on three proxies. */
async function fullAround(next: Next, kind: 'predictions' | 'scores', query: string, marker: string): Promise<void> {
  await listRecords(next(), kind);
  await listRecords(next(), kind, undefined, query);
  await listRecords(next(), kind, undefined, `?marker=${marker}`);
}

async function createThenGet(next: Next, marker: string): Promise<void> {
  const res = await fetch(`${next()}/v1/preview/training-jobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${DEFAULT_TOKEN}` },
    body: JSON.stringify({
      model_id: DEFAULT_MODEL_ID,
      trajectory_groups: [{ trajectories: [{ messages_and_choices: [{ role: 'user', content: marker }], reward: 1 }] }],
    }),
  });
  const { id } = (await res.json()) as { id: string };
  await fetch(`${next()}/v1/preview/training-jobs/${id}?marker=${marker}`, {
    headers: { authorization: `Bearer ${DEFAULT_TOKEN}` },
  }).then((r) => r.text());
}

/** The same greedy seeded request unstreamed, then streamed (with the marker). */
async function greedyBoth(next: Next, marker: string): Promise<void> {
  const body = { messages: [{ role: 'user', content: 'Name three harbours.' }], max_completion_tokens: 8 };
  for (const stream of [false, true]) {
    const res = await request(`${next()}/v1/chat/completions${stream ? `?marker=${marker}` : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...body,
        temperature: 0,
        seed: 5,
        return_token_ids: true,
        ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      }),
    });
    await res.body.text();
  }
}

interface Row {
  readonly fault: string;
  readonly finding: string;
  readonly client: (next: Next, marker: string) => Promise<void>;
}

const ROWS: readonly Row[] = [
  {
    fault: 'records.read-listed-id-404',
    finding: 'predictions.listed-records-read-back',
    client: (n, m) => listThenRead(n, 'predictions', m),
  },
  {
    fault: 'records.read-differs-from-listing',
    finding: 'scores.listed-records-read-back',
    client: (n, m) => listThenRead(n, 'scores', m),
  },
  {
    fault: 'records.offset-off-by-one',
    finding: 'predictions.offset-skips',
    client: (n, m) => fullAround(n, 'predictions', '?offset=2&limit=2', m),
  },
  {
    fault: 'records.unstable-order',
    finding: 'scores.stable-order',
    client: async (n, m) => {
      await listRecords(n(), 'scores');
      await listRecords(n(), 'scores', undefined, `?marker=${m}`);
    },
  },
  {
    fault: 'records.filter-drops-records',
    finding: 'scores.filter-by-evaluation-run',
    client: async (n, m) => {
      const some = await listRecords(n(), 'scores', undefined, '?limit=1');
      const run = (some.records[0] as { evaluation_run_id: string }).evaluation_run_id;
      await fullAround(n, 'scores', `?evaluation_run_id=${run}`, m);
    },
  },
  {
    fault: 'training-jobs.get-forgets-jobs',
    finding: 'training-jobs.get-returns-same-id',
    client: (n, m) => createThenGet(n, m),
  },
  {
    fault: 'streaming.streamed-token-ids-doubled',
    finding: 'streaming.token-count-matches-non-streamed',
    client: (n, m) => greedyBoth(n, m),
  },
];

/** `client` through `count` proxies (3 unless said) in front of a mock with `faults`: each proxy's server report and their merge. */
async function split(
  faults: readonly string[],
  client: Row['client'],
  marker: string,
  count = 3,
): Promise<{ own: RunReport[]; merged: RunReport }> {
  const mock = await startMockServer({ port: 0, faults: [...faults], seed: 7 });
  mocks.push(mock);
  const proxies = await Promise.all(Array.from({ length: count }, () => startProxy(mock.url)));
  let turn = 0;
  await client(() => proxies[turn++ % proxies.length]!.url, marker);
  expect(turn, 'the pair spans proxies').toBeGreaterThan(1);
  const own = (await Promise.all(proxies.map((p) => p.stop()))).map(([server]) => server!);
  const [merged] = mergeReports(own.map((report, i) => ({ file: `proxy-${i + 1}.json`, report })));
  return { own, merged: merged! };
}

test.each(ROWS)('$fault: split between proxies, the merge finds $finding', async ({ fault, finding, client }) => {
  const marker = `mk${Math.random().toString(36).slice(2, 8)}`;
  const { own, merged } = await split([fault], client, marker);
  for (const report of own) expect(result(report, finding)?.status, 'no proxy judged it broken').not.toBe('fail');
  const found = result(merged, finding);
  expect(found?.status, JSON.stringify(found)).toBe('fail');
  expect(found?.exchanges?.broken).toBe(1);
  expect(JSON.stringify(found?.evidence?.request)).toContain(marker);
});

test('the clean mock: the same pairs, split between proxies, are judged by the merge and hold', async () => {
  for (const row of ROWS) {
    const { merged } = await split([], row.client, 'clean');
    const found = result(merged, row.finding);
    expect(found?.status, row.finding).toBe('pass');
    expect(found?.exchanges?.judged, row.finding).toBeGreaterThan(0);
  }
});

test.each(ROWS)('$fault: the merge counts $finding as one proxy that saw all the traffic does', async (row) => {
  const counts = (r: RunReport) =>
    r.results.filter((x) => x.id === row.finding).map((x) => [x.status, x.exchanges?.judged, x.exchanges?.broken]);
  const one = (await split([row.fault], row.client, 'one', 1)).own[0]!;
  for (const count of [2, 3]) {
    const { merged } = await split([row.fault], row.client, 'one', count);
    expect(counts(merged), `${count} proxies`).toEqual(counts(one));
  }
});
