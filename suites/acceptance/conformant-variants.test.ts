/**
 * Conformant-but-unusual servers must pass the cross-cutting checks (auth, acceptance, errors):
 * each test wraps the bundled mock in a small transform that stays within what the interface and
 * conventions allow, and asserts the affected checks still pass (and, for the suite's own wrong
 * configuration, skip rather than fail).
 */
import { expect, test } from 'vitest';
import type { CheckDefinition } from '../../src/core/check.js';
import type { RunReport } from '../../src/core/report.js';
import { registry } from '../../src/schemas/registry.js';
import { explain } from '../../test/helpers/run-checks.js';
import { runAgainstVariant, type Variant } from '../../test/helpers/variant-server.js';
import type { MockRequest } from '../../mock/index.js';
import { authChecks } from '../auth/index.js';
import { errorChecks } from '../errors/index.js';
import { acceptanceChecks } from './index.js';

/** Runs `checks` against the mock behind `variant`, with the suite given `credentials` (this file's seed and runs). */
function run(
  variant: Variant,
  checks: readonly CheckDefinition[],
  credentials: { token?: string } = {},
): Promise<RunReport> {
  return runAgainstVariant(checks, variant, { seed: 99, runs: 8, target: { bundledMock: true }, ...credentials });
}

const select = (checks: readonly CheckDefinition[], pattern: RegExp): CheckDefinition[] =>
  checks.filter((c) => pattern.test(c.id));
const isChat = (req: MockRequest): boolean => /^\/v1\/chat\/completions\/?$/.test(req.path);
const isList = (req: MockRequest): boolean => /^\/v2\/[^/]+\/[^/]+\/(predictions|scores)$/.test(req.path);

// ---- §5 auth --------------------------------------------------------------------------------

test('auth: a server that answers 403 instead of 401 still passes every MUST rejection check', async () => {
  const report = await run(
    { after: (_req, res) => (res.status === 401 ? { ...res, status: 403 } : res) },
    select(authChecks, /^auth\.rejects-/),
  );
  expect(explain(report.results)).toBe('');
});

test('auth: a 401 with a plain-text body and no WWW-Authenticate header passes; the missing header is noted', async () => {
  const report = await run(
    {
      after: (_req, res) =>
        res.status === 401 ? { status: 401, headers: { 'content-type': 'text/plain' }, body: 'Unauthorized' } : res,
    },
    select(authChecks, /\.(chat-create|scores-read)$/),
  );
  expect(explain(report.results)).toBe('');
  const r401 = report.results.find((r) => r.id === 'auth.answers-401.chat-create');
  expect(r401?.notes?.join(' ')).toMatch(/WWW-Authenticate/);
});

test('auth: a read whose existence is checked before authentication (404 without credentials) passes the MUST checks', async () => {
  const report = await run(
    {
      before: (req) =>
        /^\/v2\/[^/]+\/[^/]+\/scores\/[^/]+$/.test(req.path) &&
        !(req.headers.authorization ?? '').startsWith('Basic YXBp')
          ? { status: 404, headers: { 'content-type': 'application/json' }, json: { reason: 'Score not found' } }
          : req,
    },
    select(authChecks, /^auth\.rejects-.*\.scores-read$/),
  );
  expect(explain(report.results)).toBe('');
});

test('auth: when the suite is given wrong credentials, the auth checks skip and say why instead of passing or failing', async () => {
  const report = await run({}, select(authChecks, /\.chat-create$/), { token: 'conformance-invalid-configured' });
  for (const r of report.results) {
    expect(r.status, r.id).toBe('skip');
    expect(r.reason).toMatch(/configured credentials/);
  }
});

// ---- acceptance -----------------------------------------------------------------------------

test('acceptance: extra response fields, reordered keys and a charset parameter pass', async () => {
  const report = await run(
    {
      after: (_req, res) => {
        if (res.json === undefined || res.status >= 300 || typeof res.json !== 'object' || res.json === null)
          return res;
        const reversed = Object.fromEntries(Object.entries(res.json as Record<string, unknown>).reverse());
        return {
          ...res,
          headers: { ...res.headers, 'content-type': 'application/json; charset=utf-8' },
          json: { ...reversed, x_vendor_extension: { ok: true } },
        };
      },
    },
    select(acceptanceChecks, /chat-create|training-jobs|predictions-read/),
  );
  expect(explain(report.results)).toBe('');
});

test('acceptance: JSONL with CRLF line ends, no final newline, lines split across chunks and application/x-ndjson passes', async () => {
  const report = await run(
    {
      after: (req, res) => {
        if (!isList(req) || !res.stream) return res;
        const source = res.stream;
        async function* reframe(): AsyncGenerator<string> {
          let all = '';
          for await (const c of source) all += c;
          const text = all.replace(/\n$/, '').replace(/\n/g, '\r\n');
          for (let i = 0; i < text.length; i += 37) yield text.slice(i, i + 37);
        }
        return { ...res, headers: { ...res.headers, 'content-type': 'application/x-ndjson' }, stream: reframe() };
      },
    },
    select(acceptanceChecks, /-list$/),
  );
  expect(explain(report.results)).toBe('');
});

test('acceptance: a logging endpoint that answers 204 with no body passes (§4.4 success body not shown)', async () => {
  const report = await run(
    { after: (req, res) => (/\/log$/.test(req.path) && res.status === 200 ? { status: 204, headers: {} } : res) },
    select(acceptanceChecks, /trajectories-log$/),
  );
  expect(explain(report.results)).toBe('');
});

// ---- errors ---------------------------------------------------------------------------------

test('errors: chat rejections in the FastAPI shape (422, integer loc, extra keys) pass the shape check', async () => {
  const report = await run(
    {
      after: (req, res) =>
        isChat(req) && res.status === 400
          ? {
              status: 422,
              headers: { 'content-type': 'application/json' },
              json: {
                detail: [
                  {
                    loc: ['body', 'messages', 0],
                    msg: 'Field required',
                    type: 'missing',
                    input: {},
                    url: 'https://errors.pydantic.dev/',
                  },
                ],
              },
            }
          : res,
    },
    select(errorChecks, /chat-create$/),
  );
  expect(explain(report.results)).toBe('');
});

test('errors: chat rejections in the older flat vLLM shape ({object: "error", message}) pass the shape check', async () => {
  const report = await run(
    {
      after: (req, res) =>
        isChat(req) && res.status === 400
          ? {
              status: 400,
              headers: { 'content-type': 'application/json' },
              json: { object: 'error', message: 'bad request', type: 'BadRequestError', param: null, code: 400 },
            }
          : res,
    },
    select(errorChecks, /error-body-shape\.chat-create$/),
  );
  expect(explain(report.results)).toBe('');
});

test('errors: a server that coerces every lenient input passes the INFO check and notes the acceptances', async () => {
  const reg = registry();
  // A lax server: an invalid object body is read as its valid baseline (coercion stands in for it).
  const report = await run(
    {
      before: (req) => {
        if (!isChat(req) || !req.body) return req;
        const value = JSON.parse(Buffer.from(req.body).toString('utf8')) as Record<string, unknown>;
        if (reg.validate('chat/chat-completion-request', value).ok) return req;
        return {
          ...req,
          body: Buffer.from(JSON.stringify({ model: value.model, messages: value.messages, max_completion_tokens: 4 })),
        };
      },
    },
    select(errorChecks, /^errors\.lenient-inputs\.chat-create$/),
  );
  expect(explain(report.results)).toBe('');
  expect(report.results[0]?.notes?.some((n) => n.startsWith('accepted'))).toBe(true);
});
