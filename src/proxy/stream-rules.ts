/**
 * @module The stream judge's rules (src/kit/chat-stream.ts) as proxy rules, one result each, at the
 * levels the suite's streaming checks give them: only the §4.1 token-id rule is MUST (the chunk
 * shape is "not shown"); the others rest on the OpenAI streaming convention.
 */
import type { StreamRule } from '../kit/chat-stream-verdict.js';
import type { RuleDoc } from './rule-docs.js';
import { type ProxyRule, STREAM_CONVENTION } from './rules.js';

const STREAM_DOCS: Readonly<Record<StreamRule, RuleDoc>> = {
  json: { shares: ['streaming.data-payloads-are-json'], needs: 'a 2xx streamed chat answer' },
  'chunk-shape': { shares: ['streaming.chunks-are-chat-completion-chunks'], needs: 'a 2xx streamed chat answer' },
  'one-id': { shares: ['streaming.one-id-across-chunks'], needs: 'a 2xx streamed chat answer' },
  'role-first': { shares: ['streaming.role-in-first-delta'], needs: 'a 2xx streamed chat answer' },
  'one-finish': { shares: ['streaming.one-finish-reason-per-choice'], needs: 'a 2xx streamed chat answer' },
  indices: {
    shares: ['streaming.contiguous-choice-indices'],
    needs: 'a 2xx streamed chat answer (n > 1 to judge more than index 0)',
  },
  usage: {
    shares: ['streaming.usage-chunk-last-and-adds-up'],
    needs: 'a stream asked with stream_options.include_usage',
  },
  'done-last': { shares: ['streaming.done-is-last'], needs: 'a 2xx streamed chat answer' },
  complete: { shares: ['streaming.ends-with-done'], needs: 'a 2xx streamed chat answer' },
  'error-event': { shares: ['streaming.no-error-event'], needs: 'a 2xx streamed chat answer' },
  'token-ids': { shares: ['streaming.return-token-ids-deltas'], needs: 'a stream asked with return_token_ids' },
  'continuous-usage': {
    shares: ['streaming.continuous-usage-non-decreasing'],
    needs: 'a stream asked with stream_options.continuous_usage_stats',
  },
};

/** The doc of a stream judge's rule. */
export function streamRuleDoc(rule: StreamRule): RuleDoc {
  return STREAM_DOCS[rule];
}

/** The stream judge's rules (one result each), with the words of the suite's streaming checks. */
const STREAM_REQUIREMENTS: Readonly<Record<StreamRule, string>> = {
  json: 'Every data: payload of the stream is JSON, except the data: [DONE] terminator.',
  'chunk-shape':
    'The stream is made of chat.completion.chunk objects (object "chat.completion.chunk", each naming its model, choices with index and delta).',
  'one-id': 'All chunks of one stream share one id.',
  'role-first': 'The first delta of each choice carries role "assistant".',
  'one-finish': 'Each choice gets exactly one finish_reason, on its last chunk.',
  indices: 'Choice indices are 0..n-1, every one present.',
  usage:
    'With stream_options.include_usage, one usage chunk (empty choices) comes last before data: [DONE], and its usage adds up.',
  'done-last': 'Nothing follows data: [DONE].',
  complete: 'The stream ends with data: [DONE], not cut short.',
  'error-event': 'No error event inside a 2xx stream.',
  'token-ids':
    '§4.1 return_token_ids in streaming mode: prompt_token_ids only in the first chunk, token_ids on every content delta.',
  'continuous-usage':
    'With stream_options.continuous_usage_stats, every content chunk carries usage, completion_tokens never decreasing.',
};

/** Every rule of the stream judge, in its order. */
export const STREAM_RULES = Object.keys(STREAM_REQUIREMENTS) as readonly StreamRule[];

/** The stream rules judged only when the request asked for what they judge. */
export const STREAM_RULES_ASKED_FOR: ReadonlySet<StreamRule> = new Set(['token-ids', 'continuous-usage']);

const STREAM_RULE_TABLE = new Map<StreamRule, ProxyRule>(
  STREAM_RULES.map((rule) => [
    rule,
    rule === 'token-ids'
      ? {
          side: 'server',
          name: `stream-${rule}`,
          section: '§4.1',
          level: 'MUST',
          requirement: STREAM_REQUIREMENTS[rule],
        }
      : {
          side: 'server',
          name: `stream-${rule}`,
          section: '§4.1',
          level: 'SHOULD',
          convention: STREAM_CONVENTION,
          requirement: STREAM_REQUIREMENTS[rule],
        },
  ]),
);

/** The proxy rule of a stream judge's rule. */
export function ruleOfStream(rule: StreamRule): ProxyRule {
  return STREAM_RULE_TABLE.get(rule)!;
}
