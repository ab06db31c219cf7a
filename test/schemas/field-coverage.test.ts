/**
 * The field names of every table in §2 and §4 of the interface, held here (not read from the
 * interface document, which this project never reads), and checked against the schemas: a schema
 * that lacks a field of its table fails, and so does a spec-level schema with a property no table
 * names (a misspelling, or a field that belongs in a convention overlay).
 */
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../src/schemas/registry.js';
import { SchemaWalker } from './helpers.js';

interface Table {
  /** Where the table is in the interface. */
  readonly section: string;
  /** Registry name of the schema. */
  readonly schema: string;
  /** Dot-separated property path inside the schema ('' for the top level; arrays are stepped through). */
  readonly path: string;
  readonly fields: readonly string[];
  /** The schema's properties at `path` are exactly the table's (no extra ones). */
  readonly exact?: boolean;
}

const CHAT_REQUEST = 'chat/chat-completion-request';
const CHAT_RESPONSE = 'chat/chat-completion-response';

const TABLES: readonly Table[] = [
  // §2.1–§2.5
  {
    section: '§2.1 Prediction',
    schema: 'records/prediction',
    path: '',
    exact: true,
    fields: ['prediction_id', 'model', 'inputs', 'output', 'evaluation_run_id', 'svc_user_id'],
  },
  {
    section: '§2.1 Prediction (list element, §4.5)',
    schema: 'records/prediction-list',
    path: '',
    fields: ['prediction_id', 'model', 'inputs', 'output', 'evaluation_run_id', 'svc_user_id'],
  },
  {
    section: '§2.2 Score',
    schema: 'records/score',
    path: '',
    exact: true,
    fields: ['score_id', 'scorer', 'value', 'evaluation_run_id', 'svc_user_id'],
  },
  {
    section: '§2.2 Score (list element, §4.7)',
    schema: 'records/score-list',
    path: '',
    fields: ['score_id', 'scorer', 'value', 'evaluation_run_id', 'svc_user_id'],
  },
  { section: '§2.3 Training job', schema: 'training/training-job', path: '', exact: true, fields: ['id'] },
  {
    section: '§2.4 Trajectory group',
    schema: 'training/trajectory-group',
    path: '',
    exact: true,
    fields: ['trajectories'],
  },
  {
    section: '§2.4 Trajectory',
    schema: 'training/trajectory',
    path: '',
    exact: true,
    fields: [
      'messages_and_choices',
      'tools',
      'additional_histories',
      'reward',
      'initial_policy_version',
      'final_policy_version',
      'metrics',
      'metadata',
      'logs',
      'start_time',
    ],
  },
  {
    section: '§2.4 Trajectory tool',
    schema: 'training/trajectory',
    path: 'tools',
    exact: true,
    fields: ['type', 'function'],
  },
  {
    section: '§2.4 Trajectory tool function',
    schema: 'training/trajectory',
    path: 'tools.function',
    exact: true,
    fields: ['name', 'description', 'parameters', 'strict'],
  },
  {
    section: '§2.5 Chat message',
    schema: 'chat/chat-message',
    path: '',
    exact: true,
    fields: ['content', 'role', 'name'],
  },
  {
    section: '§2.5 Chat message (in the §4.1 request)',
    schema: CHAT_REQUEST,
    path: 'messages',
    fields: ['content', 'role', 'name'],
  },

  // §4.1 request
  {
    section: '§4.1 Request body',
    schema: CHAT_REQUEST,
    path: '',
    exact: true,
    fields: [
      'messages',
      'model',
      'frequency_penalty',
      'logit_bias',
      'logprobs',
      'top_logprobs',
      'max_tokens',
      'max_completion_tokens',
      'n',
      'presence_penalty',
      'response_format',
      'seed',
      'stop',
      'stream',
      'stream_options',
      'temperature',
      'top_p',
      'tools',
      'tool_choice',
      'reasoning_effort',
      'include_reasoning',
      'parallel_tool_calls',
      'user',
      'use_beam_search',
      'top_k',
      'min_p',
      'repetition_penalty',
      'length_penalty',
      'stop_token_ids',
      'include_stop_str_in_output',
      'ignore_eos',
      'min_tokens',
      'skip_special_tokens',
      'spaces_between_special_tokens',
      'truncate_prompt_tokens',
      'prompt_logprobs',
      'allowed_token_ids',
      'bad_words',
      'echo',
      'add_generation_prompt',
      'continue_final_message',
      'add_special_tokens',
      'documents',
      'chat_template',
      'chat_template_kwargs',
      'mm_processor_kwargs',
      'structured_outputs',
      'priority',
      'request_id',
      'return_tokens_as_token_ids',
      'return_token_ids',
      'cache_salt',
      'kv_transfer_params',
      'engine_xargs',
      'repetition_detection',
    ],
  },
  {
    section: '§4.1 response_format',
    schema: CHAT_REQUEST,
    path: 'response_format',
    exact: true,
    fields: ['type', 'json_schema'],
  },
  {
    section: '§4.1 response_format.json_schema',
    schema: CHAT_REQUEST,
    path: 'response_format.json_schema',
    exact: true,
    fields: ['name', 'description', 'schema', 'strict'],
  },
  {
    section: '§4.1 stream_options',
    schema: CHAT_REQUEST,
    path: 'stream_options',
    exact: true,
    fields: ['include_usage', 'continuous_usage_stats'],
  },
  { section: '§4.1 tools', schema: CHAT_REQUEST, path: 'tools', exact: true, fields: ['type', 'function'] },
  {
    section: '§4.1 tools[].function',
    schema: CHAT_REQUEST,
    path: 'tools.function',
    exact: true,
    fields: ['name', 'description', 'parameters'],
  },
  {
    section: '§4.1 structured_outputs',
    schema: CHAT_REQUEST,
    path: 'structured_outputs',
    exact: true,
    fields: [
      'json',
      'regex',
      'choice',
      'grammar',
      'json_object',
      'disable_fallback',
      'disable_any_whitespace',
      'disable_additional_properties',
      'whitespace_pattern',
      'structural_tag',
      '_backend',
      '_backend_was_auto',
    ],
  },
  {
    section: '§4.1 repetition_detection',
    schema: CHAT_REQUEST,
    path: 'repetition_detection',
    exact: true,
    fields: ['max_pattern_size', 'min_pattern_size', 'min_count'],
  },

  // §4.1 response
  {
    section: '§4.1 Response body',
    schema: CHAT_RESPONSE,
    path: '',
    exact: true,
    fields: [
      'model',
      'choices',
      'usage',
      'id',
      'object',
      'created',
      'service_tier',
      'system_fingerprint',
      'prompt_logprobs',
      'prompt_token_ids',
      'kv_transfer_params',
    ],
  },
  {
    section: '§4.1 Choice',
    schema: CHAT_RESPONSE,
    path: 'choices',
    exact: true,
    fields: ['index', 'message', 'logprobs', 'finish_reason', 'stop_reason', 'token_ids'],
  },
  {
    section: '§4.1 Choice logprobs',
    schema: CHAT_RESPONSE,
    path: 'choices.logprobs',
    exact: true,
    fields: ['content'],
  },
  {
    section: '§4.1 Choice logprobs.content[]',
    schema: CHAT_RESPONSE,
    path: 'choices.logprobs.content',
    exact: true,
    fields: ['token', 'logprob', 'bytes', 'top_logprobs'],
  },
  {
    section: '§4.1 Choice logprobs.content[].top_logprobs[]',
    schema: CHAT_RESPONSE,
    path: 'choices.logprobs.content.top_logprobs',
    exact: true,
    fields: ['token', 'logprob', 'bytes'],
  },
  {
    section: '§4.1 Message in a choice',
    schema: CHAT_RESPONSE,
    path: 'choices.message',
    exact: true,
    fields: ['role', 'content', 'refusal', 'annotations', 'audio', 'function_call', 'tool_calls', 'reasoning'],
  },
  {
    section: '§4.1 Message annotations',
    schema: CHAT_RESPONSE,
    path: 'choices.message.annotations',
    exact: true,
    fields: ['type', 'url_citation'],
  },
  {
    section: '§4.1 Message annotations.url_citation',
    schema: CHAT_RESPONSE,
    path: 'choices.message.annotations.url_citation',
    exact: true,
    fields: ['end_index', 'start_index', 'title', 'url'],
  },
  {
    section: '§4.1 Message audio',
    schema: CHAT_RESPONSE,
    path: 'choices.message.audio',
    exact: true,
    fields: ['id', 'data', 'expires_at', 'transcript'],
  },
  {
    section: '§4.1 Message function_call',
    schema: CHAT_RESPONSE,
    path: 'choices.message.function_call',
    exact: true,
    fields: ['name', 'arguments'],
  },
  {
    section: '§4.1 Message tool_calls[]',
    schema: CHAT_RESPONSE,
    path: 'choices.message.tool_calls',
    exact: true,
    fields: ['id', 'type', 'function'],
  },
  {
    section: '§4.1 Message tool_calls[].function',
    schema: CHAT_RESPONSE,
    path: 'choices.message.tool_calls.function',
    exact: true,
    fields: ['name', 'arguments'],
  },
  {
    section: '§4.1 Usage',
    schema: CHAT_RESPONSE,
    path: 'usage',
    exact: true,
    fields: ['prompt_tokens', 'total_tokens', 'completion_tokens', 'prompt_tokens_details'],
  },
  {
    section: '§4.1 Usage prompt_tokens_details',
    schema: CHAT_RESPONSE,
    path: 'usage.prompt_tokens_details',
    exact: true,
    fields: ['cached_tokens'],
  },

  // §4.2–§4.4
  {
    section: '§4.2 Request body',
    schema: 'training/training-job-create-request',
    path: '',
    exact: true,
    fields: ['model_id', 'trajectory_groups', 'experimental_config'],
  },
  {
    section: '§4.2 Request trajectory groups (§2.4)',
    schema: 'training/training-job-create-request',
    path: 'trajectory_groups.trajectories',
    fields: [
      'messages_and_choices',
      'tools',
      'additional_histories',
      'reward',
      'initial_policy_version',
      'final_policy_version',
      'metrics',
      'metadata',
      'logs',
      'start_time',
    ],
  },
  {
    section: '§4.2 experimental_config',
    schema: 'training/training-job-create-request',
    path: 'experimental_config',
    exact: true,
    fields: [
      'advantage_balance',
      'epsilon',
      'epsilon_high',
      'importance_sampling_level',
      'k2_tau',
      'learning_rate',
      'mask_prob_ratio',
      'max_negative_advantage_importance_sampling_weight',
      'ppo',
      'precalculate_logprobs',
      'scale_rewards',
    ],
  },
  {
    section: '§4.2 experimental_config (convention overlay)',
    schema: 'conventions/training-job-create-request',
    path: 'experimental_config',
    exact: true,
    fields: [
      'advantage_balance',
      'epsilon',
      'epsilon_high',
      'importance_sampling_level',
      'k2_tau',
      'learning_rate',
      'mask_prob_ratio',
      'max_negative_advantage_importance_sampling_weight',
      'ppo',
      'precalculate_logprobs',
      'scale_rewards',
    ],
  },
  { section: '§4.2/§4.3 Response', schema: 'training/training-job', path: '', fields: ['id'] },
  {
    section: '§4.4 Request body',
    schema: 'training/log-trajectories-request',
    path: '',
    exact: true,
    fields: ['split', 'trajectory_groups'],
  },
  {
    section: '§4.4 Request trajectory groups (§2.4)',
    schema: 'training/log-trajectories-request',
    path: 'trajectory_groups.trajectories',
    fields: [
      'messages_and_choices',
      'tools',
      'additional_histories',
      'reward',
      'initial_policy_version',
      'final_policy_version',
      'metrics',
      'metadata',
      'logs',
      'start_time',
    ],
  },

  // §4.3–§4.8 parameters (the §4.5/§4.7 query names are not shown; these are the configured defaults)
  {
    section: '§4.3–§4.8 Path parameters',
    schema: 'params/path-params',
    path: '',
    exact: true,
    fields: ['training_job_id', 'model_id', 'entity', 'project', 'prediction_id', 'score_id'],
  },
  {
    section: '§4.5/§4.7 Query parameters',
    schema: 'params/list-query',
    path: '',
    exact: true,
    fields: ['evaluation_run_id', 'limit', 'offset'],
  },

  // §7
  { section: '§7 Validation error', schema: 'errors/validation-error', path: '', exact: true, fields: ['detail'] },
  {
    section: '§7 Validation error detail[]',
    schema: 'errors/validation-error',
    path: 'detail',
    exact: true,
    fields: ['loc', 'msg', 'type'],
  },
];

const walker = new SchemaWalker(loadRegistry());

describe('field coverage of the §2 and §4 tables', () => {
  it.each(TABLES.map((t) => [t.section, t] as const))('%s', (_section, table) => {
    const names = walker.propertyNames(table.schema, table.path);
    const missing = table.fields.filter((f) => !names.has(f));
    expect(missing, `${table.schema}${table.path ? ' at ' + table.path : ''} lacks fields of ${table.section}`).toEqual(
      [],
    );
    if (table.exact) {
      const extra = [...names].filter((n) => !table.fields.includes(n));
      expect(extra, `${table.schema}${table.path ? ' at ' + table.path : ''} has fields no table names`).toEqual([]);
    }
  });

  it('the §4.1 request table has its 55 fields (guards the list above against a lost line)', () => {
    expect(TABLES.find((t) => t.section === '§4.1 Request body')?.fields).toHaveLength(55);
  });
});
