import { expect, test } from 'vitest';
import type { PairHalf } from '../core/pair-halves.js';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { summarize } from '../core/summary.js';
import { pairsAcross } from './pairs.js';

const evidence = (path: string) => ({
  seed: 0,
  replay: 'conformance proxy --target https://api.example.com',
  request: { method: 'GET', url: `https://api.example.com${path}`, headers: {} },
  response: { status: 200, headers: {}, excerpt: '', truncated: false },
});

function proxy(halves: PairHalf[], results: CheckResult[] = [], listingsComplete = true): RunReport {
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'conformance-suite', version: '0.1.0' },
    target: 'https://api.example.com',
    targetLabel: 'server',
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1000,
    seed: 0,
    runs: 0,
    level: 'must',
    tokenBudget: 0,
    replay: 'conformance proxy --target https://api.example.com',
    results,
    summary: summarize(results, 'must'),
    origin: { kind: 'proxy', side: 'server', catalogue: '0123456789abcdef' },
    pairs: { halves, dropped: 0, listingsComplete },
  };
}

const record = { prediction_id: 'p1', model: 'wandb:///acme/m1', output: 'a' };
/** `scope` null: a half of a report written before halves kept their scope. */
const listed = (at: number, scope: string | null = 'acme/evals'): PairHalf => ({
  family: 'listed',
  at,
  kind: 'predictions',
  ...(scope === null ? {} : { scope }),
  id: 'p1',
  record,
});
const read = (at: number, body: unknown, status = 200, scope: string | null = 'acme/evals'): PairHalf => ({
  family: 'read',
  at,
  kind: 'predictions',
  ...(scope === null ? {} : { scope }),
  id: 'p1',
  status,
  text: JSON.stringify(body),
  operation: 'predictions.read',
  evidence: evidence(`/v2/${scope ?? 'acme/evals'}/predictions/p1`),
});
const ID = 'server.reads-listed-record.predictions-read';

test('a record listed on one proxy and read differently on another: the breach only the two together show', () => {
  const { results } = pairsAcross([proxy([listed(1)]), proxy([read(2, { ...record, output: 'b' })])]);
  const [r] = results;
  expect(r).toMatchObject({
    id: ID,
    status: 'fail',
    section: expect.stringMatching(/§4/),
    exchanges: { judged: 1, broken: 1, unanswered: 0, firstAt: new Date(2).toISOString() },
    notes: ['judged on 1 exchange; 1 broke it'],
  });
  expect(r?.actual).toBe('output "b"');
  expect(r?.evidence?.request?.url).toContain('/predictions/p1');
});

test('a pair that holds is judged and passes; a job created on one proxy and read on another too', () => {
  const created: PairHalf = { family: 'created', at: 1, id: 'ABC' };
  const jobRead: PairHalf = {
    family: 'job-read',
    at: 3,
    id: 'abc',
    status: 200,
    text: '{}',
    operation: 'training-jobs.get',
    evidence: evidence('/v1/preview/training-jobs/abc'),
  };
  const { results } = pairsAcross([proxy([listed(1), created]), proxy([read(2, record), jobRead])]);
  expect(results.map((r) => [r.id, r.status, r.exchanges?.judged])).toEqual([
    [ID, 'pass', 1],
    ['server.gets-created-job.training-jobs-get', 'pass', 1],
  ]);
});

test('a later half older than every earlier half, or paired with its own proxy only, stays unjudged', () => {
  expect(pairsAcross([proxy([listed(5)]), proxy([read(2, { ...record, output: 'b' })])]).results).toEqual([]);
  expect(pairsAcross([proxy([listed(1), read(2, { ...record, output: 'b' })]), proxy([])]).results).toEqual([]);
  expect(pairsAcross([proxy([listed(1), read(2, record)])]).results).toEqual([]);
});

test('a listed id read under another entity or project on another proxy is an isolation probe: never paired', () => {
  const notFound = { reason: 'Prediction p1 not found' };
  for (const scope of ['acme/other-project', 'other-entity/evals'])
    expect(pairsAcross([proxy([listed(1)]), proxy([read(2, notFound, 404, scope)])]).results, scope).toEqual([]);
  // The same id listed in both projects: the read pairs with its own project's listing only.
  const both = pairsAcross([proxy([listed(1), listed(1, 'acme/other-project')]), proxy([read(2, notFound, 404)])]);
  expect(both.results.map((r) => [r.id, r.status, r.exchanges?.judged])).toEqual([[ID, 'fail', 1]]);
});

test('a half without a scope (an older report) pairs only with another half without one', () => {
  const differs = { ...record, output: 'b' };
  expect(pairsAcross([proxy([listed(1, null)]), proxy([read(2, differs, 200, null)])]).results).toHaveLength(1);
  expect(pairsAcross([proxy([listed(1, null)]), proxy([read(2, differs, 200, 'acme/other-project')])]).results).toEqual(
    [],
  );
  expect(pairsAcross([proxy([listed(1)]), proxy([read(2, differs, 200, null)])]).results).toEqual([]);
});

test("each proxy's first record URI is judged against the first of all, once per exchange", () => {
  const first = (at: number, uri: string, judgedHere = false): PairHalf => ({
    family: 'first-uri',
    at,
    kind: 'predictions',
    scheme: uri.split(':')[0]!,
    uri,
    judgedHere,
    brokenHere: false,
    operation: 'predictions.list',
    evidence: evidence('/v2/acme/evals/predictions'),
  });
  const { results } = pairsAcross([
    proxy([first(1, 'wandb:///a')]),
    proxy([first(2, 'weave-internal:///b', true)]),
    proxy([first(3, 'wandb:///c')]),
  ]);
  expect(results.map((r) => [r.id, r.status, r.exchanges?.judged, r.exchanges?.broken])).toEqual([
    ['server.one-uri-scheme.predictions-list', 'fail', 1, 1],
  ]);
});

test('listings are judged again over every proxy only when each kept them all', () => {
  const listing = (at: number, target: string, ids: string[], extra: object = {}): PairHalf => ({
    family: 'listing',
    at,
    listing: { kind: 'predictions', scope: 'acme/evals', target, records: ids.map((id) => ({ id })), ...extra },
    operation: 'predictions.list',
    evidence: evidence(target),
  });
  const own: CheckResult = {
    id: 'server.stable-order.predictions-list',
    operation: 'predictions.list',
    section: '§4.5',
    level: 'SHOULD',
    requirement: 'r',
    status: 'pass',
    durationMs: 0,
    exchanges: { judged: 1, broken: 0, unanswered: 0 },
  };
  const a = [listing(1, '/all', ['x', 'y', 'z']), listing(4, '/all', ['x', 'y', 'z'])];
  const b = [listing(2, '/page', ['z'], { offset: 1, limit: 1 }), listing(3, '/all', ['y', 'x', 'z'])];
  const across = pairsAcross([proxy(a, [own]), proxy(b)]);
  expect(across.replaced(own.id)).toBe(true);
  expect(across.results.map((r) => [r.id, r.status, r.exchanges?.judged])).toEqual([
    ['server.stable-order.predictions-list', 'fail', 2],
  ]);
  const partial = pairsAcross([proxy(a, [own], false), proxy(b)]);
  expect(partial.replaced(own.id)).toBe(false);
  expect(partial.results).toEqual([]);
});
