/**
 * @module Opens a §4.1 chat stream (`stream: true`) and judges it incrementally with the
 * ChatStreamJudge as the events arrive (readSse never buffers the body); each streaming check
 * then reads the findings of its own rule.
 */
import { type CacheKey, cacheKey } from '../../src/core/cache-key.js';
import type { CheckContext } from '../../src/core/check.js';
import { fail, skip, type FailOutcome, type SkipOutcome } from '../../src/core/result.js';
import { ChatStreamJudge } from '../../src/rules/chat-stream.js';
import { sizeRefusalOf, sizeSkip } from '../../src/kit/context-window.js';
import type { ChatStreamVerdict, StreamRule } from '../../src/rules/chat-stream-verdict.js';
import { describeSchemaErrors, excerpt } from '../../src/core/describe.js';
import { minimalChatRequest, pathOf } from '../../src/kit/requests.js';
import { readSse } from '../../src/kit/streams.js';
import type { RecordedRequest } from '../../src/transport/types.js';
import { is2xx } from '../../src/core/values.js';

export interface StreamProbe {
  readonly request: RecordedRequest;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly firstBytes: string;
  readonly verdict: ChatStreamVerdict;
  /** Evidence for a failure about this stream. */
  failWith(expected: string, actual: string, notes?: readonly string[]): FailOutcome;
}

type ProbeAnswer = StreamProbe | FailOutcome | SkipOutcome;

/** The probe of the minimal request merged with `extra`, in the run cache. */
const probeKey = (extra: Record<string, unknown>): CacheKey<Promise<ProbeAnswer>> =>
  cacheKey(`stream-probe:${JSON.stringify(extra)}`);

/**
 * Streams the minimal chat request merged with `extra` (`stream: true` added). Returns the probe, or
 * a failure when the target did not answer 2xx (a stream request that is valid per §4.1), or a skip
 * when it refused the request for its size (a deployment's context window). The
 * same probe asked for by several checks is streamed once per run and its verdict shared (each
 * check reads the findings of its own rule); a check that asks for it again gets a fresh stream, and
 * a probe that went wrong (a timeout, a reset) is not handed on (`ctx.cache.shared`).
 */
export function probeChatStream(ctx: CheckContext, extra: Record<string, unknown> = {}): Promise<ProbeAnswer> {
  return ctx.cache.shared(probeKey(extra), () => streamOnce(ctx, extra));
}

async function streamOnce(
  ctx: CheckContext,
  extra: Record<string, unknown>,
): Promise<StreamProbe | FailOutcome | SkipOutcome> {
  const body = minimalChatRequest(ctx.target, { ...extra, stream: true });
  const stream = await ctx.http.open({ method: 'POST', path: pathOf(ctx.target, 'chat.create'), json: body });
  const judge = new ChatStreamJudge({
    n: typeof body.n === 'number' ? body.n : 1,
    includeUsage: (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true,
    continuousUsage:
      (body.stream_options as { continuous_usage_stats?: unknown } | undefined)?.continuous_usage_stats === true,
    returnTokenIds: body.return_token_ids === true,
    validateChunk: (chunk) => {
      const v = ctx.schemas.validate('chat/chat-completion-chunk', chunk);
      return v.ok ? undefined : describeSchemaErrors(v.errors, 3);
    },
  });
  const ok = is2xx(stream.status);
  // A non-2xx answer is read only for its first bytes (evidence); it is not judged as a stream.
  const end = await readSse(stream, ok ? judge.onEvent : () => 'stop');
  const excerptOf = { status: stream.status, headers: stream.headers, firstBytes: end.firstBytes };
  if (!ok) {
    // Refused for its size by a small deployment: not judged (src/kit/context-window.ts).
    const tooLarge = sizeRefusalOf(ctx, stream.status, end.firstBytes, stream.request.body);
    if (tooLarge) return sizeSkip(tooLarge, 'the streamed request');
    return fail({
      expected: 'a streamed request valid per §4.1 answered 2xx with an event stream',
      actual: `HTTP ${stream.status}: ${excerpt(end.firstBytes)}`,
      streamRequest: stream.request,
      streamExcerpt: excerptOf,
      precondition: 'chat.create',
    });
  }
  const verdict = judge.finish(end);
  return {
    request: stream.request,
    status: stream.status,
    headers: stream.headers,
    firstBytes: end.firstBytes,
    verdict,
    failWith: (expected, actual, notes) =>
      fail({
        expected,
        actual,
        streamRequest: stream.request,
        streamExcerpt: excerptOf,
        ...(notes?.length ? { notes } : {}),
      }),
  };
}

export const isProbe = (p: StreamProbe | FailOutcome | SkipOutcome): p is StreamProbe => 'verdict' in p;

/** The findings of one rule as a failure, or undefined when the rule held. */
export function failOnRule(probe: StreamProbe, rule: StreamRule, expected: string): FailOutcome | undefined {
  const found = probe.verdict.findings.filter((f) => f.rule === rule);
  if (found.length === 0) return undefined;
  return probe.failWith(expected, found.map((f) => f.message).join('; '), probe.verdict.notes);
}

/** What arrived, in a few words, for a skip reason: events, payloads, chunks and the first bytes. */
export function describeArrival(probe: StreamProbe): string {
  const v = probe.verdict;
  const type = probe.headers['content-type'] ?? 'no content-type';
  return `HTTP ${probe.status} (${type}), ${v.timings.events} SSE event(s), ${v.chunks} chunk(s)${v.sawDone ? ', data: [DONE]' : ', no data: [DONE]'}; first bytes: ${excerpt(probe.firstBytes, 80) || '(empty body)'}`;
}

/**
 * A rule about something the stream never carried (no chunk object, no choice, no [DONE]) has
 * nothing to judge: the check says so with a skip naming the checks that report the absence itself,
 * never with a pass. `missing` is true when the subject of the rule is absent.
 */
export function skipWhenAbsent(
  probe: StreamProbe,
  missing: boolean,
  nothing: string,
  reportedBy: readonly string[],
): SkipOutcome | undefined {
  return missing ? skipAbsent(probe, nothing, reportedBy) : undefined;
}

/** The skip of `skipWhenAbsent`, unconditionally. */
export function skipAbsent(probe: StreamProbe, nothing: string, reportedBy: readonly string[]): SkipOutcome {
  return skip(
    `${nothing} (${describeArrival(probe)}): nothing to judge; ${reportedBy.join(', ')} report${reportedBy.length === 1 ? 's' : ''} the stream itself`,
  );
}

/**
 * A per-choice rule held on the choices that came, but fewer came than were asked for (a server
 * that ignores `n` streams one): the rule was never judged on the others. SKIP, naming the check
 * that reports the missing choices, rather than a pass earned by choice 0 alone. `what` names what
 * the rule reads of each choice ("the first delta").
 */
export function skipMissingChoices(
  probe: StreamProbe,
  n: number,
  what: string,
  reportedBy: string,
): SkipOutcome | undefined {
  const came = new Set(probe.verdict.choices.map((c) => c.index));
  const missing = Array.from({ length: n }, (_, i) => i).filter((i) => !came.has(i));
  if (missing.length === 0) return undefined;
  const judged = [...came].filter((i) => i < n).sort((a, b) => a - b);
  const plural = (xs: readonly number[]) => `choice${xs.length === 1 ? '' : 's'} ${xs.join(', ')}`;
  return skip(
    `${judged.length ? `only ${plural(judged)}` : 'no choice'} of the ${n} requested (n: ${n}) arrived: ${what} of ${plural(missing)} could not be judged; ${reportedBy} reports the missing choice${missing.length === 1 ? '' : 's'}`,
  );
}
