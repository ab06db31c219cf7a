import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { ConformanceError } from '../core/errors.js';
import type { RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { applyExpectationsToReport, loadExpectationsFile } from './apply.js';
import { applyExpectations, loadExpectations, parseExpectations, type Expectations } from './expectations.js';

const result = (id: string, status: CheckResult['status'], level: CheckResult['level'] = 'MUST'): CheckResult => ({
  id,
  operation: 'chat.create',
  section: '§4.1',
  level,
  requirement: `requirement of ${id}`,
  status,
  durationMs: 1,
  ...(status === 'fail' ? { expected: 'x', actual: 'y' } : {}),
});

const expectations: Expectations = {
  version: 1,
  expectedFailures: [
    { id: 'chat.known-fail', reason: 'TICKET-1' },
    { id: 'chat.now-passes', reason: 'TICKET-2' },
    { id: 'chat.typo-in-id', reason: 'TICKET-3' },
  ],
};

const results = [
  result('chat.known-fail', 'fail'),
  result('chat.now-passes', 'pass'),
  result('chat.new-failure', 'fail'),
  result('chat.fine', 'pass'),
];

function badFile(text: string): ConformanceError {
  try {
    parseExpectations(text, 'expect.json');
  } catch (err) {
    if (ConformanceError.is(err)) return err;
    throw err;
  }
  throw new Error('expected a ConformanceError');
}

test('a listed failure is marked known, with the reason from the file', () => {
  const applied = applyExpectations(results, expectations);
  expect(applied.results[0]?.expectedFailure).toEqual({ reason: 'TICKET-1' });
});

test('a listed check that now passes is reported as an unexpected pass', () => {
  expect(applyExpectations(results, expectations).unexpectedPasses).toEqual(['chat.now-passes']);
});

test('a failure not in the file stays a failure', () => {
  const applied = applyExpectations(results, expectations);
  expect(applied.results[2]?.expectedFailure).toBeUndefined();
  expect(applied.results[2]?.status).toBe('fail');
});

test('an id no check has is reported as unknown (against the catalogue when given)', () => {
  expect(applyExpectations(results, expectations).unknownIds).toEqual(['chat.typo-in-id']);
  const catalogue = ['chat.known-fail', 'chat.now-passes', 'chat.typo-in-id', 'chat.new-failure'];
  expect(applyExpectations(results.slice(0, 1), expectations, { knownIds: catalogue }).unknownIds).toEqual([]);
});

test('a listed check that errored is not excused, and one that was skipped is not an unexpected pass', () => {
  const applied = applyExpectations(
    [result('chat.known-fail', 'error'), result('chat.now-passes', 'skip')],
    expectations,
  );
  expect(applied.results.map((r) => r.expectedFailure)).toEqual([undefined, undefined]);
  expect(applied.unexpectedPasses).toEqual([]);
});

test('a check with several cases passes unexpectedly only when every case passes', () => {
  const mixed = [result('chat.now-passes', 'pass'), result('chat.now-passes', 'fail')];
  const applied = applyExpectations(mixed, expectations);
  expect(applied.unexpectedPasses).toEqual([]);
  expect(applied.results[1]?.expectedFailure).toEqual({ reason: 'TICKET-2' });
});

test('applying does not mutate the results, and is idempotent', () => {
  const input = results.map((r) => ({ ...r }));
  const once = applyExpectations(input, expectations);
  expect(input).toEqual(results);
  expect(applyExpectations(once.results, expectations)).toEqual(once);
  expect(applyExpectations(once.results, { version: 1, expectedFailures: [] }).results).toEqual(results);
});

test('the gate: known failures pass it, an unknown failure fails it, and the summary is recomputed', () => {
  const report = { level: 'must', results, summary: {} } as unknown as RunReport;
  const gated = applyExpectationsToReport(report, expectations);
  expect(gated.summary).toEqual({
    total: 4,
    passed: 2,
    failed: 1,
    errored: 0,
    skipped: 0,
    expectedFailures: 1,
    unexpectedPasses: ['chat.now-passes'],
    conformant: false,
  });
  const onlyKnown = applyExpectationsToReport({ ...report, results: [results[0]!, results[1]!] }, expectations);
  expect(onlyKnown.summary.conformant).toBe(true);
});

test('a valid file parses', () => {
  const text = JSON.stringify({ $schema: '../schemas/report/expectations.json', ...expectations });
  expect(parseExpectations(text)).toMatchObject(expectations);
});

test('malformed files give CTS_BAD_CONFIG naming the file and the problem', () => {
  const cases: [string, RegExp][] = [
    ['{ "version": 1, ', /^expect\.json: not valid JSON/],
    ['[]', /^expect\.json: \(top level\): must be object/],
    ['{ "version": 2, "expectedFailures": [] }', /unsupported version 2 \(this suite reads version 1\)/],
    ['{ "expectedFailures": [] }', /missing "version"/],
    ['{ "version": 1, "expectedFailures": [{ "id": "chat.x" }] }', /\/expectedFailures\/0: missing "reason"/],
    [
      '{ "version": 1, "expectedFailures": [{ "id": "chat.x", "reason": "" }] }',
      /\/expectedFailures\/0\/reason: must NOT have fewer than 1 characters/,
    ],
    [
      '{ "version": 1, "expectedFailures": [{ "id": "Not An Id", "reason": "r" }] }',
      /\/expectedFailures\/0\/id: not a check id/,
    ],
    ['{ "version": 1, "expectedFailures": [], "knownFailures": [] }', /unknown field "knownFailures"/],
    [
      '{ "version": 1, "expectedFailures": [{ "id": "chat.x", "reason": "a" }, { "id": "chat.x", "reason": "b" }] }',
      /lists chat\.x twice/,
    ],
  ];
  for (const [text, message] of cases) {
    const err = badFile(text);
    expect(err.code, text).toBe('CTS_BAD_CONFIG');
    expect(err.message, text).toMatch(message);
    expect(err.message).not.toContain('\n');
  }
});

const dir = mkdtempSync(join(tmpdir(), 'conformance-expect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('files are read from disk; a missing file is CTS_BAD_CONFIG too', () => {
  const file = join(dir, 'expect.json');
  writeFileSync(file, JSON.stringify(expectations));
  expect(loadExpectations(file)).toEqual(expectations);
  expect(loadExpectationsFile(file)).toEqual(expectations);
  expect(() => loadExpectations(join(dir, 'missing.json'))).toThrow(
    expect.objectContaining({
      code: 'CTS_BAD_CONFIG',
      message: expect.stringMatching(/missing\.json: cannot read it \(ENOENT\)/),
    }),
  );
});

test('an old proxy result id names the checks that report its rule now: a failure of one of them is expected', () => {
  const failing = result('auth.rejects-missing-credentials.chat-create', 'fail');
  const applied = applyExpectations(
    [failing],
    parseExpectations(
      JSON.stringify({
        version: 1,
        expectedFailures: [{ id: 'server.credentials-required.chat-create', reason: 'known' }],
      }),
    ),
  );
  expect(applied.results[0]!.expectedFailure).toEqual({ reason: 'known' });
});
