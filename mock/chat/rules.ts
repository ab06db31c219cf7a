/** @module The cross-field rules of §4.1 and §7, in vLLM's words (single-field ranges live in the overlay schema). */
import type { ChatRequest } from './types.js';

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

export function checkChatRules(req: ChatRequest, options: RuleOptions): RuleViolation | undefined {
  return requestRule(req, options) ?? choiceRule(req) ?? structuredRule(req) ?? repetitionRule(req);
}

export const broken = (param: string, message: string): RuleViolation => ({ message, param });

function requestRule(req: ChatRequest, options: RuleOptions): RuleViolation | undefined {
  // §7 condition 1: priority other than 0 without priority scheduling.
  if (req.priority !== undefined && req.priority !== 0 && !options.priorityScheduling)
    return broken('priority', `Got priority ${req.priority} but Priority scheduling is not enabled.`);
  // §7 condition 2, as the ecosystem's servers read it: only when both are sent as true.
  if (req.continue_final_message === true && req.add_generation_prompt === true)
    return broken(
      'continue_final_message',
      'Cannot set both `continue_final_message` and `add_generation_prompt` to True.',
    );
  // vLLM tests the Python truthiness of stream_options: `{}` and null pass.
  if (req.stream_options && Object.keys(req.stream_options).length > 0 && req.stream !== true)
    return broken('stream_options', 'Stream options can only be defined when `stream=True`.');
  if ((req.top_logprobs ?? 0) > 0 && req.logprobs !== true)
    return broken('top_logprobs', 'when using `top_logprobs`, `logprobs` must be set to true.');
  if ((req.prompt_logprobs ?? 0) > 0 && req.stream === true)
    return broken('prompt_logprobs', '`prompt_logprobs` are not available when `stream=True`.');
  if (req.cache_salt === '')
    return broken('cache_salt', "Parameter 'cache_salt' must be a non-empty string if provided.");
  if (req.stop?.some((s) => s === '')) return broken('stop', 'stop cannot contain an empty string.');
  return undefined;
}

function choiceRule(req: ChatRequest): RuleViolation | undefined {
  const n = req.n ?? 1;
  // A bound the mock model needs (a real server's is its scheduler): a huge n would exhaust memory.
  if (n > MAX_N) return broken('n', `n must be at most ${MAX_N}, got ${n}.`);
  const budget = req.max_completion_tokens ?? req.max_tokens;
  if (typeof budget === 'number' && n * budget > MAX_TOTAL_TOKENS)
    return broken('n', `n × max tokens must be at most ${MAX_TOTAL_TOKENS} for one request, got ${n} × ${budget}.`);
  if (n > 1 && req.temperature === 0) return broken('n', `n must be 1 when using greedy sampling, got ${n}.`);
  if (budget != null && req.min_tokens !== undefined && req.min_tokens > budget)
    return broken(
      'min_tokens',
      `min_tokens must be less than or equal to max_tokens=${budget}, got ${req.min_tokens}.`,
    );
  return undefined;
}

function structuredRule(req: ChatRequest): RuleViolation | undefined {
  if (req.response_format?.type === 'json_schema' && !req.response_format.json_schema)
    return broken('response_format', 'When response_format type is `json_schema`, `json_schema` must be set.');
  const so = req.structured_outputs;
  if (!so) return undefined;
  const kinds = STRUCTURED_KINDS.filter((k) => so[k] !== undefined && so[k] !== null);
  if (kinds.length > 1)
    return broken(
      'structured_outputs',
      `You can only use one kind of structured outputs constraint but multiple are specified: ${kinds.join(', ')}.`,
    );
  if (kinds.length === 0)
    return broken(
      'structured_outputs',
      'You must use one kind of structured outputs constraint but none are specified.',
    );
  if (so.choice && so.choice.length === 0)
    return broken('structured_outputs.choice', 'structured_outputs.choice must not be empty.');
  return undefined;
}

function repetitionRule(req: ChatRequest): RuleViolation | undefined {
  const rd = req.repetition_detection;
  if (!rd) return undefined;
  const max = rd.max_pattern_size ?? 0;
  const min = rd.min_pattern_size ?? 0;
  const count = rd.min_count ?? 0;
  if (max < 0 || min < 0 || count < 0)
    return broken('repetition_detection', 'repetition_detection sizes must be >= 0.');
  if (min > max)
    return broken('repetition_detection', `min_pattern_size (${min}) must be <= max_pattern_size (${max}).`);
  if (max > 0 && count < 2)
    return broken('repetition_detection', `min_count must be >= 2 when max_pattern_size > 0, got ${count}.`);
  return undefined;
}
