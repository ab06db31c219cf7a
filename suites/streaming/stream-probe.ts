/** @module Opens a §4.1 chat stream and judges it with the ChatStreamJudge as the events arrive. */
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
import { evidenceOf } from '../records/listing.js';

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

const probeKey = (extra: Record<string, unknown>): CacheKey<Promise<ProbeAnswer>> =>
  cacheKey(`stream-probe:${JSON.stringify(extra)}`);

/** Streams the minimal chat request merged with `extra`, once per run for checks sharing the probe. */
export function probeChatStream(ctx: CheckContext, extra: Record<string, unknown> = {}): Promise<ProbeAnswer> {
  return ctx.cache.shared(probeKey(extra), () => streamOnce(ctx, extra));
}

async function streamOnce(ctx: CheckContext, extra: Record<string, unknown>): Promise<ProbeAnswer> {
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
  const end = await readSse(stream, ok ? judge.onEvent : () => 'stop');
  const evidence = evidenceOf(stream, end.firstBytes);
  if (!ok) {
    const tooLarge = sizeRefusalOf(ctx, stream.status, end.firstBytes, stream.request.body);
    if (tooLarge) return sizeSkip(tooLarge, 'the streamed request');
    return fail({
      expected: 'a streamed request valid per §4.1 answered 2xx with an event stream',
      actual: `HTTP ${stream.status}: ${excerpt(end.firstBytes)}`,
      ...evidence,
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
    failWith: (expected, actual, notes) => fail({ expected, actual, ...evidence, ...(notes?.length ? { notes } : {}) }),
  };
}

export const isProbe = (p: ProbeAnswer): p is StreamProbe => 'verdict' in p;

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

/** A skip when the rule's subject is missing from the stream, naming the checks that report the absence. */
export function skipAbsent(probe: StreamProbe, nothing: string, reportedBy: readonly string[]): SkipOutcome {
  return skip(
    `${nothing} (${describeArrival(probe)}): nothing to judge; ${reportedBy.join(', ')} report${reportedBy.length === 1 ? 's' : ''} the stream itself`,
  );
}

/** Fewer choices came than `n` asked for: a skip, not a pass earned by choice 0 alone. */
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
