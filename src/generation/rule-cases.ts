/** @module One patch per vLLM request rule (§7 among them) breaking exactly that rule, and its modes. */
import type { ChatMode } from './realistic/chat-request.js';
import type { VllmRuleId } from '../rules/vllm-request-rules.js';

export interface RuleCase {
  readonly rule: VllmRuleId;
  /** §7 states it; the others are the conventions' (vLLM). */
  readonly section: '§7' | 'conventions';
  /** The modes the rule applies in (some are about `stream` itself). */
  readonly modes: readonly ChatMode[];
  /** Fields merged onto the minimal request (with its `max_completion_tokens` of `maxTokens`). */
  patch(maxTokens: number): Record<string, unknown>;
}

const BOTH: readonly ChatMode[] = ['non-streamed', 'streamed'];
const PREFILL = [
  { role: 'user', content: 'Count from one to five.' },
  { role: 'assistant', content: 'One, two,' },
];
const fixed = (
  rule: VllmRuleId,
  fields: Record<string, unknown> | RuleCase['patch'],
  modes: readonly ChatMode[] = BOTH,
  section: RuleCase['section'] = 'conventions',
): RuleCase => ({ rule, section, modes, patch: typeof fields === 'function' ? fields : () => fields });

export const RULE_CASES: readonly RuleCase[] = [
  fixed('stream-options-without-stream', { stream_options: { include_usage: true } }, ['non-streamed']),
  fixed('top-logprobs-without-logprobs', { top_logprobs: 2 }),
  fixed('top-logprobs-max', { logprobs: true, top_logprobs: 21 }),
  fixed('prompt-logprobs-with-stream', { prompt_logprobs: 1 }, ['streamed']),
  fixed(
    'continue-with-generation-prompt',
    { messages: PREFILL, continue_final_message: true, add_generation_prompt: true },
    BOTH,
    '§7',
  ),
  fixed('empty-cache-salt', { cache_salt: '' }),
  fixed('json-schema-missing', { response_format: { type: 'json_schema' } }),
  fixed('structured-outputs-one-kind', { structured_outputs: { regex: '(yes|no)', choice: ['yes', 'no'] } }),
  fixed('structured-outputs-empty-choice', { structured_outputs: { choice: [] } }),
  fixed('repetition-detection', { repetition_detection: { max_pattern_size: 2, min_pattern_size: 4, min_count: 3 } }),
  fixed('n-min', { n: 0 }),
  fixed('n-greedy', { n: 2, temperature: 0 }),
  fixed('temperature-range', { temperature: 2.5 }),
  fixed('top-p-range', { top_p: 0 }),
  fixed('top-k-range', { top_k: -2 }),
  fixed('min-p-range', { min_p: 1.5 }),
  fixed('presence-penalty-range', { presence_penalty: 2.5 }),
  fixed('frequency-penalty-range', { frequency_penalty: -2.5 }),
  fixed('repetition-penalty-range', { repetition_penalty: 0 }),
  fixed('max-tokens-min', { max_completion_tokens: undefined, max_tokens: 0 }),
  fixed('max-completion-tokens-min', { max_completion_tokens: 0 }),
  fixed('min-tokens-above-max', (maxTokens) => ({ min_tokens: maxTokens + 1 })),
  fixed('empty-stop', { stop: [''] }),
  fixed('priority-without-scheduling', { priority: 1 }, BOTH, '§7'),
];
