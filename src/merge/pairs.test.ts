import { expect, test } from 'vitest';
import type { KeptHalf } from '../core/pair-halves.js';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../core/report.js';
import { summarize } from '../core/summary.js';
import type { CheckResult } from '../core/result.js';
import type { Group } from '../proxy/findings.js';
import { resultOf } from '../proxy/report.js';
import { pairRuleOf } from '../rules/index.js';
import { pairsAcross } from './pairs.js';
import { sumOfProxies } from './results.js';

const evidence = (path: string) => ({
  seed: 0,
  replay: 'conformance proxy --target https://api.example.com',
  request: { method: 'GET', url: `https://api.example.com${path}`, headers: {} },
  response: { status: 200, headers: {}, excerpt: '', truncated: false },
});

function proxy(halves: KeptHalf[], dropped = 0): RunReport {
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
    results: [],
    summary: summarize([], 'must'),
    origin: { kind: 'proxy', side: 'server', catalogue: '0123456789abcdef' },
    pairs: { halves, dropped },
  };
}

const READ_BACK = 'predictions.listed-records-read-back';
const record = { prediction_id: 'p1', model: 'weave:///acme/evals/object/m:1', output: 'a' };
const key = (scope = 'acme/evals') => `predictions ${scope} p1`;
const listed = (at: number, scope?: string): KeptHalf => ({
  id: READ_BACK,
  key: key(scope),
  at,
  half: { from: 'list', kind: 'predictions', id: 'p1', record },
});
const read = (at: number, body: unknown, status = 200, scope?: string): KeptHalf => ({
  id: READ_BACK,
  key: key(scope),
  at,
  half: { from: 'read', kind: 'predictions', id: 'p1', status, text: JSON.stringify(body) },
  evidence: evidence(`/v2/${scope ?? 'acme/evals'}/predictions/p1`),
});

test('a record listed on one proxy and read differently on another: the breach only the two together show', () => {
  const { results } = pairsAcross([proxy([listed(1)]), proxy([read(2, { ...record, output: 'b' })])]);
  expect(results).toHaveLength(1);
  const [r] = results;
  expect(r).toMatchObject({ id: READ_BACK, operation: 'predictions.read', level: 'MUST', status: 'fail' });
  expect(r!.actual).toContain('output "b"');
  expect(r!.evidence?.request?.url).toContain('/predictions/p1');
});

test('a pair that holds is judged and passes; a job created on one proxy and read on another too', () => {
  const JOB = 'training-jobs.get-returns-same-id';
  const job = 'd9b9a7f2-1c43-4e39-8a3d-1f0c7a5b2e61';
  const created: KeptHalf = { id: JOB, key: job, at: 1, half: { from: 'create' } };
  const got: KeptHalf = { id: JOB, key: job, at: 2, half: { from: 'get', id: job, status: 404, text: '{}' } };
  const { results } = pairsAcross([proxy([listed(1), created]), proxy([read(2, record), got])]);
  expect(results.map((r) => [r.id, r.status]).sort()).toEqual(
    [
      [READ_BACK, 'pass'],
      [JOB, 'fail'],
    ].sort(),
  );
});

test('a pair both of whose halves one proxy saw is its own, never judged again; nor one in the wrong order', () => {
  expect(pairsAcross([proxy([listed(1), read(2, { ...record, output: 'b' })]), proxy([])]).results).toEqual([]);
  expect(pairsAcross([proxy([listed(5)]), proxy([read(2, { ...record, output: 'b' })])]).results).toEqual([]);
  expect(pairsAcross([proxy([listed(1), read(2, record)])]).results).toEqual([]);
});

test('a listed id read under another entity or project on another proxy is an isolation probe: never paired', () => {
  const probe = read(2, { detail: 'not found' }, 404, 'acme/other-project');
  expect(pairsAcross([proxy([listed(1)]), proxy([probe])]).results).toEqual([]);
});

test("a record URI of another proxy's first scheme: judged by the merge only", () => {
  const SCHEME = 'predictions.uri-fields-share-one-scheme';
  const uri = (at: number, u: string): KeptHalf => ({
    id: SCHEME,
    key: 'predictions',
    at,
    half: { kind: 'predictions', uri: u },
    evidence: evidence('/v2/acme/evals/predictions'),
  });
  const { results } = pairsAcross([proxy([uri(1, 'weave:///acme/evals/object/m:1')]), proxy([uri(2, 'gs://b/m')])]);
  expect(results).toMatchObject([{ id: SCHEME, status: 'fail' }]);
  expect(results[0]!.actual).toContain('"gs:"');
});

test('a page on one proxy, the full listings around it on others: judged when the two are the same', () => {
  const PAGE = 'predictions.offset-skips';
  const ids = (...xs: string[]) => xs.map((id) => ({ id, run: 'r' }));
  const listing = (at: number, half: Record<string, unknown>): KeptHalf => ({
    id: PAGE,
    key: 'predictions acme/evals',
    at,
    half: { kind: 'predictions', target: '/v2/acme/evals/predictions', ...half },
    evidence: evidence('/v2/acme/evals/predictions'),
  });
  const full = (at: number) => listing(at, { ids: ids('a', 'b', 'c', 'd') });
  const page = listing(2, { offset: 1, limit: 2, ids: ids('a', 'b') });
  const { results } = pairsAcross([proxy([full(1)]), proxy([page]), proxy([full(3)])]);
  expect(results).toMatchObject([{ id: PAGE, status: 'fail' }]);
  expect(results[0]!.expected).toContain('b, c');
  const changed = listing(3, { ids: ids('a', 'b', 'c', 'e') });
  expect(pairsAcross([proxy([full(1)]), proxy([page]), proxy([changed])]).results).toEqual([]);
});

// ---- Counted as one proxy that saw all the traffic counts: each exchange once.

const SCHEME = 'predictions.uri-fields-share-one-scheme';
const uriHalf = (at: number, u: string, more: Partial<KeptHalf> = {}): KeptHalf => ({
  id: SCHEME,
  key: 'predictions',
  at,
  half: { kind: 'predictions', uri: u },
  evidence: evidence(`/v2/acme/evals/predictions/${at}`),
  ...more,
});
const WEAVE = 'weave:///acme/evals/object/m:1';

/** A proxy's own result for `id`: `judged` exchanges, the first `broken` of them broke it. */
function ownResult(id: string, judged: number, broken = 0) {
  const check = pairRuleOf(id)!;
  const g: Group = { rule: check.rule, id, op: check.operation, judged, failed: broken, errored: 0, more: [] };
  if (broken) g.first = { expected: 'x', actual: 'own breach', exchange: 'GET', evidence: evidence('/own'), at: 5 };
  return resultOf(g, (t) => t);
}

const withResults = (r: RunReport, ...results: CheckResult[]): RunReport => ({ ...r, results });
const merged = (...reports: RunReport[]) =>
  sumOfProxies(
    reports.map((report, i) => ({ file: `p${i}.json`, report })),
    pairsAcross(reports),
  );
const counts = (r: CheckResult | undefined) => [r?.status, r?.exchanges?.judged, r?.exchanges?.broken];

test('two proxies each with one half of a pair: the finding once, on the one exchange', () => {
  // The read's own rule under the same check id judged it on its proxy (held): one exchange, one count.
  const a = proxy([listed(1)]);
  const b = withResults(proxy([{ ...read(2, { ...record, output: 'b' }), others: 'held' }]), ownResult(READ_BACK, 1));
  const [r] = merged(a, b);
  expect(counts(r)).toEqual(['fail', 1, 1]);
  expect(r!.actual).toContain('output "b"');
  expect(r!.evidence?.request?.url).toContain('/predictions/p1');
  // Without a rule of its own on it, the read is counted once by the merge alone.
  expect(counts(merged(a, proxy([read(2, { ...record, output: 'b' })]))[0])).toEqual(['fail', 1, 1]);
});

test("a proxy's own pair verdict is not counted again when the merged state holds another proxy's half", () => {
  // One proxy would judge 2 (held) and 3 (held) against 1: two exchanges.
  const a = withResults(proxy([uriHalf(1, WEAVE), uriHalf(3, WEAVE)]), ownResult(SCHEME, 1));
  const b = proxy([uriHalf(2, WEAVE)]);
  expect(merged(a, b).map(counts)).toEqual([['pass', 2, 0]]);
});

test("a proxy's held the merged fold finds broken is replaced, and its breach the merged fold holds taken back", () => {
  // One proxy: weave first (1), gs breaks it (2), weave holds (3): 2 judged, 1 broken, on gs.
  const a = withResults(proxy([uriHalf(2, 'gs://b/m'), uriHalf(3, WEAVE)]), ownResult(SCHEME, 1, 1));
  const b = proxy([uriHalf(1, WEAVE)]);
  const [r] = merged(a, b);
  expect(counts(r)).toEqual(['fail', 2, 1]);
  expect(r!.actual).toContain('gs:');
  // Held on its own proxy, broken merged: the same exchange, broken once.
  const c = withResults(proxy([uriHalf(1, 'gs://b/m'), uriHalf(3, 'gs://c/m')]), ownResult(SCHEME, 1));
  expect(merged(c, proxy([uriHalf(0, WEAVE)])).map(counts)).toEqual([['fail', 2, 2]]);
});

test('a record of a listing its proxy did not count folds but is not counted; a rule whose halves were dropped only gains', () => {
  expect(merged(proxy([uriHalf(1, WEAVE)]), proxy([uriHalf(2, 'gs://b/m', { uncounted: true })]))).toEqual([]);
  // Its bound reached (256 kept, some dropped): the proxy's breach stands, the merge's is added.
  const many = Array.from({ length: 255 }, (_, i) => uriHalf(10 + i, WEAVE));
  const a = withResults(proxy([uriHalf(2, 'gs://b/m'), ...many], 5), ownResult(SCHEME, 300, 255));
  expect(merged(a, proxy([uriHalf(1, WEAVE)])).map(counts)).toEqual([['fail', 301, 256]]);
});
