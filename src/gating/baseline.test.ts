import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { RunReport } from '../core/report.js';
import type { CheckResult } from '../core/result.js';
import { summaryOf } from '../core/summary.js';
import { exitCodeOf, verdictOf } from './verdict.js';
import {
  applyBaseline,
  type Baseline,
  type BaselineContext,
  loadBaseline,
  prunedBaseline,
  UNTRIAGED,
  updatedBaseline,
} from './baseline.js';
import { fingerprintOf } from './fingerprint.js';
import { registry } from '../schemas/registry.js';

const INVALID = 'errors.rejects-invalid-body.chat-create';

/** A result of `id`; a failure answered `status` to `body` (a chat request). */
function result(id: string, status: CheckResult['status'], body?: unknown, answered = 200): CheckResult {
  return {
    id,
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: `requirement of ${id}`,
    status,
    durationMs: 1,
    ...(status === 'fail'
      ? {
          expected: 'a 4xx',
          actual: `HTTP ${answered}`,
          evidence: {
            seed: 1,
            replay: 'conformance run',
            ...(body === undefined
              ? {}
              : {
                  request: {
                    method: 'POST',
                    url: 'http://t/v1/chat/completions',
                    headers: {},
                    body: JSON.stringify(body),
                  },
                }),
            response: { status: answered, headers: {}, excerpt: '{}', truncated: false },
          },
        }
      : {}),
  };
}

const messages = [{ role: 'user', content: 'hi' }];
const seedOut = (seed: number) => result(INVALID, 'fail', { messages, seed });
const toolChoice = result(INVALID, 'fail', { messages, tool_choice: 'auto-ish' });

function report(results: CheckResult[]): RunReport {
  const r = {
    level: 'must',
    results,
    replay: 'conformance run --target http://t',
    targetLabel: 't',
  } as unknown as RunReport;
  return { ...r, summary: summaryOf(r) };
}
const run: BaselineContext = { file: 'b.json', today: '2026-12-02', driver: 'run' };
const schemas = registry();

test('a fingerprint is the check id and the cause: the field and kind of breakage, the status class; never the value', () => {
  expect(fingerprintOf(seedOut(-1e30), schemas)).toBe(`${INVALID} /seed out of range, answered 2xx`);
  expect(fingerprintOf(seedOut(1e30), schemas)).toBe(fingerprintOf(seedOut(-1e30), schemas));
  expect(fingerprintOf(toolChoice, schemas)).not.toBe(fingerprintOf(seedOut(1e30), schemas));
  // A place in an array is the same place whichever element was drawn.
  const role = (i: number) =>
    fingerprintOf(
      result(INVALID, 'fail', { messages: [...messages.slice(0, i), { role: 'user', content: 5 }] }),
      schemas,
    );
  expect(role(0)).toBe(role(1));
  expect(role(0)).toContain('/messages/*');
  // Without a body or an answer, the check id alone.
  expect(fingerprintOf(result('c.x', 'fail', undefined, 200), schemas)).toBe('c.x answered 2xx');
});

function written(results: CheckResult[], old?: Baseline): Baseline {
  return updatedBaseline(old, [applyBaseline(report(results), old ?? { version: 1, entries: [] }, run)], run.today);
}

test('new, known: a baseline written on one cause accepts it and names another cause of the same check new', () => {
  const baseline = written([seedOut(1e30)]);
  expect(baseline.entries).toHaveLength(1);
  expect(baseline.entries[0]).toMatchObject({ check: INVALID, reason: UNTRIAGED, first_seen: '2026-12-02' });
  const same = applyBaseline(report([seedOut(-1e25)]), baseline, run);
  expect(same.baseline).toMatchObject({ known: 1, new: [] });
  expect(same.results[0]!.expectedFailure?.fingerprint).toBe(baseline.entries[0]!.fingerprint);
  expect(exitCodeOf([same])).toBe(0);
  const other = applyBaseline(report([toolChoice]), baseline, run);
  expect(other.baseline!.new.map((f) => f.fingerprint)).toEqual([fingerprintOf(toolChoice, schemas)]);
  expect(exitCodeOf([other])).toBe(1);
  expect(verdictOf(other).line).toMatch(/baseline: 0 known, 1 new/);
});

test('expired: past its day an entry accepts nothing and gates, seen or not', () => {
  const baseline = written([seedOut(1e30)]);
  const old: Baseline = { ...baseline, entries: [{ ...baseline.entries[0]!, expires: '2026-12-01' }] };
  const seen = applyBaseline(report([seedOut(1e30)]), old, run);
  expect(seen.baseline!.expired.map((e) => e.why)).toEqual(['seen']);
  expect(seen.results[0]!.expectedFailure).toBeUndefined();
  expect(exitCodeOf([seen])).toBe(1);
  const gone = applyBaseline(report([result(INVALID, 'pass')]), old, run);
  expect(exitCodeOf([gone])).toBe(1);
  expect(verdictOf(gone).line).toMatch(/1 expired/);
  // The day it expires, it still holds.
  expect(exitCodeOf([applyBaseline(report([seedOut(1e30)]), old, { ...run, today: '2026-12-01' })])).toBe(0);
});

test('stale: a fixed check that passes gates until pruned; a drawn one is unobserved', () => {
  const baseline = written([seedOut(1e30)]);
  const passed = applyBaseline(report([result(INVALID, 'pass')]), baseline, run);
  expect(passed.baseline!.stale).toHaveLength(1);
  expect(passed.summary.unexpectedPasses).toEqual([baseline.entries[0]!.fingerprint]);
  expect(exitCodeOf([passed])).toBe(1);
  expect(verdictOf(passed).line).toMatch(/1 stale .*--baseline-prune/);
  expect(prunedBaseline(baseline, [passed]).entries).toEqual([]);
  const drawn = applyBaseline(report([result(INVALID, 'pass')]), baseline, { ...run, drawn: () => true });
  expect(drawn.baseline).toMatchObject({ stale: [], unobserved: [{ why: expect.stringMatching(/at random/) }] });
  expect(exitCodeOf([drawn])).toBe(0);
});

test('unobserved: a check not run, failed for another cause, or traffic that did not show it', () => {
  const baseline = written([seedOut(1e30)]);
  const why = (results: CheckResult[], ctx = run) =>
    applyBaseline(report(results), baseline, ctx).baseline!.unobserved[0]?.why;
  expect(why([])).toMatch(/not run/);
  expect(why([toolChoice])).toMatch(/another cause/);
  expect(why([result(INVALID, 'pass')], { ...run, driver: 'traffic' })).toMatch(/traffic did not show it/);
  expect(exitCodeOf([applyBaseline(report([]), baseline, run)])).toBe(0);
});

test('an update keeps the reason, ticket and expiry of entries still seen, adds new ones, drops stale ones', () => {
  const first = written([seedOut(1e30), result('c.gone', 'fail', undefined)]);
  const triaged: Baseline = {
    ...first,
    entries: first.entries.map((e) => ({ ...e, reason: 'TICKET-1', ticket: 'T-1', expires: '2027-01-01' })),
  };
  const next = written([seedOut(1e29), result('c.gone', 'pass'), toolChoice], triaged);
  const byCheck = Object.fromEntries(next.entries.map((e) => [e.fingerprint, e]));
  expect(byCheck[fingerprintOf(seedOut(1e30), schemas)]).toMatchObject({
    reason: 'TICKET-1',
    ticket: 'T-1',
    expires: '2027-01-01',
  });
  expect(byCheck[fingerprintOf(toolChoice, schemas)]).toMatchObject({ reason: UNTRIAGED });
  expect(Object.keys(byCheck).some((f) => f.startsWith('c.gone'))).toBe(false);
});

const dir = mkdtempSync(join(tmpdir(), 'conformance-baseline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('an --expect file reads as whole-check entries, an old proxy id as the checks of its rule now', () => {
  const file = join(dir, 'expect.json');
  writeFileSync(
    file,
    JSON.stringify({
      version: 1,
      expectedFailures: [
        { id: INVALID, reason: 'TICKET-1' },
        { id: 'server.credentials-required.chat-create', reason: 'known' },
      ],
    }),
  );
  const baseline = loadBaseline(file);
  const applied = applyBaseline(
    report([seedOut(1e30), toolChoice, result('auth.rejects-missing-credentials.chat-create', 'fail')]),
    baseline,
    run,
  );
  expect(applied.baseline).toMatchObject({ known: 3, new: [] });
});

test('a bad file is one CTS_BAD_CONFIG line naming it and the problem', () => {
  const cases: [string, RegExp][] = [
    ['{ "version": 1, ', /b\.json: not valid JSON/],
    ['{ "version": 1, "entries": [{ "fingerprint": "a.b", "check": "a.b" }] }', /\/entries\/0: missing "reason"/],
    ['{ "version": 1, "entries": [], "more": 1 }', /unknown field "more"/],
    [
      '{ "version": 1, "entries": [{ "fingerprint": "a.b", "check": "a.b", "reason": "r" }, { "fingerprint": "a.b", "check": "a.b", "reason": "s" }] }',
      /lists a\.b twice/,
    ],
  ];
  for (const [text, message] of cases) {
    const file = join(dir, 'b.json');
    writeFileSync(file, text);
    expect(() => loadBaseline(file), text).toThrow(
      expect.objectContaining({ code: 'CTS_BAD_CONFIG', message: expect.stringMatching(message) }),
    );
  }
  expect(() => loadBaseline(join(dir, 'missing.json'))).toThrow(/cannot read it \(ENOENT\)/);
  expect(readFileSync(join(dir, 'b.json'), 'utf8')).toContain('a.b');
});
