/**
 * One judge for generated and live traffic: the suites' checks and the proxy's rules must give the
 * same verdict on the same bytes. Each case serves the bundled mock behind a variant (an error body
 * of a given shape, a listing labelled with a given media type), runs the suite's checks of that
 * thing against it, and feeds every exchange those checks send, as answered, to a proxy session's
 * judge, as `conformance proxy` would have seen it. The two verdicts must agree with each other and
 * with the expected one (docs/conventions.md); before src/rules they did not (the flat vLLM error,
 * application/ndjson).
 */
import { expect, test } from 'vitest';
import type { CheckDefinition } from '../../src/core/check.js';
import { ProxySession } from '../../src/proxy/session.js';
import type { MockRequest, MockResponse } from '../../mock/index.js';
import { acceptanceChecks } from '../../suites/acceptance/index.js';
import { errorChecks } from '../../suites/errors/index.js';
import { recordChecks } from '../../suites/records/index.js';
import { bodyText, runAgainstVariant } from '../helpers/variant-server.js';

type Verdict = 'pass' | 'fail';

/** The mock behind `rewrite`, every exchange also judged by the returned proxy session. */
function judgedVariant(rewrite: (req: MockRequest, res: MockResponse) => MockResponse) {
  const session = new ProxySession({ target: 'http://127.0.0.1:1', maxBodyBytes: 1 << 20, replay: 'one-judge' });
  const handler = async (req: MockRequest, handle: (r: MockRequest) => Promise<MockResponse>) => {
    const res = rewrite(req, await handle(req));
    const text = await bodyText(res);
    const query = req.query.toString();
    const judge = session.open(req.method, query ? `${req.path}?${query}` : req.path, req.headers);
    if (req.body?.length) judge.requestChunk(Buffer.from(req.body));
    judge.requestEnd();
    judge.responseHead(res.status, res.headers);
    judge.responseChunk(Buffer.from(text));
    judge.responseEnd();
    return { status: res.status, headers: res.headers, body: text };
  };
  return { session, handler };
}

/** The proxy's verdict under one check id (undefined: never judged). */
function proxyVerdict(session: ProxySession, id: string): Verdict | undefined {
  const group = session.findings.all().find((g) => g.id === id);
  if (!group || group.judged === 0) return undefined;
  return group.failed > 0 ? 'fail' : 'pass';
}

/** Runs `checks` against the judged variant: each check's status and the proxy's verdict. */
async function bothVerdicts(
  checks: readonly CheckDefinition[],
  rewrite: (req: MockRequest, res: MockResponse) => MockResponse,
  id: string,
): Promise<{ suite: Record<string, string>; proxy: Verdict | undefined }> {
  const { session, handler } = judgedVariant(rewrite);
  const report = await runAgainstVariant(checks, handler, { runs: 3, preflight: false });
  return {
    suite: Object.fromEntries(report.results.map((r) => [r.id, r.status])),
    proxy: proxyVerdict(session, id),
  };
}

const json = (status: number, body: unknown): MockResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

const ENVELOPE = { error: { message: 'bad', type: 'BadRequestError', param: null, code: 400 } };
const FLAT = { object: 'error', message: 'bad', type: 'BadRequestError', param: null, code: 400 };
const VALIDATION = { detail: [{ loc: ['body', 'messages'], msg: 'Field required', type: 'missing' }] };

/** Error bodies of a rejected chat request (SHOULD: any complete known shape) and the verdict due. */
const CHAT_BODIES: readonly [string, Verdict, unknown][] = [
  ['the OpenAI envelope', 'pass', ENVELOPE],
  ['the flat vLLM object', 'pass', FLAT],
  ['FastAPI detail[]', 'pass', VALIDATION],
  ['a FastAPI detail string', 'pass', { detail: 'Invalid request' }],
  ['the envelope with only a message', 'fail', { error: { message: 'bad' } }],
  ['the flat object without code', 'fail', { object: 'error', message: 'bad', type: 'BadRequestError', param: null }],
  ['detail[] with a dotted loc', 'fail', { detail: [{ loc: 'body.messages', msg: 'x', type: 'y' }] }],
  ['a bare message', 'fail', { message: 'bad' }],
  ['plain text', 'fail', 'Bad Request'],
];

/** Error bodies of a rejected trajectory log (§7 MUST: the validation-error body only). */
const LOG_BODIES: readonly [string, Verdict, unknown][] = [
  ['FastAPI detail[]', 'pass', VALIDATION],
  ['the OpenAI envelope', 'fail', ENVELOPE],
  ['the flat vLLM object', 'fail', FLAT],
  ['a FastAPI detail string', 'fail', { detail: 'Invalid request' }],
];

const shapeCheck = (slug: string) => errorChecks.filter((c) => c.id === `errors.error-body-shape.${slug}`);

test.each(CHAT_BODIES)('a chat rejection answered with %s: suite and proxy both say %s', async (_label, due, body) => {
  const { suite, proxy } = await bothVerdicts(
    shapeCheck('chat-create'),
    (req, res) =>
      req.path === '/v1/chat/completions' && res.status >= 400 && res.status < 500 ? json(400, body) : res,
    'errors.error-body-shape.chat-create',
  );
  expect({ suite: suite['errors.error-body-shape.chat-create'], proxy }).toEqual({ suite: due, proxy: due });
});

test.each(LOG_BODIES)('a trajectory log rejected with %s: suite and proxy both say %s', async (_label, due, body) => {
  const { suite, proxy } = await bothVerdicts(
    shapeCheck('trajectories-log'),
    (req, res) => (req.path.endsWith('/log') && res.status >= 400 && res.status < 500 ? json(422, body) : res),
    'errors.error-body-shape.trajectories-log',
  );
  expect({ suite: suite['errors.error-body-shape.trajectories-log'], proxy }).toEqual({ suite: due, proxy: due });
});

/** Content-Type of a 2xx predictions listing (undefined: none) and the verdict due. */
const LISTING_TYPES: readonly [string | undefined, Verdict][] = [
  ['application/jsonl', 'pass'],
  ['application/x-ndjson', 'pass'],
  ['application/ndjson', 'pass'],
  ['application/jsonlines', 'pass'],
  ['application/x-jsonlines', 'pass'],
  ['application/json-lines', 'pass'],
  ['Application/X-NDJSON; charset=utf-8', 'pass'],
  ['application/x-jsonl', 'fail'],
  ['application/json', 'fail'],
  ['text/plain; charset=utf-8', 'fail'],
  [undefined, 'fail'],
];

const LISTING_CHECKS = [...acceptanceChecks, ...recordChecks].filter((c) =>
  ['acceptance.jsonl-content-type.predictions-list', 'predictions.list-content-type-jsonl'].includes(c.id),
);

test.each(LISTING_TYPES)('a listing labelled %s: both suite checks and the proxy say %s', async (type, due) => {
  expect(LISTING_CHECKS).toHaveLength(2);
  const { suite, proxy } = await bothVerdicts(
    LISTING_CHECKS,
    (req, res) => {
      if (!/^\/v2\/[^/]+\/[^/]+\/predictions$/.test(req.path) || res.status !== 200) return res;
      const { 'content-type': _, ...headers } = res.headers;
      return { ...res, headers: type === undefined ? headers : { ...headers, 'content-type': type } };
    },
    'acceptance.jsonl-content-type.predictions-list',
  );
  expect({ ...suite, proxy }).toEqual({
    'acceptance.jsonl-content-type.predictions-list': due,
    'predictions.list-content-type-jsonl': due,
    proxy: due,
  });
});
