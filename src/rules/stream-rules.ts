/**
 * @module Chat streaming, as rules: the stream's media type and the stream judge's findings, one rule
 * each; only the §4.1 token-id rule is MUST, the others rest on the OpenAI convention.
 */
import { is2xx, isJsonObject, mediaTypeOf } from '../core/values.js';
import { arrivedAtOnce, type StreamRule, type StreamTimings } from './chat-stream-verdict.js';
import type { ExchangeSeen, StreamSeen, Verdict } from './evidence.js';
import { type Rule, chatRules } from './rule.js';

/** The framing of a chat stream: Server-Sent Events ended by `data: [DONE]`. */
const STREAM_FRAMING_CONVENTION =
  'OpenAI/vLLM streaming: Server-Sent Events of chat.completion.chunk, ended by data: [DONE]';
/** The chunks of a chat stream. */
const CHUNK_CONVENTION = 'OpenAI chat.completion.chunk streaming format';

/** The stream options a request asked for: the rules judged only when asked. */
function asked(rule: StreamRule, request: unknown): boolean {
  const body = isJsonObject(request) ? request : {};
  if (rule === 'token-ids') return body.return_token_ids === true;
  if (rule === 'continuous-usage')
    return isJsonObject(body.stream_options) && body.stream_options.continuous_usage_stats === true;
  return true;
}

function streamRule(
  rule: StreamRule,
  id: string,
  convention: string | undefined,
  requirement: string,
  needs = 'a 2xx streamed chat answer',
  level: Rule['level'] = 'SHOULD',
): Rule {
  return {
    side: 'server',
    id,
    ops: ['chat.create'],
    section: '§4.1',
    level,
    ...(convention ? { convention } : {}),
    requirement,
    needs,
    slot: 'stream',
    judge: (e: StreamSeen): Verdict => {
      if (!asked(rule, e.exchange.request.body)) return undefined;
      let actual: string | undefined;
      for (const f of e.verdict.findings)
        if (f.rule === rule) actual = actual === undefined ? f.message : `${actual}; ${f.message}`;
      return actual === undefined ? 'held' : { expected: requirement, actual };
    },
  };
}

/** A burst this long after the request can be told from a fast generation. */
export const BURST_MIN_MS = 250;

/** A stream held back and sent whole, in words, when it can be told from a fast generation. */
export function heldBack(t: StreamTimings, contentEncoding: string | undefined): string | undefined {
  if (!arrivedAtOnce(t) || t.firstEventMs === undefined || t.lastEventMs === undefined) return undefined;
  // The content coding it came in (`gzip`, `br`, ...), '' when it came as is.
  const coding = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .join(', ');
  if (!coding && t.firstEventMs < BURST_MIN_MS) return undefined; // a fast generation, as is: no words made
  const atOnce = `all ${t.events} events arrived at once (within ${Math.round(t.lastEventMs - t.firstEventMs)} ms), ${Math.round(t.firstEventMs)} ms after the request: a client sees the whole answer at once, not a stream`;
  if (coding)
    return `${atOnce}; the stream came compressed (Content-Encoding: ${coding}), and compressing fronts such as nginx with gzip hold an event stream back until it ends`;
  return `${atOnce}, held back (a buffering front such as a proxy with buffering on, or a server that writes the stream whole)`;
}

/** Whether a chat request asked for a stream. */
export const streamAsked = (e: ExchangeSeen): boolean =>
  e.request.op.id === 'chat.create' && isJsonObject(e.request.body) && e.request.body.stream === true;

export const STREAM_RULES = chatRules({
  streamContentType: {
    id: 'streaming.event-stream-content-type',
    level: 'SHOULD',
    convention: STREAM_FRAMING_CONVENTION,
    requirement: 'A streamed chat completion (stream: true) is answered with Content-Type: text/event-stream.',
    needs: 'a 2xx answer to stream: true',
    slot: 'exchange',
    judge: (e: ExchangeSeen): Verdict => {
      if (!is2xx(e.status) || !streamAsked(e)) return undefined;
      return mediaTypeOf(e.headers['content-type']) === 'text/event-stream'
        ? 'held'
        : {
            expected: 'Content-Type: text/event-stream',
            actual: `Content-Type: ${e.headers['content-type'] ?? '(none)'}`,
          };
    },
  },
  timing: {
    id: 'streaming.timing',
    level: 'INFO',
    requirement:
      'Events of a stream arrive as they are generated, not in one burst at the end (time to first event and largest gap reported).',
    needs: 'a 2xx streamed chat answer with events, timed as they passed',
    slot: 'stream',
    judge: (e: StreamSeen): Verdict => {
      if (e.verdict.timings.firstEventMs === undefined) return undefined;
      const held = heldBack(e.verdict.timings, e.exchange.headers['content-encoding']);
      return held
        ? { expected: 'events that arrive as they are generated, spread over the generation', actual: held }
        : 'held';
    },
  },
});

/** Each stream judge rule's `streamRule` arguments after the rule. */
const STREAM_JUDGE_TABLE: Readonly<
  Record<StreamRule, Parameters<typeof streamRule> extends [StreamRule, ...infer A] ? A : never>
> = {
  json: [
    'streaming.data-payloads-are-json',
    STREAM_FRAMING_CONVENTION,
    'Every data: payload of the stream is a JSON value, except the [DONE] sentinel.',
  ],
  'chunk-shape': [
    'streaming.chunks-are-chat-completion-chunks',
    CHUNK_CONVENTION,
    'The stream is made of chat.completion.chunk objects (object "chat.completion.chunk", a model, choices with index and delta): at least one, and every JSON payload one.',
  ],
  'one-id': ['streaming.one-id-across-chunks', CHUNK_CONVENTION, 'Every chunk of a stream carries the same id.'],
  'role-first': [
    'streaming.role-in-first-delta',
    CHUNK_CONVENTION,
    'The first delta of each choice carries role "assistant".',
  ],
  'one-finish': [
    'streaming.one-finish-reason-per-choice',
    CHUNK_CONVENTION,
    'Each choice gets exactly one non-null finish_reason, on its last chunk.',
  ],
  indices: [
    'streaming.contiguous-choice-indices',
    CHUNK_CONVENTION,
    'With n choices, the chunks carry exactly the choice indices 0..n-1, each an integer, none twice in one chunk.',
    'a 2xx streamed chat answer (n > 1 to judge more than index 0)',
  ],
  usage: [
    'streaming.usage-chunk-last-and-adds-up',
    CHUNK_CONVENTION,
    'With stream_options.include_usage, one chunk with empty choices carries usage as the last chunk before [DONE], and total_tokens = prompt_tokens + completion_tokens.',
    'a stream asked with stream_options.include_usage',
  ],
  'usage-unasked': [
    'streaming.no-usage-unless-asked',
    "vLLM's usage policy (its test_usage_policy): a stream carries usage only as stream_options asks",
    'Without stream_options.include_usage no chunk carries usage (no usage chunk with empty choices); without continuous_usage_stats no chunk with choices carries usage.',
  ],
  'done-last': [
    'streaming.done-is-last',
    STREAM_FRAMING_CONVENTION,
    'Nothing but comments and blank lines follows data: [DONE].',
  ],
  complete: [
    'streaming.ends-with-done',
    STREAM_FRAMING_CONVENTION,
    'The stream is complete: it ends with data: [DONE] and no event is left without its blank line (a stream cut short is a failure).',
  ],
  'error-event': [
    'streaming.no-error-event',
    STREAM_FRAMING_CONVENTION,
    'A valid streamed request gets no {"error": …} event mid-stream.',
  ],
  'token-ids': [
    'streaming.return-token-ids-deltas',
    undefined,
    'With return_token_ids in streaming mode, prompt_token_ids is in the first chunk and no other, and every chunk whose delta has content carries its token_ids.',
    'a stream asked with return_token_ids',
    'MUST',
  ],
  'continuous-usage': [
    'streaming.continuous-usage-non-decreasing',
    'vLLM stream_options.continuous_usage_stats: cumulative usage on every chunk (vLLM streaming usage tests)',
    'With stream_options.continuous_usage_stats, every chunk with choices carries usage whose completion_tokens never decreases, and the final usage is not below it.',
    'a stream asked with stream_options.continuous_usage_stats',
  ],
};

/** The stream judge's rules (chat-stream.ts), one check each: a finding names the rule it breaks. */
export const STREAM_JUDGE_RULES = Object.fromEntries(
  Object.entries(STREAM_JUDGE_TABLE).map(([rule, args]) => [rule, streamRule(rule as StreamRule, ...args)]),
) as Record<StreamRule, Rule>;
