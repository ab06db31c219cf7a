/**
 * Records checks against listings with no record read (an endless body, an empty one, blank lines,
 * one huge line, records run together, foreign records as a JSON array or HTML): none passes with
 * nothing to judge (vacuous-passes.ts).
 */
import { describe, expect, test } from 'vitest';
import type { MockRequest, MockResponse } from '../../mock/types.js';
import { openLineProblem } from '../../src/transport/jsonl-tail.js';
import { successChecks } from '../../suites/acceptance/success.checks.js';
import { recordChecks } from '../../suites/records/index.js';
import { runAgainstUrl } from '../helpers/run-checks.js';
import { runAgainstVariant, type Variant } from '../helpers/variant-server.js';
import { byId, expectNoPassExcept, hostileServers, only, OPTIONS, reasonOf } from './vacuous-passes.js';

const hostile = hostileServers();

const LIST = /^\/v2\/[^/]+\/[^/]+\/(predictions|scores)$/;
const LIST_CHECKS = [
  'predictions.list-is-jsonl-of-records',
  'scores.list-is-jsonl-of-records',
  'predictions.filter-by-evaluation-run',
  'scores.filter-by-evaluation-run',
];

/** Answers every listing with `body` (a string, or a stream of strings), everything else as the mock does. */
function listingsAnswer(body: () => string | AsyncIterable<string>): Variant {
  return {
    before: (req: MockRequest): MockRequest | MockResponse => {
      if (!LIST.test(req.path)) return req;
      const b = body();
      const headers = { 'content-type': 'application/jsonl' };
      return typeof b === 'string' ? { status: 200, headers, body: b } : { status: 200, headers, stream: b };
    },
  };
}

/** `total` bytes of `piece` repeated, after `head`, written as 4 KiB chunks with no newline. */
async function* longLine(head: string, piece: string, total: number): AsyncGenerator<string> {
  yield head;
  const chunk = piece.repeat(Math.ceil(4096 / piece.length));
  for (let sent = head.length; sent < total; sent += chunk.length) yield chunk;
}

describe('records checks against listings with no record read', () => {
  test('an endless body ([0,0,0,… with no newline, cut at the byte cap): the list and filter checks fail', async () => {
    const server = await hostile('endless');
    const report = await runAgainstUrl(server.url, only(recordChecks, ...LIST_CHECKS), { ...OPTIONS, level: 'must' });
    for (const id of LIST_CHECKS) {
      const r = byId(report)[id];
      expect(r?.status, `${id}: ${reasonOf(r)}`).toBe('fail');
      expect(r?.actual, id).toMatch(/line 1 does not start a JSON object: it starts "\[0,0,0.*byte cap/);
      expect(r?.evidence?.response?.excerpt ?? '', id).toContain('[0,0,0');
    }
  });

  test('an empty 200 body: no records check passes but those that judged the answer itself', async () => {
    const report = await runAgainstVariant(
      recordChecks,
      listingsAnswer(() => ''),
    );
    const r = byId(report);
    for (const id of LIST_CHECKS) expect(r[id]?.status, `${id}: ${reasonOf(r[id])}`).toBe('skip');
    expect(r['predictions.list-is-jsonl-of-records']!.reason).toMatch(/with no record/);
    // Judged on what arrived: the media type, an unknown id read (not a listing), an unknown
    // project's listing holding no record (which is what the rule allows).
    expectNoPassExcept(report, [
      'predictions.list-content-type-jsonl',
      'scores.list-content-type-jsonl',
      'predictions.unknown-id-is-404',
      'scores.unknown-id-is-404',
      'predictions.unknown-project-yields-no-foreign-records',
      'scores.unknown-project-yields-no-foreign-records',
    ]);
  });

  test('a 200 body of blank lines only: the list and filter checks skip', async () => {
    const report = await runAgainstVariant(
      only(recordChecks, ...LIST_CHECKS),
      listingsAnswer(() => '\n\r\n\n'),
    );
    for (const r of report.results) expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('skip');
  });

  test('one huge line that is still an open JSON object at the byte cap: could not judge (error), never a pass', async () => {
    const report = await runAgainstVariant(
      only(recordChecks, ...LIST_CHECKS),
      listingsAnswer(() => longLine('{"prediction_id":"p-1","score_id":"s-1","inputs":{"text":"', 'a', 256 * 1024)),
      OPTIONS,
    );
    for (const r of report.results) {
      expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('error');
      expect(r.errorCode).toBe('CTS_BODY_TOO_LARGE');
      expect(r.message).toMatch(/no complete (Prediction|Score) line within the response byte cap/);
    }
  });

  test('records run together on one huge line (no newline before the byte cap): fail', async () => {
    const report = await runAgainstVariant(
      only(recordChecks, ...LIST_CHECKS),
      listingsAnswer(() => longLine('', '{"prediction_id":"p-1","score_id":"s-1"}', 256 * 1024)),
      OPTIONS,
    );
    for (const r of report.results) {
      expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('fail');
      expect(r.actual).toMatch(/more than one JSON value/);
    }
  });

  test('records run together on one line that ends before the cap: fail (the line is not one JSON object)', async () => {
    const report = await runAgainstVariant(
      only(recordChecks, ...LIST_CHECKS),
      listingsAnswer(() => '{"prediction_id":"p-1","score_id":"s-1"}{"prediction_id":"p-2","score_id":"s-2"}'),
      OPTIONS,
    );
    for (const r of report.results) expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('fail');
  });

  test('an unknown project answered with the records as a JSON array leaks them (fail); answered with HTML, it cannot be judged (skip)', async () => {
    const ids = [
      'predictions.unknown-project-yields-no-foreign-records',
      'scores.unknown-project-yields-no-foreign-records',
    ];
    const foreign = (body: string, type: string): Variant => ({
      before: (req) =>
        LIST.test(req.path) && !req.path.startsWith('/v2/acme/evals/')
          ? { status: 200, headers: { 'content-type': type }, body }
          : req,
    });
    const leak = await runAgainstVariant(
      only(recordChecks, ...ids),
      foreign('[{"prediction_id":"p-1","score_id":"s-1","evaluation_run_id":"r"}]\n', 'application/json'),
    );
    for (const r of leak.results) expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('fail');
    const html = await runAgainstVariant(
      only(recordChecks, ...ids),
      foreign('<!DOCTYPE html>\n<html><body>Not here</body></html>\n', 'text/html'),
    );
    for (const r of html.results) {
      expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('skip');
      expect(r.reason).toMatch(/not JSONL .*cannot be judged/);
    }
  });

  test('limit-bounds-count skips when every limited listing is empty although records exist (the bound never exercised)', async () => {
    const ids = ['predictions.limit-bounds-count', 'scores.limit-bounds-count'];
    const report = await runAgainstVariant(only(recordChecks, ...ids), {
      before: (req) =>
        LIST.test(req.path) && req.query.has('limit')
          ? { status: 200, headers: { 'content-type': 'application/jsonl' }, body: '' }
          : req,
    });
    for (const r of report.results) {
      expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('skip');
      expect(r.reason).toMatch(/never exercised/);
    }
  });

  test('offset-skips skips a listing of a single record (an offset inside it skips nothing)', async () => {
    const ids = ['predictions.offset-skips', 'scores.offset-skips'];
    const report = await runAgainstVariant(
      only(recordChecks, ...ids),
      listingsAnswer(() => '{"prediction_id":"p-1","score_id":"s-1"}\n'),
    );
    for (const r of report.results) expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('skip');
  });

  test('the acceptance listing check skips an empty listing instead of passing it', async () => {
    const report = await runAgainstVariant(
      only(
        successChecks,
        'acceptance.valid-request-succeeds.predictions-list',
        'acceptance.valid-request-succeeds.scores-list',
      ),
      listingsAnswer(() => ''),
    );
    for (const r of report.results) expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('skip');
  });

  test('openLineProblem: definite non-objects are found, open objects and blanks are left to the complete line', () => {
    expect(openLineProblem('[0,0,0,')).toMatch(/does not start a JSON object/);
    expect(openLineProblem('  <html>')).toMatch(/does not start a JSON object/);
    expect(openLineProblem('{"a":"}{"}{"b":1')).toMatch(/more than one JSON value/);
    expect(openLineProblem('{"a":"x\\"}{"')).toBeUndefined();
    expect(openLineProblem('{"a":[{"b":"}]"}],"c":{')).toBeUndefined();
    expect(openLineProblem('{"a":1}  \r')).toBeUndefined();
    expect(openLineProblem('   ')).toBeUndefined();
  });
});
