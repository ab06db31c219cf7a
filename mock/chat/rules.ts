/**
 * @module The cross-field rules of §4.1 and §7, with vLLM's wording (docs/conventions.md: "Rules
 * enforced by vLLM"). Single-field ranges live in the convention overlay schema, not here.
 */
import type { ChatRequest } from './types.js';

/** Most choices the mock generates for one request. */
const MAX_N = 128;
/** Most completion tokens one request may ask for across its choices. */
const MAX_TOTAL_TOKENS = 2 ** 20;

export interface RuleViolation {
  message: string;
  param: string | null;
}

export interface RuleOptions {
  priorityScheduling: boolean;
}

const STRUCTURED_KINDS = ['json', 'regex', 'choice', 'grammar', 'json_object', 'structural_tag'] as const;

/** The first rule the request breaks, or undefined. */
export function checkChatRules(req: ChatRequest, options: RuleOptions): RuleViolation | undefined {
  // §7 condition 1: priority other than 0 without priority scheduling.
  if (req.priority !== undefined && req.priority !== 0 && !options.priorityScheduling) {
    return { message: `Got priority ${req.priority} but Priority scheduling is not enabled.`, param: 'priority' };
  }
  // §7 condition 2, as the ecosystem's servers read it: only when both are sent as true.
  if (req.continue_final_message === true && req.add_generation_prompt === true) {
    return {
      message: 'Cannot set both `continue_final_message` and `add_generation_prompt` to True.',
      param: 'continue_final_message',
    };
  }
  // vLLM tests the Python truthiness of stream_options: `{}` and null pass.
  if (req.stream_options && Object.keys(req.stream_options).length > 0 && req.stream !== true) {
    return { message: 'Stream options can only be defined when `stream=True`.', param: 'stream_options' };
  }
  if (req.top_logprobs !== undefined && req.top_logprobs !== null && req.top_logprobs > 0 && req.logprobs !== true) {
    return { message: 'when using `top_logprobs`, `logprobs` must be set to true.', param: 'top_logprobs' };
  }
  if (
    req.prompt_logprobs !== undefined &&
    req.prompt_logprobs !== null &&
    req.prompt_logprobs > 0 &&
    req.stream === true
  ) {
    return { message: '`prompt_logprobs` are not available when `stream=True`.', param: 'prompt_logprobs' };
  }
  if (req.cache_salt === '') {
    return { message: "Parameter 'cache_salt' must be a non-empty string if provided.", param: 'cache_salt' };
  }
  if (req.stop?.some((s) => s === '')) {
    return { message: 'stop cannot contain an empty string.', param: 'stop' };
  }
  const n = req.n ?? 1;
  // A bound the mock model needs (a real server is bounded by its scheduler): without it, a huge n
  // generates choices until the process runs out of memory.
  if (n > MAX_N) return { message: `n must be at most ${MAX_N}, got ${n}.`, param: 'n' };
  const budget = req.max_completion_tokens ?? req.max_tokens;
  if (typeof budget === 'number' && n * budget > MAX_TOTAL_TOKENS) {
    return {
      message: `n × max tokens must be at most ${MAX_TOTAL_TOKENS} for one request, got ${n} × ${budget}.`,
      param: 'n',
    };
  }
  if (n > 1 && req.temperature === 0) {
    return { message: `n must be 1 when using greedy sampling, got ${n}.`, param: 'n' };
  }
  const maxTokens = req.max_completion_tokens ?? req.max_tokens;
  if (maxTokens !== undefined && maxTokens !== null && req.min_tokens !== undefined && req.min_tokens > maxTokens) {
    return {
      message: `min_tokens must be less than or equal to max_tokens=${maxTokens}, got ${req.min_tokens}.`,
      param: 'min_tokens',
    };
  }
  if (req.response_format?.type === 'json_schema' && !req.response_format.json_schema) {
    return {
      message: 'When response_format type is `json_schema`, `json_schema` must be set.',
      param: 'response_format',
    };
  }
  if (req.structured_outputs) {
    const so = req.structured_outputs;
    const kinds = STRUCTURED_KINDS.filter((k) => so[k] !== undefined && so[k] !== null);
    if (kinds.length > 1) {
      return {
        message: `You can only use one kind of structured outputs constraint but multiple are specified: ${kinds.join(', ')}.`,
        param: 'structured_outputs',
      };
    }
    if (kinds.length === 0) {
      return {
        message: 'You must use one kind of structured outputs constraint but none are specified.',
        param: 'structured_outputs',
      };
    }
    if (so.choice && so.choice.length === 0) {
      return { message: 'structured_outputs.choice must not be empty.', param: 'structured_outputs.choice' };
    }
  }
  const rd = req.repetition_detection;
  if (rd) {
    const max = rd.max_pattern_size ?? 0;
    const min = rd.min_pattern_size ?? 0;
    const count = rd.min_count ?? 0;
    if (max < 0 || min < 0 || count < 0)
      return { message: 'repetition_detection sizes must be >= 0.', param: 'repetition_detection' };
    if (min > max)
      return {
        message: `min_pattern_size (${min}) must be <= max_pattern_size (${max}).`,
        param: 'repetition_detection',
      };
    if (max > 0 && count < 2)
      return {
        message: `min_count must be >= 2 when max_pattern_size > 0, got ${count}.`,
        param: 'repetition_detection',
      };
  }
  return undefined;
}
