/**
 * Chat-completion checks with nothing to judge (an answer that is no JSON chat completion, a
 * redirect, no choice, empty content, no logprobs entry): none passes vacuously (vacuous-passes.ts).
 */
import { describe, expect, test } from 'vitest';
import type { MockRequest } from '../../mock/types.js';
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
import { runAgainstUrl } from '../helpers/run-checks.js';
import { runAgainstVariant, type Variant } from '../helpers/variant-server.js';
import { hostileServers, OPTIONS, reasonOf, statuses } from './vacuous-passes.js';

const hostile = hostileServers();

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
