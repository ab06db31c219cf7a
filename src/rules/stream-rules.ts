/**
 * @module Chat streaming, as rules (src/rules/rule.ts): the media type of a stream, a stream's token
 * count against the same request unstreamed, and the stream judge's rules (chat-stream.ts), one per
 * kind of finding, at the levels the suite's streaming checks give them: only the §4.1 token-id rule
 * is MUST (the chunk shape is "not shown"); the others rest on the OpenAI streaming convention.
 */
import type { StreamRule } from './chat-stream-verdict.js';
import type { Rule } from './rule.js';

/** The framing of a chat stream: Server-Sent Events ended by `data: [DONE]`. */
const STREAM_FRAMING_CONVENTION =
  'OpenAI/vLLM streaming: Server-Sent Events of chat.completion.chunk, ended by data: [DONE]';
/** The chunks of a chat stream. */
const CHUNK_CONVENTION = 'OpenAI chat.completion.chunk streaming format';

export const STREAM_RULES = {
  streamContentType: {
    side: 'server',
    name: 'stream-content-type',
    section: '§4.1',
    level: 'SHOULD',
    convention: STREAM_FRAMING_CONVENTION,
    requirement: 'A streamed chat completion (stream: true) is answered with Content-Type: text/event-stream.',
    checks: ['streaming.event-stream-content-type'],
    needs: 'a 2xx answer to stream: true',
  },
  streamedCount: {
    side: 'server',
    name: 'streamed-count-matches',
    section: '§4.1',
    level: 'SHOULD',
    convention:
      'vLLM streaming usage: the token_ids of the chunks add up to usage.completion_tokens of the same request unstreamed (vLLM streaming tests)',
    requirement:
      'A greedy seeded chat request (temperature 0, a seed, one choice) that gives the same text streamed and unstreamed gives the same number of completion tokens: token ids over the chunks and the usage chunk, against usage unstreamed.',
    checks: ['streaming.token-count-matches-non-streamed'],
    needs: 'the same greedy seeded chat request seen streamed and unstreamed (the pair), with the same text',
  },
} as const satisfies Record<string, Rule>;

/** The stream judge's rules (chat-stream.ts), one result each: a finding names the rule it breaks. */
export const STREAM_JUDGE_RULES = {
  json: {
    side: 'server',
    name: 'stream-json',
    section: '§4.1',
    level: 'SHOULD',
    convention: STREAM_FRAMING_CONVENTION,
    requirement: 'Every data: payload of the stream is a JSON value, except the [DONE] sentinel.',
    checks: ['streaming.data-payloads-are-json'],
    needs: 'a 2xx streamed chat answer',
  },
  'chunk-shape': {
    side: 'server',
    name: 'stream-chunk-shape',
    section: '§4.1',
    level: 'SHOULD',
    convention: CHUNK_CONVENTION,
    requirement:
      'The stream is made of chat.completion.chunk objects (object "chat.completion.chunk", a model, choices with index and delta): at least one, and every JSON payload one.',
    checks: ['streaming.chunks-are-chat-completion-chunks'],
    needs: 'a 2xx streamed chat answer',
  },
  'one-id': {
    side: 'server',
    name: 'stream-one-id',
    section: '§4.1',
    level: 'SHOULD',
    convention: CHUNK_CONVENTION,
    requirement: 'Every chunk of a stream carries the same id.',
    checks: ['streaming.one-id-across-chunks'],
    needs: 'a 2xx streamed chat answer',
  },
  'role-first': {
    side: 'server',
    name: 'stream-role-first',
    section: '§4.1',
    level: 'SHOULD',
    convention: CHUNK_CONVENTION,
    requirement: 'The first delta of each choice carries role "assistant".',
    checks: ['streaming.role-in-first-delta'],
    needs: 'a 2xx streamed chat answer',
  },
  'one-finish': {
    side: 'server',
    name: 'stream-one-finish',
    section: '§4.1',
    level: 'SHOULD',
    convention: CHUNK_CONVENTION,
    requirement: 'Each choice gets exactly one non-null finish_reason, on its last chunk.',
    checks: ['streaming.one-finish-reason-per-choice'],
    needs: 'a 2xx streamed chat answer',
  },
  indices: {
    side: 'server',
    name: 'stream-indices',
    section: '§4.1',
    level: 'SHOULD',
    convention: CHUNK_CONVENTION,
    requirement:
      'With n choices, the chunks carry exactly the choice indices 0..n-1, each an integer, none twice in one chunk.',
    checks: ['streaming.contiguous-choice-indices'],
    needs: 'a 2xx streamed chat answer (n > 1 to judge more than index 0)',
  },
  usage: {
    side: 'server',
    name: 'stream-usage',
    section: '§4.1',
    level: 'SHOULD',
    convention: CHUNK_CONVENTION,
    requirement:
      'With stream_options.include_usage, one chunk with empty choices carries usage as the last chunk before [DONE], and total_tokens = prompt_tokens + completion_tokens.',
    checks: ['streaming.usage-chunk-last-and-adds-up'],
    needs: 'a stream asked with stream_options.include_usage',
  },
  'done-last': {
    side: 'server',
    name: 'stream-done-last',
    section: '§4.1',
    level: 'SHOULD',
    convention: STREAM_FRAMING_CONVENTION,
    requirement: 'Nothing but comments and blank lines follows data: [DONE].',
    checks: ['streaming.done-is-last'],
    needs: 'a 2xx streamed chat answer',
  },
  complete: {
    side: 'server',
    name: 'stream-complete',
    section: '§4.1',
    level: 'SHOULD',
    convention: STREAM_FRAMING_CONVENTION,
    requirement:
      'The stream is complete: it ends with data: [DONE] and no event is left without its blank line (a stream cut short is a failure).',
    checks: ['streaming.ends-with-done'],
    needs: 'a 2xx streamed chat answer',
  },
  'error-event': {
    side: 'server',
    name: 'stream-error-event',
    section: '§4.1',
    level: 'SHOULD',
    convention: STREAM_FRAMING_CONVENTION,
    requirement: 'A valid streamed request gets no {"error": …} event mid-stream.',
    checks: ['streaming.no-error-event'],
    needs: 'a 2xx streamed chat answer',
  },
  'token-ids': {
    side: 'server',
    name: 'stream-token-ids',
    section: '§4.1',
    level: 'MUST',
    requirement:
      'With return_token_ids in streaming mode, prompt_token_ids is in the first chunk and no other, and every chunk whose delta has content carries its token_ids.',
    checks: ['streaming.return-token-ids-deltas'],
    needs: 'a stream asked with return_token_ids',
  },
  'continuous-usage': {
    side: 'server',
    name: 'stream-continuous-usage',
    section: '§4.1',
    level: 'SHOULD',
    convention:
      'vLLM stream_options.continuous_usage_stats: cumulative usage on every chunk (vLLM streaming usage tests)',
    requirement:
      'With stream_options.continuous_usage_stats, every chunk with choices carries usage whose completion_tokens never decreases, and the final usage is not below it.',
    checks: ['streaming.continuous-usage-non-decreasing'],
    needs: 'a stream asked with stream_options.continuous_usage_stats',
  },
} as const satisfies Record<StreamRule, Rule>;

/** Every rule of the stream judge, in its order. */
export const STREAM_JUDGE_RULE_NAMES = Object.keys(STREAM_JUDGE_RULES) as readonly StreamRule[];

/** The stream rules judged only when the request asked for what they judge. */
export const STREAM_RULES_ASKED_FOR: ReadonlySet<StreamRule> = new Set(['token-ids', 'continuous-usage']);
