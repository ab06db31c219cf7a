/**
 * Focused tests of the chat-completion checks with tricky logic: conformant-but-unusual answers
 * they must accept, and misbehaviour the fault battery cannot express (a target declared the wrong
 * way round for §7.1).
 */
import { expect, test } from 'vitest';
import { explain, runAgainstMock } from '../../test/helpers/run-checks.js';
import { runAgainstVariant, type Variant } from '../../test/helpers/variant-server.js';
import type { MockRequest, MockResponse } from '../../mock/types.js';
import { returnsRequestId } from './identity.checks.js';
import {
  includeReasoningFalseOmitsReasoning,
  includeReasoningFalseOmitsReasoningStreamed,
  outputControlChecks,
  structuredOutputsChoice,
  structuredOutputsJson,
  structuredOutputsRegex,
  responseFormatJsonSchema,
} from './output-controls.checks.js';
import {
  priorityFollowsScheduling,
  rejectsSeedBeyondBound,
  seedBetweenInt64AndPrintedBound,
  trailingSlashPath,
  acceptsSeedWithinInt64,
} from './rules.checks.js';
import { chatCompletionChecks } from './index.js';
import { minTokensHonoured, minTokensHonouredStreamed } from './tokens.checks.js';
import { openAiEnvelopeGaps } from '../../src/rules/error-shape.js';

const rewriteJson =
  (edit: (body: Record<string, unknown>, res: MockResponse) => MockResponse | void) =>
  (_req: MockRequest, res: MockResponse): MockResponse => {
    if (res.status !== 200 || typeof res.json !== 'object' || res.json === null) return res;
    const body = structuredClone(res.json) as Record<string, unknown>;
    return edit(body, res) ?? { ...res, json: body };
  };

test('§7.1: a target that schedules by priority but is declared without it fails (priority not refused)', async () => {
  const report = await runAgainstMock([priorityFollowsScheduling], {
    mock: { priorityScheduling: true },
    target: { priorityScheduling: false },
  });
  expect(report.results[0]?.status).toBe('fail');
});

test('§7.1: a target declared with priority scheduling that refuses priority fails', async () => {
  const report = await runAgainstMock([priorityFollowsScheduling], {
    mock: { priorityScheduling: false },
    target: { priorityScheduling: true },
  });
  expect(report.results[0]?.status).toBe('fail');
});

test('request_id returned only in the x-request-id header is accepted', async () => {
  const report = await runAgainstVariant([returnsRequestId], {
    after: rewriteJson((b) => void (b.id = 'chatcmpl-unrelated')),
  });
  expect(explain(report.results)).toBe('');
  expect(report.results[0]?.notes?.[0]).toContain('x-request-id');
});

test('request_id returned only as a top-level request_id field is accepted', async () => {
  const report = await runAgainstVariant([returnsRequestId], {
    after: (req, res) => {
      const sent = JSON.parse(new TextDecoder().decode(req.body)) as { request_id?: string };
      const out = rewriteJson((b) => void Object.assign(b, { id: 'chatcmpl-unrelated', request_id: sent.request_id }))!(
        req,
        res,
      );
      const { 'x-request-id': _h, ...headers } = out.headers;
      return { ...out, headers };
    },
  });
  expect(explain(report.results)).toBe('');
});

const redirectTrailingSlash = (status: number): Variant => ({
  before: (req: MockRequest) =>
    req.path.endsWith('/') ? { status, headers: { location: req.path.slice(0, -1) }, body: '' } : req,
});

test('the trailing-slash path served through a 307 or 308 redirect (FastAPI redirect_slashes) passes', async () => {
  for (const status of [307, 308]) {
    const report = await runAgainstVariant([trailingSlashPath], redirectTrailingSlash(status));
    expect(explain(report.results)).toBe('');
  }
});

test('the trailing-slash path redirected with a 301 (a POST turned into a GET) fails', async () => {
  const report = await runAgainstVariant([trailingSlashPath], redirectTrailingSlash(301));
  expect(report.results[0]?.status).toBe('fail');
});

test('a server reading seeds as signed 64-bit integers (refusing the sliver up to the printed bound) passes, with notes', async () => {
  const int64 = (req: MockRequest) => {
    const m = /"seed"\s*:\s*(-?\d+)/.exec(new TextDecoder().decode(req.body));
    const v = m ? BigInt(m[1]!) : 0n;
    return v > 9223372036854775807n || v < -9223372036854775808n
      ? {
          status: 400,
          headers: { 'content-type': 'application/json' },
          json: { error: { message: 'seed out of range', type: 'BadRequestError', param: 'seed', code: 400 } },
        }
      : req;
  };
  const report = await runAgainstVariant(
    [acceptsSeedWithinInt64, rejectsSeedBeyondBound, seedBetweenInt64AndPrintedBound],
    { before: int64 },
  );
  expect(explain(report.results)).toBe('');
  expect(report.results.find((r) => r.id === seedBetweenInt64AndPrintedBound.id)?.notes?.join(' ')).toContain(
    '64-bit reading',
  );
});

test('structured outputs cut by a tiny token budget are judged as prefixes and pass', async () => {
  const report = await runAgainstVariant(
    [structuredOutputsChoice, structuredOutputsRegex, structuredOutputsJson, responseFormatJsonSchema],
    {},
    { target: { maxCompletionTokens: 2 } },
  );
  expect(explain(report.results)).toBe('');
});

test('structured outputs with whitespace around the JSON pass', async () => {
  const spaced = rewriteJson((b) => {
    for (const c of b.choices as Array<{ message: { content: string } }>)
      if (c.message.content.startsWith('{'))
        c.message.content = `{ ${c.message.content.slice(1).replace(/:/g, ': ')}\n`;
  });
  const report = await runAgainstVariant([structuredOutputsJson, responseFormatJsonSchema], { after: spaced });
  expect(explain(report.results)).toBe('');
});

test('answers with extra fields and explicit nulls pass every chat check', async () => {
  const extra = rewriteJson((b) => {
    Object.assign(b, { x_vendor: { trace: 'abc' }, system_fingerprint: null, service_tier: null });
    for (const c of b.choices as Array<Record<string, unknown>>) Object.assign(c, { x_choice_extra: 1 });
  });
  const report = await runAgainstVariant(
    chatCompletionChecks.filter((c) => c.id !== priorityFollowsScheduling.id),
    { after: extra },
  );
  expect(explain(report.results)).toBe('');
});

test('output-control checks do not compare text: a different (but valid) model output passes', async () => {
  // A different mock seed gives other words for every request.
  const report = await runAgainstVariant(outputControlChecks, {}, { mock: { seed: 99 } });
  expect(explain(report.results)).toBe('');
});

// A control keeps a check from passing for the wrong reason.
test('min_tokens is not judged (skip, not pass) on a server whose answers always run to the bound: the control shows no early stop', async () => {
  const report = await runAgainstVariant([minTokensHonoured, minTokensHonouredStreamed], {
    before: (req) => {
      if (req.method !== 'POST' || !req.path.startsWith('/v1/chat/completions') || !req.body) return req;
      const body = JSON.parse(new TextDecoder().decode(req.body)) as Record<string, unknown>;
      const runs = { ...body, stop: [], ignore_eos: true };
      return { ...req, body: new TextEncoder().encode(JSON.stringify(runs)) };
    },
  });
  expect(report.results.map((r) => r.status)).toEqual(['skip', 'skip']);
  expect(report.results[0]?.reason).toMatch(/control without min_tokens/);
});

// The cases bind (stop " ", min_tokens one short of the budget, two choices): a server that ignores
// min_tokens fails at every seed, and the conformant mock passes at every seed.
test('min_tokens: the fault ignoring it fails at seeds 1–10, the conformant mock passes at seeds 1–10', async () => {
  const seeds = Array.from({ length: 10 }, (_, i) => i + 1);
  const statuses = async (faults: string[]) =>
    Promise.all(
      seeds.map(async (seed) => {
        const r = await runAgainstMock([minTokensHonoured, minTokensHonouredStreamed], { seed, faults });
        return `${seed}: ${r.results.map((x) => x.status).join(' ')}`;
      }),
    );
  expect(await statuses(['chat-completions.min-tokens-ignored'])).toEqual(seeds.map((s) => `${s}: fail fail`));
  expect(await statuses([])).toEqual(seeds.map((s) => `${s}: pass pass`));
});

test('an OpenAI error envelope with type, param and code null-valued is accepted (vLLM sends param: null)', async () => {
  expect(openAiEnvelopeGaps({ error: { message: 'm', type: 'BadRequestError', param: null, code: null } })).toEqual([]);
  expect(
    openAiEnvelopeGaps({ object: 'error', message: 'm', type: 'invalid_request_error', param: null, code: 400 }),
  ).toEqual([]);
  expect(openAiEnvelopeGaps({ error: { message: 'm' } })).toEqual(['`type` (a string)', '`param`', '`code`']);
});

test('include_reasoning: false is not judged (skip, not pass) on a model that never reasons: the control shows no reasoning to omit', async () => {
  const neverReasons = (req: MockRequest): MockRequest => {
    const body = JSON.parse(new TextDecoder().decode(req.body)) as Record<string, unknown>;
    delete body.reasoning_effort;
    return { ...req, body: new TextEncoder().encode(JSON.stringify(body)) };
  };
  const report = await runAgainstVariant(
    [includeReasoningFalseOmitsReasoning, includeReasoningFalseOmitsReasoningStreamed],
    { before: neverReasons },
  );
  expect(report.results.map((r) => r.status)).toEqual(['skip', 'skip']);
  expect(report.results[0]?.reason).toMatch(/does not reason/);
});
