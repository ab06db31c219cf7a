import { expect, test } from 'vitest';
import { registry } from '../../src/schemas/registry.js';
import { createMock } from '../app.js';
import { buildRequest, readStream } from '../request.js';
import type { MockResponse } from '../types.js';

const mock = createMock({ records: 120 });
type Rec = Record<string, unknown> & { evaluation_run_id?: string; started_at: string };

async function list(path: string, m = mock): Promise<{ res: MockResponse; items: Rec[] }> {
  const res = await m.handle(buildRequest('GET', path));
  if (!res.stream) return { res, items: [] };
  const text = await readStream(res.stream);
  expect(text === '' || text.endsWith('\n')).toBe(true);
  return {
    res,
    items: text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Rec),
  };
}

test('§4.5 predictions list as application/jsonl, one valid Prediction per line', async () => {
  const { res, items } = await list('/v2/acme/evals/predictions');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/jsonl');
  expect(items).toHaveLength(120);
  for (const p of items) expect(registry().validate('records/prediction', p)).toEqual({ ok: true });
});

test('§4.7 scores list likewise, each a valid Score', async () => {
  const { items } = await list('/v2/acme/evals/scores');
  expect(items).toHaveLength(120);
  for (const s of items) expect(registry().validate('records/score', s)).toEqual({ ok: true });
});

test('records are deterministic, in a stable order by start time then id, with weave URIs and a server-filled user', async () => {
  const a = (await list('/v2/acme/evals/predictions')).items;
  expect((await list('/v2/acme/evals/predictions')).items).toEqual(a);
  const keys = a.map((p) => `${p.started_at}|${String(p.prediction_id)}`);
  expect([...keys].sort()).toEqual(keys);
  for (const p of a) {
    expect(p.model).toMatch(/^weave:\/\/\/acme\/evals\/object\/[\w-]+:[a-z0-9]+$/);
    expect(typeof p.svc_user_id).toBe('string');
  }
  expect(
    (await list('/v2/acme/evals/scores')).items.every((s) =>
      /^weave:\/\/\/acme\/evals\/object\//.test(String(s.scorer)),
    ),
  ).toBe(true);
});

test('evaluation_run_id filters; limit and offset apply after the filter', async () => {
  const all = (await list('/v2/acme/evals/predictions')).items;
  const runs = [...new Set(all.map((p) => p.evaluation_run_id).filter(Boolean))] as string[];
  expect(runs.length).toBeGreaterThan(1);
  expect(all.some((p) => p.evaluation_run_id === undefined)).toBe(true);
  const run = runs[1]!;
  const filtered = (await list(`/v2/acme/evals/predictions?evaluation_run_id=${run}`)).items;
  expect(filtered).toEqual(all.filter((p) => p.evaluation_run_id === run));
  const page = (await list(`/v2/acme/evals/predictions?evaluation_run_id=${run}&offset=3&limit=4`)).items;
  expect(page).toEqual(filtered.slice(3, 7));
  expect((await list('/v2/acme/evals/predictions?evaluation_run_id=unknown-run')).items).toEqual([]);
  expect((await list('/v2/acme/evals/predictions?limit=0')).items).toEqual([]);
  expect((await list('/v2/acme/evals/predictions?offset=500')).items).toEqual([]);
});

test('§4.6/§4.8 reads by id return the listed record; unknown ids are 404 {reason}', async () => {
  const [p] = (await list('/v2/acme/evals/predictions?offset=17&limit=1')).items;
  const read = await mock.handle(buildRequest('GET', `/v2/acme/evals/predictions/${String(p!.prediction_id)}`));
  expect(read.status).toBe(200);
  expect(read.json).toEqual(p);
  const [s] = (await list('/v2/acme/evals/scores?limit=1')).items;
  expect((await mock.handle(buildRequest('GET', `/v2/acme/evals/scores/${String(s!.score_id)}`))).json).toEqual(s);
  const missing = await mock.handle(buildRequest('GET', '/v2/acme/evals/predictions/nope'));
  expect(missing.status).toBe(404);
  expect(missing.json).toEqual({ reason: 'Prediction nope not found' });
  const scoreAsPrediction = await mock.handle(buildRequest('GET', `/v2/acme/evals/predictions/${String(s!.score_id)}`));
  expect(scoreAsPrediction.status).toBe(404);
});

test("an entity/project with no data lists nothing and finds nothing, never another project's records", async () => {
  expect((await list('/v2/acme/other/predictions')).items).toEqual([]);
  expect((await list('/v2/other/evals/scores')).res.status).toBe(200);
  const [p] = (await list('/v2/acme/evals/predictions?limit=1')).items;
  expect(
    (await mock.handle(buildRequest('GET', `/v2/acme/other/predictions/${String(p!.prediction_id)}`))).status,
  ).toBe(404);
});

test('another seed or project gives other records', async () => {
  const a = (await list('/v2/acme/evals/predictions?limit=1')).items[0];
  const b = (await list('/v2/acme/evals/predictions?limit=1', createMock({ seed: 2 }))).items[0];
  expect(b).not.toEqual(a);
});

test('a query parameter of the wrong type or out of range is 422 detail[] with loc query', async () => {
  for (const q of ['limit=abc', 'offset=1.5', 'limit=-1', 'offset=-3']) {
    const res = await mock.handle(buildRequest('GET', `/v2/acme/evals/predictions?${q}`));
    expect(res.status, q).toBe(422);
    expect(registry().validate('errors/validation-error', res.json)).toEqual({ ok: true });
    expect((res.json as { detail: { loc: string[] }[] }).detail[0]!.loc[0]).toBe('query');
  }
});
