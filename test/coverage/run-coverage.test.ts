/**
 * Coverage of real runs against the bundled mock: a strict run of the whole catalogue covers 100%
 * of the model; a target that gives the read checks nothing to read leaves holes and is never
 * plainly CONFORMANT; every hole says why it is one (the write budget, a family not judged, the
 * selection); the derived credentials never reach a report.
 */
import { expect, test } from 'vitest';
import { renderConsole, renderHtml, renderJson, renderJunit, renderMarkdown } from '../../reporters/index.js';
import { authChecks } from '../../suites/auth/index.js';
import { CATALOGUE } from '../../suites/index.js';
import { recordChecks } from '../../suites/records/index.js';
import { explain, runAgainstMock } from '../helpers/run-checks.js';
import { runAgainstVariant } from '../helpers/variant-server.js';
import { applyMinCoverage } from '../../src/gating/coverage-gate.js';
import { verdictOf } from '../../src/gating/verdict.js';
import { DEFAULT_BASIC_PASSWORD, DEFAULT_BASIC_USER, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { truncatedToken } from '../../src/core/credentials.js';

test('a strict run of the whole catalogue against the bundled mock covers 100% of the model', {
  timeout: 180_000,
}, async () => {
  const report = await runAgainstMock(CATALOGUE, { level: 'should', runs: 10, seed: 99 });
  expect(explain(report.results), 'non-passing checks').toBe('');
  expect(report.coverage?.holes.map((h) => h.id)).toEqual([]);
  expect(report.coverage?.percent).toBe(100);
  expect(verdictOf(report).line).toBe('CONFORMANT at level should, coverage 100%');
});

test('listings without ids: the read checks skip, each skip is a hole, and the verdict is not plainly CONFORMANT', {
  timeout: 60_000,
}, async () => {
  const report = await runAgainstMock(recordChecks, { faults: ['records.records-without-ids'] });
  const skipped = report.results.filter((r) => r.status === 'skip').map((r) => r.id);
  expect(skipped).toEqual(
    expect.arrayContaining([
      'predictions.listed-records-read-back',
      'scores.listed-records-read-back',
      'predictions.known-id-not-found-elsewhere',
    ]),
  );
  const holes = report.coverage!.holes.map((h) => h.id);
  expect(holes).toEqual(
    expect.arrayContaining(['check predictions.listed-records-read-back', 'predictions.read scope other-project']),
  );
  expect(report.coverage!.mustSkipped).toBeGreaterThan(0);
  expect(verdictOf(report).word).not.toBe('CONFORMANT');
  expect(applyMinCoverage(report, 100).summary.conformant).toBe(false);
});

test('the write budget spent: the holes of the writing operations say so, and name --max-writes', {
  timeout: 120_000,
}, async () => {
  const writing = CATALOGUE.filter((c) => c.writes);
  const report = await runAgainstVariant(
    writing,
    {},
    { runs: 2, seed: 5, level: 'must', target: { allowWrites: true, maxWrites: 3 } },
  );
  const spent = report.results.filter((r) => r.status === 'skip' && r.reason?.includes('--max-writes'));
  expect(spent.length).toBeGreaterThan(0);
  const holes = report.coverage!.holes;
  for (const r of spent) expect(holes.find((h) => h.id === `check ${r.id}`)?.cause?.code).toBe('write-budget-spent');
  // The created job is never read back: the fields of its answer are holes of the budget too.
  const group = report.coverage!.groups!.find((g) => g.operation === 'training-jobs.get')!;
  expect(group.cause).toEqual({
    code: 'write-budget-spent',
    reason: 'the write budget was spent',
    remedy: 'raise --max-writes',
  });
  expect(group.ids).toContain('training-jobs.get response id');
});

test("a family not judged: its holes carry the preflight's reason; operations no check was selected for are not selected", {
  timeout: 60_000,
}, async () => {
  const refusing = {
    before: (req: { path: string }) =>
      req.path.startsWith('/v2/')
        ? { status: 401, headers: { 'content-type': 'application/json' }, json: { detail: 'Not authenticated' } }
        : req,
  };
  const report = await runAgainstVariant(recordChecks, refusing as never, { runs: 2 });
  expect(report.unjudged?.code).toBe('CTS_CREDENTIALS_REFUSED');
  const groups = report.coverage!.groups!;
  for (const op of ['predictions.list', 'predictions.read', 'scores.list', 'scores.read'] as const) {
    const mine = groups.filter((g) => g.operation === op);
    expect(
      mine.map((g) => g.cause),
      op,
    ).toEqual([
      { code: 'not-judged', reason: 'not judged (CTS_CREDENTIALS_REFUSED)', remedy: report.unjudged!.reason },
    ]);
  }
  for (const op of ['chat.create', 'training-jobs.create', 'training-jobs.get', 'trajectories.log'] as const)
    expect(
      groups.filter((g) => g.operation === op).map((g) => g.cause.code),
      op,
    ).toEqual(['not-selected']);
});

test('the derived presentations leave no secret in any report, even when a target serves them', {
  timeout: 60_000,
}, async () => {
  // A target that accepts the token with a suffix (the faults know the mock's default secrets): the
  // check fails, and its evidence is built from the derived header.
  const report = await runAgainstMock(
    authChecks.filter((c) => c.id.startsWith('auth.rejects-derived-credentials.')),
    { faults: ['auth.token-prefix-accepted', 'auth.basic-password-not-checked'] },
  );
  expect(report.results.filter((r) => r.status === 'fail').length).toBe(8);
  const outputs = [
    renderJson([report]),
    renderJunit([report]),
    renderConsole([report], { color: false }),
    renderMarkdown([report]),
    renderHtml([report]),
  ].join('\n');
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const basic = `${DEFAULT_BASIC_USER}:${DEFAULT_BASIC_PASSWORD}`;
  for (const secret of [
    DEFAULT_TOKEN,
    truncatedToken(DEFAULT_TOKEN),
    DEFAULT_BASIC_PASSWORD,
    b64(basic),
    b64(`api:${DEFAULT_TOKEN}`),
    b64(`${DEFAULT_BASIC_USER}:conformance-invalid-password`),
  ]) {
    expect(outputs, secret).not.toContain(secret);
  }
});
