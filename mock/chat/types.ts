/** @module The §4.1 request fields the mock reads (already validated against the schemas). */

export interface ChatMessage {
  role: string;
  content?: string | Array<Record<string, unknown>> | null;
  name?: string;
}

interface StructuredOutputs {
  json?: string | null;
  regex?: string | null;
  choice?: string[] | null;
  grammar?: string | null;
  json_object?: boolean | null;
  structural_tag?: string | null;
}

export interface ChatRequest {
  messages: ChatMessage[];
  model?: string | null;
  logprobs?: boolean | null;
  top_logprobs?: number | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  n?: number | null;
  response_format?: { type?: string; json_schema?: { name?: string; schema?: Record<string, unknown> } };
  seed?: number | null;
  stop?: string[];
  stop_token_ids?: number[] | null;
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean; continuous_usage_stats?: boolean } | null;
  temperature?: number | null;
  reasoning_effort?: 'low' | 'medium' | 'high' | null;
  include_reasoning?: boolean;
  ignore_eos?: boolean;
  min_tokens?: number;
  include_stop_str_in_output?: boolean;
  truncate_prompt_tokens?: number | null;
  prompt_logprobs?: number | null;
  echo?: boolean;
  add_generation_prompt?: boolean;
  continue_final_message?: boolean;
  add_special_tokens?: boolean;
  structured_outputs?: StructuredOutputs;
  priority?: number;
  request_id?: string;
  return_tokens_as_token_ids?: boolean | null;
  return_token_ids?: boolean | null;
  cache_salt?: string | null;
  repetition_detection?: { max_pattern_size?: number; min_pattern_size?: number; min_count?: number };
}
