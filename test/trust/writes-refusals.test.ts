/**
 * The write budget against targets that are not the bundled mock, with the whole strict catalogue:
 * the requests a conformant server refuses never wait for the budget (every check that creates
 * nothing on a conformant server is judged with --max-writes 10), and a server that accepts invalid
 * bodies on a writing endpoint is found NOT CONFORMANT even when the budget is spent before the
 * checks that would see it run, with at most one write beyond --max-writes per such endpoint.
 */
import { expect, test } from 'vitest';
import { CATALOGUE } from '../../suites/index.js';
import type { RunReport } from '../../src/core/report.js';
import { verdictOf } from '../../src/gating/verdict.js';
import type { MockRequest, MockResponse } from '../../mock/types.js';
import { pydantic1Variant } from '../helpers/pydantic1-variant.js';
import { explain } from '../helpers/run-checks.js';
import { runAgainstVariant, type Variant } from '../helpers/variant-server.js';

const MAX_WRITES = 10;
const isWrite = (req: MockRequest): boolean =>
  req.method === 'POST' && /^\/v1\/preview\/(training-jobs|models\/[^/]+\/log)\/?$/.test(req.path);
const is2xx = (res: MockResponse): boolean => res.status >= 200 && res.status < 300;

interface Counted {
  readonly variant: Variant;
  /** Requests with side effects answered 2xx. */
  created(): number;
  /** The same, per check that was running (exact only when checks run one at a time). */
  readonly byCheck: Map<string, number>;
  /** The check the run last started (set from the run's events). */
  current: string;
}

/** `variant` with the requests with side effects it answered 2xx counted. */
function counted(variant: Variant): Counted {
  let created = 0;
  const c: Counted = {
    created: () => created,
    byCheck: new Map(),
    current: '',
    variant: {
      ...variant,
      after: async (req, res) => {
        const out = variant.after ? await variant.after(req, res) : res;
        if (isWrite(req) && is2xx(out)) {
          created++;
          c.byCheck.set(c.current, (c.byCheck.get(c.current) ?? 0) + 1);
        }
        return out;
      },
    },
  };
  return c;
}

function run(counter: Counted, target: { maxWrites?: number }, concurrency = 8): Promise<RunReport> {
  return runAgainstVariant(CATALOGUE, counter.variant, {
    level: 'should',
    seed: 7,
    runs: 5,
    concurrency,
    deadlineMs: 300_000,
    target: { allowWrites: true, bundledMock: false, ...target },
    onEvent: (e) => {
      if (e.type === 'check-start') counter.current = e.check.id;
    },
  });
}

test('a conformant server that is not the mock: with --max-writes 10 no check that creates nothing waits for the budget', {
  timeout: 300_000,
}, async () => {
  // What each check creates on this server, with no budget and one check at a time.
  const oracle = counted(pydantic1Variant());
  const free = await run(oracle, {}, 1);
  expect(free.summary.failed + free.summary.errored, explain(free.results)).toBe(0);
  const creates = (id: string): number => oracle.byCheck.get(id) ?? 0;

  const capped = counted(pydantic1Variant());
  const report = await run(capped, { maxWrites: MAX_WRITES });
  expect(report.summary.failed + report.summary.errored, explain(report.results)).toBe(0);
  expect(capped.created()).toBeLessThanOrEqual(MAX_WRITES);
  expect(report.writes).toMatchObject({ max: MAX_WRITES, count: capped.created() });

  const must = report.results.filter((r) => r.level === 'MUST');
  // Every MUST check that creates nothing on a conformant server (its requests with side effects,
  // if any, are ones the server refuses) is judged, and passes.
  const free0 = must.filter((r) => creates(r.id) === 0);
  expect(free0.length).toBeGreaterThan(40);
  const notJudged = free0.filter((r) => r.status !== 'pass');
  expect(notJudged.map((r) => `${r.id}: ${r.status} ${r.reason ?? ''}`)).toEqual([]);
  for (const id of [
    'errors.rejects-invalid-body.training-jobs-create',
    'errors.rejects-invalid-body.trajectories-log',
    'errors.each-constraint-rejected.trajectories-log',
    'trajectories.rejects-invalid-groups',
    'trajectories.validation-error-body',
    'training-jobs.rejects-wrong-trajectory-types',
    'auth.rejects-missing-credentials.trajectories-log',
  ])
    expect(report.results.find((r) => r.id === id)?.status, id).toBe('pass');

  // What is skipped needs the budget: each one creates something on a conformant server, and
  // together they need more than --max-writes.
  const skipped = report.results.filter((r) => r.status === 'skip');
  for (const r of skipped) {
    expect(r.reason).toContain('--max-writes');
    expect(creates(r.id), r.id).toBeGreaterThan(0);
  }
  // The goal: a full MUST verdict within the default budget. The per-case writing properties run the
  // cases the budget affords (budget.ts runsOf), and one created job serves every check that needs one.
  expect(must.filter((r) => r.status === 'skip').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
  expect(report.results.find((r) => r.id === 'acceptance.valid-request-succeeds.training-jobs-create')?.status).toBe(
    'pass',
  );
  expect(verdictOf(report).word).toBe('CONFORMANT');
});

/** Logging accepts anything: every body sent to the log endpoint is answered as if it were valid (credentials are still checked). */
const acceptsAnyLog: Variant = {
  before: (req) =>
    req.method === 'POST' && /^\/v1\/preview\/models\/[^/]+\/log\/?$/.test(req.path)
      ? {
          ...req,
          headers: { ...req.headers, 'content-type': 'application/json' },
          body: new TextEncoder().encode(
            JSON.stringify({
              split: 'train',
              trajectory_groups: [
                { trajectories: [{ messages_and_choices: [{ role: 'user', content: 'Hi' }], reward: 1 }] },
              ],
            }),
          ),
        }
      : req,
};

const LOG_REFUSALS = [
  'errors.rejects-invalid-body.trajectories-log',
  'errors.rejects-malformed-json.trajectories-log',
  'errors.rejects-non-object-json.trajectories-log',
  'errors.each-constraint-rejected.trajectories-log',
  'trajectories.rejects-invalid-groups',
];

test('a server that accepts invalid bodies on the log endpoint is NOT CONFORMANT with --max-writes 10, and is made to create at most one thing more', {
  timeout: 300_000,
}, async () => {
  const broken = counted(acceptsAnyLog);
  const report = await run(broken, { maxWrites: MAX_WRITES });
  expect(report.summary.conformant).toBe(false);
  const results = LOG_REFUSALS.map((id) => report.results.find((r) => r.id === id)!);
  // The first of them to send an invalid body fails; none passes; the others fail too or, once the
  // server has shown it accepts garbage and the budget is spent, are skipped saying so.
  // With the load checks run last, the write budget may be spent before any refusal check sends.
  for (const r of results) {
    expect(r.status, r.id).not.toBe('pass');
    if (r.status === 'skip')
      expect(r.reason).toMatch(/already accepted a request it should refuse.*--max-writes|--max-writes/);
  }
  expect(broken.created()).toBeLessThanOrEqual(MAX_WRITES + 1);
  expect(report.writes).toMatchObject({ max: MAX_WRITES, count: broken.created() });
});

// An existing planted fault: a `split` that is not a string is coerced to "train" and the log is
// accepted. Only the checks that send such a body can see it, and they come after the budget is spent.
const SPLIT_UNCHECKED = 'trajectories.split-type-unchecked';

test.each([MAX_WRITES, 2])(
  'a log endpoint that accepts one kind of invalid body is NOT CONFORMANT with --max-writes %i, at most one write beyond it',
  {
    timeout: 300_000,
  },
  async (maxWrites) => {
    const broken = counted({});
    const report = await runAgainstVariant(CATALOGUE, broken.variant, {
      level: 'should',
      seed: 7,
      runs: 5,
      deadlineMs: 300_000,
      mock: { faults: [SPLIT_UNCHECKED] },
      target: { allowWrites: true, bundledMock: false, maxWrites },
    });
    expect(report.summary.conformant, explain(report.results)).toBe(false);
    const failed = report.results.filter((r) => r.status === 'fail');
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) {
      expect(r.operation).toBe('trajectories.log');
      expect(r.actual).toMatch(/HTTP 2\d\d/);
    }
    expect(broken.created()).toBeLessThanOrEqual(maxWrites + 1);
    expect(report.writes).toMatchObject({ max: maxWrites, count: broken.created() });
  },
);
