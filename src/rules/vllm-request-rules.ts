/**
 * @module The cross-field rules a vLLM server enforces on a chat request (conventions, §7), as a
 * predicate the realistic generator must never break.
 */

/** Every rule the predicate judges, by id (the coverage model has an item per rule and mode). */
export const VLLM_RULE_IDS = [
  'stream-options-without-stream',
  'top-logprobs-without-logprobs',
  'top-logprobs-max',
  'prompt-logprobs-with-stream',
  'continue-with-generation-prompt',
  'empty-cache-salt',
  'json-schema-missing',
  'structured-outputs-one-kind',
  'structured-outputs-empty-choice',
  'repetition-detection',
  'n-min',
  'n-greedy',
  'temperature-range',
  'top-p-range',
  'top-k-range',
  'min-p-range',
  'presence-penalty-range',
  'frequency-penalty-range',
  'repetition-penalty-range',
  'max-tokens-min',
  'max-completion-tokens-min',
  'min-tokens-above-max',
  'empty-stop',
  'priority-without-scheduling',
] as const;
export type VllmRuleId = (typeof VLLM_RULE_IDS)[number];

/** One rule broken, in the convention's words. */
export interface RuleViolation {
  readonly rule: VllmRuleId;
  readonly message: string;
}

const STRUCTURED_KINDS = ['json', 'regex', 'choice', 'grammar', 'json_object', 'structural_tag'] as const;

/** A number field's value (read by name: one object shape per site, not a keyed read per field). */
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

const set = (v: unknown): boolean => v !== undefined && v !== null;

/** The vLLM request rules `request` breaks (empty when a vLLM server would accept it). */
export function vllmRuleViolations(request: Record<string, unknown>): RuleViolation[] {
  const out: RuleViolation[] = [];
  const broken = (rule: VllmRuleId, message: string): void => void out.push({ rule, message });
  const r = request;
  const so = r.stream_options as Record<string, unknown> | null | undefined;
  if (so && Object.keys(so).length > 0 && r.stream !== true)
    broken('stream-options-without-stream', 'Stream options can only be defined when `stream=True`.');
  if (typeof r.top_logprobs === 'number' && r.top_logprobs > 0 && r.logprobs !== true)
    broken('top-logprobs-without-logprobs', 'when using `top_logprobs`, `logprobs` must be set to true.');
  if (typeof r.top_logprobs === 'number' && r.top_logprobs > 20)
    broken('top-logprobs-max', '`top_logprobs` above the server maximum (20).');
  if (typeof r.prompt_logprobs === 'number' && r.prompt_logprobs > 0 && r.stream === true)
    broken('prompt-logprobs-with-stream', '`prompt_logprobs` is not supported with streaming.');
  if (r.continue_final_message === true && r.add_generation_prompt === true)
    broken(
      'continue-with-generation-prompt',
      'Cannot set both `continue_final_message` and `add_generation_prompt` to True.',
    );
  if (r.cache_salt === '') broken('empty-cache-salt', "Parameter 'cache_salt' must be a non-empty string if provided.");
  const rf = r.response_format as Record<string, unknown> | undefined;
  if (rf && rf.type === 'json_schema' && !set(rf.json_schema))
    broken('json-schema-missing', '`response_format.type` json_schema requires `json_schema`.');
  const st = r.structured_outputs as Record<string, unknown> | undefined;
  if (st) {
    const kinds = STRUCTURED_KINDS.filter((k) => set(st[k]) && st[k] !== false);
    if (kinds.length !== 1)
      broken(
        'structured-outputs-one-kind',
        'exactly one of json/regex/choice/grammar/json_object/structural_tag must be set.',
      );
    if (Array.isArray(st.choice) && st.choice.length === 0)
      broken('structured-outputs-empty-choice', '`choice` must not be empty.');
  }
  const rd = r.repetition_detection as Record<string, number> | undefined;
  if (rd) {
    const max = rd.max_pattern_size ?? 0;
    const min = rd.min_pattern_size ?? 0;
    if (max < 0 || min < 0 || min > max || (max > 0 && (rd.min_count ?? 0) < 2))
      broken('repetition-detection', 'invalid repetition_detection sizes.');
  }
  const n = num(r.n);
  const temperature = num(r.temperature);
  if (n !== undefined && n < 1) broken('n-min', '`n` must be at least 1.');
  if (n !== undefined && n > 1 && temperature === 0)
    broken('n-greedy', '`n` above 1 with greedy sampling (temperature 0).');
  if (temperature !== undefined && (temperature < 0 || temperature > 2))
    broken('temperature-range', '`temperature` must be in [0, 2].');
  const topP = num(r.top_p);
  if (topP !== undefined && (topP <= 0 || topP > 1)) broken('top-p-range', '`top_p` must be in (0, 1].');
  const topK = num(r.top_k);
  if (topK !== undefined && topK < 1 && topK !== 0 && topK !== -1)
    broken('top-k-range', '`top_k` must be -1, 0 or at least 1.');
  const minP = num(r.min_p);
  if (minP !== undefined && (minP < 0 || minP > 1)) broken('min-p-range', '`min_p` must be in [0, 1].');
  const outOfPenalty = (v: number | undefined): boolean => v !== undefined && (v < -2 || v > 2);
  if (outOfPenalty(num(r.presence_penalty))) broken('presence-penalty-range', '`presence_penalty` must be in [-2, 2].');
  if (outOfPenalty(num(r.frequency_penalty)))
    broken('frequency-penalty-range', '`frequency_penalty` must be in [-2, 2].');
  const rp = num(r.repetition_penalty);
  if (rp !== undefined && rp <= 0) broken('repetition-penalty-range', '`repetition_penalty` must be above 0.');
  const maxTokens = num(r.max_tokens);
  const maxCompletion = num(r.max_completion_tokens);
  const max = maxCompletion ?? maxTokens;
  if (maxTokens !== undefined && maxTokens < 1) broken('max-tokens-min', '`max_tokens` must be at least 1.');
  if (maxCompletion !== undefined && maxCompletion < 1)
    broken('max-completion-tokens-min', '`max_completion_tokens` must be at least 1.');
  const minTokens = num(r.min_tokens);
  if (minTokens !== undefined && max !== undefined && minTokens > max)
    broken('min-tokens-above-max', '`min_tokens` must not exceed the max tokens.');
  if (Array.isArray(r.stop) && r.stop.some((s) => s === ''))
    broken('empty-stop', '`stop` must not contain an empty string.');
  if (typeof r.priority === 'number' && r.priority !== 0)
    broken('priority-without-scheduling', 'Got priority P but Priority scheduling is not enabled.');
  return out;
}
