/**
 * Vacuous passes: checks that judged nothing must never report `pass`. Against broken targets (the
 * hostile fixtures of `test/helpers/hostile-servers.ts`, and the bundled mock behind small rewrites
 * from `test/helpers/variant-server.ts`) each check that has nothing to judge says so: `fail` when
 * the answer itself breaks the rule it guards, `skip` (with the checks that report the breakage)
 * when only its precondition is missing, or `error` when the suite could not read the answer at all.
 */
import { afterAll, describe, expect, test } from 'vitest';
import type { CheckDefinition } from '../../src/core/check.js';
import type { RunReport } from '../../src/core/report.js';
import type { CheckResult } from '../../src/core/result.js';
import type { MockRequest, MockResponse } from '../../mock/types.js';
import { successChecks } from '../../suites/acceptance/success.checks.js';
import {
  echoPrependsLastMessage,
  includeReasoningFalseOmitsReasoning,
  responseFormatJsonSchema,
  seededDeterminism,
  stopStringsHonoured,
  structuredOutputsChoice,
  structuredOutputsJson,
  structuredOutputsRegex,
} from '../../suites/chat-completions/output-controls.checks.js';
import { serviceTierInSet, trailingSlashPath } from '../../suites/chat-completions/rules.checks.js';
import {
  logprobsShapeAndCounts,
  returnTokenIdsPerChoice,
  tokensAsTokenIds,
} from '../../suites/chat-completions/tokens.checks.js';
import { recordChecks } from '../../suites/records/index.js';
import { openLineProblem } from '../../src/transport/jsonl-tail.js';
import { streamingChecks } from '../../suites/streaming/index.js';
import { startHostile, type HostileKind, type HostileServer } from '../helpers/hostile-servers.js';
import { runAgainstUrl, type RunAgainstUrlOptions } from '../helpers/run-checks.js';
import { rewriteSse, runAgainstVariant, type Variant } from '../helpers/variant-server.js';

const started: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

async function hostile(kind: HostileKind): Promise<HostileServer> {
  const s = await startHostile(kind, { lifetimeMs: 30_000 });
  started.push(s);
  return s;
}

/** A fixture is another server, not the bundled mock; the byte cap is small so endless bodies end fast. */
// Each check's own reading of a hostile answer is the subject here: the preflight, which calls a
// target that answers HTML or redirects for everything not the interface (test/trust/walls.test.ts),
// stays out of the way.
const OPTIONS: RunAgainstUrlOptions = { target: { bundledMock: false }, maxBodyBytes: 64 * 1024, preflight: false };

const byId = (report: RunReport): Record<string, CheckResult> =>
  Object.fromEntries(report.results.map((r) => [r.id, r]));
const statuses = (report: RunReport): Record<string, string> =>
  Object.fromEntries(report.results.map((r) => [r.id, r.status]));
const reasonOf = (r: CheckResult | undefined): string =>
  r ? `${r.status}: ${r.expected ?? ''} | ${r.actual ?? r.reason ?? r.message ?? ''}` : 'missing';
const only = (checks: readonly CheckDefinition[], ...ids: string[]): CheckDefinition[] =>
  ids.map((id) => checks.find((c) => c.id === id)!);

/** No result passes except those listed (which judged something real). */
function expectNoPassExcept(report: RunReport, allowed: readonly string[] = []): void {
  const passed = report.results.filter((r) => r.status === 'pass' && !allowed.includes(r.id)).map((r) => r.id);
  expect(passed, 'checks that passed with nothing to judge').toEqual([]);
}

// ---- streaming ------------------------------------------------------------------------------

const S = (rule: string) => `streaming.${rule}`;

describe('streaming checks against a stream without chunks', () => {
  test('an HTML page answered 200 to stream: true: no check passes; chunk rules fail or skip, each as decided', async () => {
    const server = await hostile('html-200');
    const report = await runAgainstUrl(server.url, streamingChecks, OPTIONS);
    expectNoPassExcept(report);
    expect(statuses(report)).toEqual({
      // The answer itself breaks these rules: fail.
      [S('event-stream-content-type')]: 'fail',
      [S('ends-with-done')]: 'fail',
      [S('chunks-are-chat-completion-chunks')]: 'fail',
      [S('contiguous-choice-indices')]: 'fail',
      [S('usage-chunk-last-and-adds-up')]: 'fail',
      [S('return-token-ids-deltas')]: 'fail',
      [S('reassembles-to-valid-completion')]: 'fail',
      [S('token-count-matches-non-streamed')]: 'fail',
      // A request it should have refused was answered 200 with no error event: no error whose
      // signalling could be judged (the missing refusal is the §7.2 check's finding): skip.
      [S('pre-generation-error-is-http-4xx')]: 'skip',
      // Their subject never arrived; the checks above report the stream: skip.
      [S('data-payloads-are-json')]: 'skip',
      [S('done-is-last')]: 'skip',
      [S('no-error-event')]: 'skip',
      [S('one-id-across-chunks')]: 'skip',
      [S('role-in-first-delta')]: 'skip',
      [S('one-finish-reason-per-choice')]: 'skip',
      [S('timing')]: 'skip',
      [S('continuous-usage-non-decreasing')]: 'skip',
    });
    const r = byId(report);
    expect(r[S('chunks-are-chat-completion-chunks')]!.actual).toMatch(/no chat\.completion\.chunk/);
    for (const id of [S('one-id-across-chunks'), S('role-in-first-delta'), S('one-finish-reason-per-choice')]) {
      expect(r[id]!.reason, id).toMatch(/nothing to judge; .*streaming\.chunks-are-chat-completion-chunks/);
      expect(r[id]!.reason, id).toContain('text/html');
    }
    expect(r[S('done-is-last')]!.reason).toMatch(/no data: \[DONE\].*streaming\.ends-with-done/);
    expect(r[S('pre-generation-error-is-http-4xx')]!.reason).toMatch(
      /no error to judge: .*accepted.*chat-completions\.rejects-continue-with-generation-prompt\.streamed/,
    );
  });

  test('a well-framed event stream of data: [DONE] alone: only the framing rules it meets pass', async () => {
    const report = await runAgainstVariant(streamingChecks, {
      after: rewriteSse(async function* () {
        yield 'data: [DONE]\n\n';
      }),
    });
    // Content type, terminator and nothing after it are judged on what arrived; timing is an
    // observation; the refusal before streaming is the mock's own 4xx, which the rewrite leaves alone.
    expectNoPassExcept(report, [
      S('event-stream-content-type'),
      S('ends-with-done'),
      S('done-is-last'),
      S('timing'),
      S('pre-generation-error-is-http-4xx'),
    ]);
    const st = statuses(report);
    expect(st[S('chunks-are-chat-completion-chunks')]).toBe('fail');
    for (const id of [
      'data-payloads-are-json',
      'no-error-event',
      'one-id-across-chunks',
      'role-in-first-delta',
      'one-finish-reason-per-choice',
      'continuous-usage-non-decreasing',
      'token-count-matches-non-streamed',
    ])
      expect(st[S(id)], id).toBe('skip');
    for (const id of [
      'contiguous-choice-indices',
      'usage-chunk-last-and-adds-up',
      'return-token-ids-deltas',
      'reassembles-to-valid-completion',
    ])
      expect(st[S(id)], id).toBe('fail');
  });

  test('a stream of chunks that never carry a choice: the per-choice rules skip, the indices fail', async () => {
    // Keeps only the usage chunk (choices: []) and the terminator.
    const report = await runAgainstVariant(
      only(
        streamingChecks,
        S('role-in-first-delta'),
        S('one-finish-reason-per-choice'),
        S('contiguous-choice-indices'),
        S('one-id-across-chunks'),
      ),
      {
        after: rewriteSse(async function* (events) {
          for await (const e of events) if (e === 'data: [DONE]\n\n' || /"choices":\[\]/.test(e)) yield e;
        }),
      },
    );
    expect(statuses(report)).toEqual({
      [S('role-in-first-delta')]: 'skip',
      [S('one-finish-reason-per-choice')]: 'skip',
      [S('contiguous-choice-indices')]: 'fail',
      // The usage chunk is a chunk object with an id: one id, judged on it.
      [S('one-id-across-chunks')]: 'pass',
    });
  });

  test('a stream of JSON payloads that are not objects: the id and token-id rules do not pass', async () => {
    const report = await runAgainstVariant(
      only(
        streamingChecks,
        S('one-id-across-chunks'),
        S('return-token-ids-deltas'),
        S('chunks-are-chat-completion-chunks'),
      ),
      {
        after: rewriteSse(async function* (events) {
          for await (const e of events) yield e === 'data: [DONE]\n\n' ? e : 'data: [1, 2, 3]\n\n';
        }),
      },
    );
    expect(statuses(report)).toEqual({
      [S('one-id-across-chunks')]: 'skip',
      [S('return-token-ids-deltas')]: 'fail',
      [S('chunks-are-chat-completion-chunks')]: 'fail',
    });
  });
});

// ---- records --------------------------------------------------------------------------------

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

// ---- chat completions -----------------------------------------------------------------------

const CHAT = /^\/v1\/chat\/completions\/?$/;

/** Rewrites the JSON body of successful chat answers. */
const rewriteChat = (edit: (body: Record<string, unknown>, sent: Record<string, unknown>) => void): Variant => ({
  after: (req, res) => {
    if (!CHAT.test(req.path) || res.status !== 200 || typeof res.json !== 'object' || res.json === null) return res;
    const body = structuredClone(res.json) as Record<string, unknown>;
    edit(body, JSON.parse(new TextDecoder().decode(req.body)) as Record<string, unknown>);
    return { ...res, json: body };
  },
});

describe('chat-completion checks with nothing to judge', () => {
  test('service-tier-in-set fails an answer that is not a JSON chat completion (HTML 200, text, an array, {})', async () => {
    const server = await hostile('html-200');
    const html = await runAgainstUrl(server.url, [serviceTierInSet], OPTIONS);
    expect(html.results[0]?.status, reasonOf(html.results[0])).toBe('fail');
    expect(html.results[0]?.actual).toMatch(/not JSON/);
    // Not JSON; JSON but not an object; an object that is no chat completion (its missing service_tier says nothing).
    for (const [type, body] of [
      ['text/plain', 'OK'],
      ['application/json', '[{"service_tier":"auto"}]'],
      ['application/json', '{}'],
    ] as const) {
      const report = await runAgainstVariant([serviceTierInSet], {
        before: (req) => (CHAT.test(req.path) ? { status: 200, headers: { 'content-type': type }, body } : req),
      });
      expect(report.results[0]?.status, `${body}: ${reasonOf(report.results[0])}`).toBe('fail');
    }
  });

  test('trailing-slash-path fails a 307 to another origin, and nothing reaches that origin', async () => {
    const server = await hostile('redirect');
    const report = await runAgainstUrl(server.url, [trailingSlashPath], OPTIONS);
    const r = report.results[0]!;
    expect(r.status, reasonOf(r)).toBe('fail');
    expect(r.actual).toContain(`another origin (${new URL(server.other!.url).origin})`);
    expect(server.other!.seen).toEqual([]);
  });

  test('trailing-slash-path fails a 307 on the same origin to another path, and passes one to /v1/chat/completions by absolute URL', async () => {
    const redirect = (to: (req: MockRequest) => string): Variant => ({
      before: (req) =>
        req.path === '/v1/chat/completions/' ? { status: 307, headers: { location: to(req) }, body: '' } : req,
    });
    const other = await runAgainstVariant(
      [trailingSlashPath],
      redirect(() => '/v1/models'),
    );
    expect(other.results[0]?.status, reasonOf(other.results[0])).toBe('fail');
    expect(other.results[0]?.actual).toContain('another path (/v1/models)');
    const dotted = await runAgainstVariant(
      [trailingSlashPath],
      redirect(() => '../completions/'),
    );
    expect(dotted.results[0]?.status, reasonOf(dotted.results[0])).toBe('fail');
    const absolute = await runAgainstVariant(
      [trailingSlashPath],
      redirect((req) => `http://${req.headers.host}/v1/chat/completions`),
    );
    expect(absolute.results[0]?.status, reasonOf(absolute.results[0])).toBe('pass');
  });

  test('an answer with no choice fails the per-choice checks instead of passing them vacuously (§1: one or more choices)', async () => {
    const checks = [
      echoPrependsLastMessage,
      returnTokenIdsPerChoice,
      tokensAsTokenIds,
      includeReasoningFalseOmitsReasoning,
      seededDeterminism,
      structuredOutputsChoice,
    ];
    const report = await runAgainstVariant(
      checks,
      rewriteChat((b) => void (b.choices = [])),
    );
    for (const r of report.results) {
      expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('fail');
      expect(r.expected).toMatch(/at least one choice/);
    }
  });

  test('stop strings with no content in any choice, and logprobs with no entry at all, skip', async () => {
    const empty = rewriteChat((b, sent) => {
      if (sent.stop !== undefined)
        for (const c of b.choices as Array<{ message: { content: string } }>) c.message.content = '';
      if (sent.logprobs === true) {
        for (const c of b.choices as Array<Record<string, unknown>>) c.logprobs = { content: [] };
        Object.assign(b.usage as object, {
          completion_tokens: 0,
          total_tokens: (b.usage as { prompt_tokens: number }).prompt_tokens,
        });
      }
    });
    const report = await runAgainstVariant([stopStringsHonoured, logprobsShapeAndCounts], empty);
    expect(statuses(report), report.results.map(reasonOf).join('\n')).toEqual({
      [stopStringsHonoured.id]: 'skip',
      [logprobsShapeAndCounts.id]: 'skip',
    });
  });

  test('structured outputs whose every choice was cut before any content skip (nothing to judge)', async () => {
    const cutEmpty = rewriteChat((b, sent) => {
      if (!sent.structured_outputs && !sent.response_format) return;
      for (const c of b.choices as Array<{ message: { content: string }; finish_reason: string }>) {
        c.message.content = '';
        c.finish_reason = 'length';
      }
    });
    const report = await runAgainstVariant(
      [structuredOutputsChoice, structuredOutputsRegex, structuredOutputsJson, responseFormatJsonSchema],
      cutEmpty,
    );
    for (const r of report.results) {
      expect(r.status, `${r.id}: ${reasonOf(r)}`).toBe('skip');
      expect(r.reason).toMatch(/before any content/);
    }
  });
});
