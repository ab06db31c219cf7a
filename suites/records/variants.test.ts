/**
 * Conformant but unusual record services must pass every records check (false failures are the
 * main complaint about tools in this field), and a large listing is read up to the cap only.
 * Each variant is the bundled mock behind a small rewrite, served on a loopback socket.
 */
import { expect, test } from 'vitest';
import { explain, runAgainstMock } from '../../test/helpers/run-checks.js';
import { bodyText, variantRunner, type VariantHandler as Variant } from '../../test/helpers/variant-server.js';
import { recordChecks } from './index.js';
import { isErrorObject } from '../../src/rules/error-shape.js';
import { PREDICTIONS, SCORES } from '../../src/core/record-kinds.js';
import { uriScope } from '../../src/rules/records.js';
import { canonicalJson, mediaTypeOf } from '../../src/core/values.js';

/** Runs `checks` against the mock behind `variant`, on a loopback socket, with the settings these variants were written for. */
const runAgainstVariant = variantRunner({
  seed: 99,
  timeoutMs: 10_000,
  deadlineMs: 120_000,
  concurrency: 4,
  maxBodyBytes: 16 * 1024 * 1024,
  target: { bundledMock: true },
});

const LIST = /^\/v2\/[^/]+\/[^/]+\/(predictions|scores)$/;
const READ = /^\/v2\/[^/]+\/[^/]+\/(predictions|scores)\/[^/]+$/;

/** Rewrites the body text of successful listings. */
function listingText(fn: (text: string) => string, headers: Record<string, string> = {}): Variant {
  return async (req, handle) => {
    const res = await handle(req);
    if (!LIST.test(req.path) || res.status !== 200) return res;
    return { status: 200, headers: { ...res.headers, ...headers }, body: fn(await bodyText(res)) };
  };
}

const records = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

test('CRLF line ends, no final newline and an NDJSON media type with a charset pass', async () => {
  const report = await runAgainstVariant(
    recordChecks,
    listingText((t) => t.replace(/\n/g, '\r\n').replace(/\r\n$/, ''), {
      'content-type': 'application/x-ndjson; charset=utf-8',
    }),
  );
  expect(explain(report.results)).toBe('');
});

test('blank lines between records pass (NDJSON lets readers skip them)', async () => {
  const report = await runAgainstVariant(
    recordChecks,
    listingText((t) => t.replace(/\n/g, '\n\n')),
  );
  expect(explain(report.results)).toBe('');
});

test('extra fields, reversed key order and authority-form URIs (weave://entity/project/…) pass', async () => {
  const reshape = (r: Record<string, unknown>) => {
    const out: Record<string, unknown> = { digest: 'sha256:abc', created_by: 'svc' };
    for (const k of Object.keys(r).reverse())
      out[k] = typeof r[k] === 'string' ? (r[k] as string).replace(/^weave:\/\/\//, 'weave://') : r[k];
    return out;
  };
  const variant: Variant = async (req, handle) => {
    const res = await handle(req);
    if (res.status !== 200) return res;
    if (LIST.test(req.path))
      return {
        ...res,
        stream: undefined,
        body:
          records(await bodyText(res))
            .map((r) => JSON.stringify(reshape(r)))
            .join('\n') + '\n',
      };
    if (READ.test(req.path)) return { ...res, json: reshape(res.json as Record<string, unknown>) };
    return res;
  };
  const report = await runAgainstVariant(recordChecks, variant);
  expect(explain(report.results)).toBe('');
});

test('a server page size (at most 50 records per listing, whatever the limit) passes', async () => {
  const variant: Variant = (req, handle) => {
    if (!LIST.test(req.path)) return handle(req);
    const query = new URLSearchParams(req.query);
    query.set('limit', String(Math.min(Number(query.get('limit') ?? 50), 50)));
    return handle({ ...req, query });
  };
  const report = await runAgainstVariant(recordChecks, variant);
  expect(explain(report.results)).toBe('');
});

test('an unknown project answered 404, and records without evaluation runs or with null values, pass', async () => {
  // The same records in listings and reads: no evaluation_run_id, and a null value on some scores.
  const reshape = ({ evaluation_run_id: _drop, ...r }: Record<string, unknown>) =>
    typeof r.score_id === 'string' && /[0-7]$/.test(r.score_id) ? { ...r, value: null } : r;
  const variant: Variant = async (req, handle) => {
    if (LIST.test(req.path) && !req.path.startsWith('/v2/acme/evals/'))
      return { status: 404, headers: { 'content-type': 'application/json' }, json: { reason: 'Project not found' } };
    const res = await handle(req);
    if (res.status !== 200) return res;
    if (LIST.test(req.path))
      return {
        ...res,
        stream: undefined,
        body:
          records(await bodyText(res))
            .map((r) => JSON.stringify(reshape(r)))
            .join('\n') + '\n',
      };
    if (READ.test(req.path)) return { ...res, json: reshape(res.json as Record<string, unknown>) };
    return res;
  };
  const report = await runAgainstVariant(recordChecks, variant);
  expect(explain(report.results)).toBe('');
  const filter = report.results.find((r) => r.id === 'predictions.filter-by-evaluation-run');
  expect(filter?.notes?.join(' ')).toMatch(/no Prediction read carries an evaluation_run_id/);
});

test('records without ids (§2.1/§2.2 do not require them) are paged and filtered by content; read-back is skipped, not failed', async () => {
  const variant: Variant = async (req, handle) => {
    const res = await handle(req);
    if (!LIST.test(req.path) || res.status !== 200) return res;
    const out = records(await bodyText(res)).map(({ prediction_id: _p, score_id: _s, ...r }) => r);
    return { ...res, stream: undefined, body: out.map((r) => JSON.stringify(r)).join('\n') + '\n' };
  };
  const report = await runAgainstVariant(recordChecks, variant);
  // The checks that read a listed record back by its id have no id to read: skipped (a coverage hole), never failed.
  const needIds = (id: string) =>
    id.endsWith('.listed-records-read-back') || id.endsWith('.known-id-not-found-elsewhere');
  expect(explain(report.results.filter((r) => !needIds(r.id)))).toBe('');
  for (const r of report.results.filter((x) => needIds(x.id))) expect(r.status).toBe('skip');
});

test('query parameter names come from the configuration (the spec does not name them)', async () => {
  const names: Record<string, string> = { run: 'evaluation_run_id', max: 'limit', skip: 'offset' };
  const variant: Variant = (req, handle) => {
    if (!LIST.test(req.path)) return handle(req);
    const query = new URLSearchParams();
    // The service knows only its own names: the mock's are ignored if sent.
    for (const [k, v] of req.query) if (names[k]) query.set(names[k], v);
    return handle({ ...req, query });
  };
  const report = await runAgainstVariant(recordChecks, variant, {
    target: { listParams: { evaluationRunId: 'run', limit: 'max', offset: 'skip' } },
  });
  expect(explain(report.results)).toBe('');
});

test('a large listing is read up to the cap only, with a note, and every check still judges what it read', async () => {
  // 20 000 records per kind: ~8 MB per listing if read whole; the cap stops each read at 300.
  const report = await runAgainstMock(recordChecks, { mock: { records: 20_000 }, target: { listReadCap: 300 } });
  expect(explain(report.results)).toBe('');
  const jsonl = report.results.find((r) => r.id === 'scores.list-is-jsonl-of-records');
  expect(jsonl?.notes?.join(' ')).toMatch(/read cap reached: stopped reading .* after 300 records/);
  const paging = report.results.find((r) => r.id === 'predictions.paging-yields-each-record-once');
  expect(paging?.notes?.join(' ')).toMatch(/300 records in \d+ pages/);
  const filter = report.results.find((r) => r.id === 'predictions.filter-by-evaluation-run');
  expect(filter?.notes?.join(' ')).toMatch(/longer than the read cap/);
}, 60_000);

test('the response byte cap (--max-body-bytes) stops a listing like the record cap: judged, with a note, no harness error', async () => {
  // 20 000 records (~7 MB per listing) against a 4 MiB byte cap and no practical record cap.
  const listChecks = recordChecks.filter((c) =>
    [
      'scores.list-is-jsonl-of-records',
      'predictions.svc-user-id-server-filled',
      'scores.paging-yields-each-record-once',
    ].includes(c.id),
  );
  const report = await runAgainstMock(listChecks, { mock: { records: 20_000 }, target: { listReadCap: 1_000_000 } });
  expect(explain(report.results)).toBe('');
  for (const r of report.results)
    expect(r.notes?.join(' '), r.id).toMatch(/byte cap \(--max-body-bytes\) after \d+ records/);
}, 60_000);

test('helpers: URI scope, error objects, canonical JSON, media types', () => {
  expect(uriScope('weave:///acme/evals/object/m:abc')).toEqual({ scheme: 'weave', entity: 'acme', project: 'evals' });
  expect(uriScope('weave://acme/evals/object/m:abc')).toEqual({ scheme: 'weave', entity: 'acme', project: 'evals' });
  expect(uriScope('weave:///a%20b/evals')).toEqual({ scheme: 'weave', entity: 'a b', project: 'evals' });
  expect(uriScope('weave:///only')).toBeUndefined();
  expect(uriScope('not a uri')).toBeUndefined();
  expect(isErrorObject(PREDICTIONS, { error: { message: 'x' } })).toBe(true);
  expect(isErrorObject(SCORES, { reason: 'Score x not found' })).toBe(true);
  expect(isErrorObject(SCORES, { object: 'error', message: 'x' })).toBe(true);
  expect(isErrorObject(SCORES, { score_id: 's1', detail: 'a record may carry a detail field' })).toBe(false);
  expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
  expect(mediaTypeOf('Application/JSONL; charset=utf-8')).toBe('application/jsonl');
  expect(mediaTypeOf(undefined)).toBe('');
});
