/**
 * @module A fixed result set for the reporters' snapshots: two targets covering pass, fail with full
 * evidence, harness error, skip, INFO observation, SHOULD failure, known failure, a known failure
 * that now passes, and a check that ran two cases. Strings carry what escaping must survive:
 * markup, quotes, `]]>`, control characters, a lone surrogate, pipes, backticks and emoji.
 * Evidence is already redacted, as the runner delivers it.
 */
import type { CoverageReport } from '../../src/core/coverage.js';
import { REPORT_SCHEMA_VERSION, type RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import { summarize } from '../../src/core/summary.js';

const MOCK_URL = 'bundled-mock (http://127.0.0.1:40123)';
const STAGING_URL = 'https://staging.example.com/api';
const SEED = 424242;

const curl = (base: string, method: string, path: string, body?: string): string =>
  `curl -sS -X ${method} '${base}${path}' -H "Authorization: Bearer $CONFORMANCE_TOKEN"` +
  (body ? ` -H 'content-type: application/json' --data-raw '${body}'` : '');
const replay = (id: string, target: string): string => `conformance run --only ${id} --seed ${SEED} --target ${target}`;

const mockResults: CheckResult[] = [
  {
    id: 'chat-completions.accepts-minimal-request',
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'A request with only `messages` is accepted and answered with a chat completion.',
    status: 'pass',
    durationMs: 12.345,
  },
  {
    id: 'chat-completions.rejects-empty-messages',
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement:
      'A request whose `messages` is empty is rejected with 400 & an error body ("messages" must not be empty).',
    status: 'fail',
    expected: 'status 400 with {"error": {...}}',
    actual: 'status 200 with a completion <script>alert("x")</script> ]]> | pipe `tick`',
    durationMs: 48.9,
    evidence: {
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:40123/v1/chat/completions',
        headers: { authorization: 'Bearer ***', 'content-type': 'application/json' },
        body: '{"messages":[]}',
      },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json', 'set-cookie': '***' },
        excerpt: '{"id":"chatcmpl-1","choices":[{"message":{"content":"\u001b[31mred\u001b[0m & <b>bold</b>\u0000"}}]}',
        truncated: true,
      },
      curl: curl('http://127.0.0.1:40123', 'POST', '/v1/chat/completions', '{"messages":[]}'),
      seed: SEED,
      path: '3:1:0',
      counterexample: { messages: [], n: 10n },
      replay: replay('chat-completions.rejects-empty-messages', 'mock'),
    },
  },
  {
    id: 'chat-completions.sampling-params-accepted',
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'Valid sampling parameters are accepted.',
    status: 'pass',
    durationMs: 3,
  },
  {
    id: 'chat-completions.sampling-params-accepted',
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'Valid sampling parameters are accepted.',
    status: 'pass',
    durationMs: 4,
  },
  {
    id: 'training-jobs.rejects-unknown-base-model',
    operation: 'training-jobs.create',
    section: '§4.2',
    level: 'MUST',
    requirement: 'Creating a training job for an unknown base model is rejected.',
    status: 'fail',
    expected: 'status 4xx',
    actual: 'status 201',
    durationMs: 20,
    expectedFailure: { reason: 'TICKET-123: model catalogue not wired in staging' },
    evidence: {
      curl: curl('http://127.0.0.1:40123', 'POST', '/v1/preview/training-jobs', '{"model_id":"x"}'),
      seed: SEED,
      replay: replay('training-jobs.rejects-unknown-base-model', 'mock'),
    },
  },
  {
    id: 'training-jobs.get-returns-created-job',
    operation: 'training-jobs.get',
    section: '§4.3',
    level: 'MUST',
    requirement: 'Getting a training job that was created returns it.',
    status: 'error',
    errorCode: 'CTS_TARGET_TIMEOUT',
    message: 'no response within 10000 ms',
    durationMs: 10000.4567,
    evidence: {
      curl: curl('http://127.0.0.1:40123', 'GET', '/v1/preview/training-jobs/6f1c'),
      seed: SEED,
      replay: replay('training-jobs.get-returns-created-job', 'mock'),
    },
  },
  {
    id: 'trajectories.log-accepts-group',
    operation: 'trajectories.log',
    section: '§4.4',
    level: 'MUST',
    requirement: 'A valid trajectory group is logged.',
    status: 'skip',
    reason: 'needs --allow-writes against a non-mock target',
    durationMs: 0,
  },
  {
    id: 'predictions.list-content-type',
    operation: 'predictions.list',
    section: '§4.5',
    level: 'INFO',
    requirement: 'Records which content type the JSONL listing is served with.',
    status: 'fail',
    expected: 'application/jsonl',
    actual: 'content-type: application/x-ndjson',
    durationMs: 7.5,
  },
  {
    id: 'predictions.list-respects-limit',
    operation: 'predictions.list',
    section: '§4.5',
    level: 'SHOULD',
    convention: 'offset/limit pagination',
    requirement: 'A listing returns at most `limit` records.',
    status: 'pass',
    notes: ['limit parameter name assumed: limit'],
    durationMs: 15,
  },
  {
    id: 'scores.read-unknown-id-404',
    operation: 'scores.read',
    section: '§4.8',
    level: 'SHOULD',
    convention: 'FastAPI 404 body',
    requirement: 'Reading an unknown score answers 404 with {"detail": string}.',
    status: 'fail',
    expected: '404 with {"detail": string}',
    actual: '404 with an empty body',
    durationMs: 5,
    evidence: {
      response: { status: 404, headers: { 'content-type': 'text/plain' }, excerpt: '', truncated: false },
      curl: `curl -sS 'http://127.0.0.1:40123/v2/acme/demo/scores/nope' -H 'Authorization: Basic $CONFORMANCE_BASIC'`,
      seed: SEED,
      replay: replay('scores.read-unknown-id-404', 'mock'),
    },
  },
];

const stagingResults: CheckResult[] = [
  {
    id: 'chat-completions.accepts-minimal-request',
    operation: 'chat.create',
    section: '§4.1',
    level: 'MUST',
    requirement: 'A request with only `messages` is accepted and answered with a chat completion.',
    status: 'fail',
    expected: 'status 200 and a body valid against chat-completion-response',
    actual: 'status 200; /choices/0/message/content must be string\nbody had 🙂 and a lone \uD800 surrogate',
    durationMs: 230.1,
    evidence: {
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        excerpt: '{"choices":[{"message":{"content":42}}]}',
        truncated: false,
      },
      curl: curl(STAGING_URL, 'POST', '/v1/chat/completions', '{"messages":[{"role":"user","content":"hi"}]}'),
      seed: SEED,
      replay: replay('chat-completions.accepts-minimal-request', STAGING_URL),
    },
  },
  {
    id: 'training-jobs.rejects-unknown-base-model',
    operation: 'training-jobs.create',
    section: '§4.2',
    level: 'MUST',
    requirement: 'Creating a training job for an unknown base model is rejected.',
    status: 'pass',
    durationMs: 41,
  },
  {
    id: 'scores.read-unknown-id-404',
    operation: 'scores.read',
    section: '§4.8',
    level: 'SHOULD',
    convention: 'FastAPI 404 body',
    requirement: 'Reading an unknown score answers 404 with {"detail": string}.',
    status: 'pass',
    durationMs: 60,
  },
];

/** A run that left three items of the interface unexercised (one of them a skipped MUST check). */
const MOCK_COVERAGE: CoverageReport = {
  percent: 97,
  covered: 97,
  total: 100,
  notApplicable: 25,
  mustSkipped: 1,
  operations: [
    { operation: 'chat.create', covered: 60, total: 62, percent: 96 },
    { operation: 'training-jobs.create', covered: 20, total: 20, percent: 100 },
    { operation: 'scores.read', covered: 17, total: 18, percent: 94 },
  ],
  holes: [
    {
      id: 'chat.create request-accepted documents (streamed)',
      operation: 'chat.create',
      kind: 'request-accepted',
      description: '`documents` sent in a request the target accepted (streamed)',
    },
    {
      id: 'chat.create auth token-truncated',
      operation: 'chat.create',
      kind: 'auth',
      description: 'sent with the configured token truncated',
    },
    {
      id: 'check scores.listed-records-read-back',
      operation: 'scores.read',
      kind: 'check-skipped',
      description: 'MUST check scores.listed-records-read-back skipped: no listed Score carries a string score_id',
    },
  ],
};

function report(
  target: string,
  targetLabel: string,
  level: RunReport['level'],
  results: CheckResult[],
  unexpectedPasses: string[] = [],
  coverage?: CoverageReport,
): RunReport {
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'conformance-suite', version: '0.1.0' },
    target,
    targetLabel,
    startedAt: '2026-11-21T22:50:00.000Z',
    durationMs: results.reduce((s, r) => s + r.durationMs, 0),
    seed: SEED,
    runs: 25,
    level,
    tokenBudget: 4096,
    replay: `conformance run --seed ${SEED} --level ${level} --target ${targetLabel}`,
    results,
    summary: summarize(results, level, unexpectedPasses),
    ...(unexpectedPasses.length
      ? {
          baseline: {
            file: 'baseline.json',
            known: results.filter((r) => r.expectedFailure).length,
            new: [],
            expired: [],
            stale: unexpectedPasses.map((id) => ({ fingerprint: id, check: id, why: 'its check ran and passed' })),
            unobserved: [],
          },
        }
      : {}),
    ...(coverage ? { coverage } : {}),
  };
}

/** The bundled mock alone (one target). */
export function singleTargetRun(): RunReport[] {
  return [report(MOCK_URL, 'mock', 'must', mockResults, [], MOCK_COVERAGE)];
}

/** The bundled mock and a staging deployment side by side; staging's baseline entry is stale (its check now passes). */
export function twoTargetRun(): RunReport[] {
  return [
    report(MOCK_URL, 'mock', 'must', mockResults, [], MOCK_COVERAGE),
    report(STAGING_URL, 'staging & eu', 'should', stagingResults, ['training-jobs.rejects-unknown-base-model']),
  ];
}
