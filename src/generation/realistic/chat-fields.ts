/** @module The §4.1 request fields as realistic values, one arbitrary per optional field (rules: chat-request.ts). */
import fc from 'fast-check';
import { corpus, pick } from './corpus.js';
import { functionTools } from './tools.js';

const hundredths = (min: number, max: number): fc.Arbitrary<number> =>
  fc.integer({ min: min * 100, max: max * 100 }).map((x) => x / 100);
const tenths = (min: number, max: number): fc.Arbitrary<number> =>
  fc.integer({ min: min * 10, max: max * 10 }).map((x) => x / 10);

const STRUCTURED_SCHEMAS: readonly object[] = [
  { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
  {
    type: 'object',
    properties: {
      sentiment: { enum: ['positive', 'neutral', 'negative'] },
      score: { type: 'number', minimum: 0, maximum: 1 },
    },
    required: ['sentiment'],
  },
  { type: 'array', items: { type: 'string', maxLength: 20 }, maxItems: 3 },
];

/** A GBNF/EBNF grammar of the kind xgrammar and llguidance take. */
const GRAMMARS: readonly string[] = [
  'root ::= "yes" | "no"',
  'root ::= [0-9]+',
  'root ::= "The answer is " [a-z]+ "."',
];

/** A structural tag (vLLM: a JSON text naming tag begin/end markers and their schemas). */
const STRUCTURAL_TAGS: readonly string[] = [
  JSON.stringify({
    type: 'structural_tag',
    structures: [
      { begin: '<answer>', schema: { type: 'object', properties: { text: { type: 'string' } } }, end: '</answer>' },
    ],
    triggers: ['<answer>'],
  }),
];

/** The kinds of `structured_outputs` (vLLM: exactly one per request), each as a generator. */
export const STRUCTURED_KINDS = {
  json: pick(STRUCTURED_SCHEMAS).map((s) => ({ json: JSON.stringify(s) })),
  regex: fc.constantFrom('(yes|no)', '[0-9]{1,3}', '[a-z]+( [a-z]+){0,3}').map((regex) => ({ regex })),
  choice: fc.uniqueArray(pick(corpus.words), { minLength: 2, maxLength: 4 }).map((choice) => ({ choice })),
  grammar: pick(GRAMMARS).map((grammar) => ({ grammar })),
  json_object: fc.constant({ json_object: true }),
  structural_tag: pick(STRUCTURAL_TAGS).map((structural_tag) => ({ structural_tag })),
} as const;

/** The options that tune the structured-output backend (any of them, with any kind). */
const STRUCTURED_OPTIONS = {
  disable_fallback: fc.boolean(),
  disable_any_whitespace: fc.boolean(),
  disable_additional_properties: fc.boolean(),
  whitespace_pattern: fc.constantFrom('[ ]?', '[\\n\\t ]*'),
  _backend: fc.constantFrom('xgrammar', 'guidance', 'outlines'),
  _backend_was_auto: fc.boolean(),
};

/** One `structured_outputs` of the given kind, with some backend options (all of them when `every`). */
export function structuredOutputs(
  kind: keyof typeof STRUCTURED_KINDS,
  every = false,
): fc.Arbitrary<Record<string, unknown>> {
  const options = every ? fc.record(STRUCTURED_OPTIONS) : fc.record(STRUCTURED_OPTIONS, { requiredKeys: [] });
  return fc.tuple(STRUCTURED_KINDS[kind], options).map(([k, o]) => ({ ...k, ...o }));
}

/** The values of `response_format.type` the schema names, each as a generator. */
export const RESPONSE_FORMATS = {
  text: fc.constant({ type: 'text' }),
  json_object: fc.constant({ type: 'json_object' }),
  json_schema: fc
    .tuple(pick(STRUCTURED_SCHEMAS), pick(corpus.descriptions), fc.boolean())
    .map(([schema, description, strict]) => ({
      type: 'json_schema',
      json_schema: { name: 'reply', description, schema, strict },
    })),
} as const;

/** Either a `structured_outputs` or a `response_format` (vLLM takes one way of constraining output). */
const outputConstraint: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc
    .oneof(...(Object.keys(STRUCTURED_KINDS) as (keyof typeof STRUCTURED_KINDS)[]).map((k) => structuredOutputs(k)))
    .map((structured_outputs) => ({ structured_outputs })),
  fc.oneof(...Object.values(RESPONSE_FORMATS)).map((response_format) => ({ response_format })),
);

/** A Jinja chat template of the usual shape (role: content lines, then the generation prompt). */
const CHAT_TEMPLATES: readonly string[] = [
  "{% for message in messages %}{{ message['role'] }}: {{ message['content'] }}\n{% endfor %}{% if add_generation_prompt %}assistant:{% endif %}",
  "{% for message in messages %}<|{{ message['role'] }}|>\n{{ message['content'] }}</s>\n{% endfor %}{% if add_generation_prompt %}<|assistant|>\n{% endif %}",
];

/** §4.1: "Each document is advised to have `title` and `text` keys." */
const documents = fc.array(
  fc.tuple(pick(corpus.descriptions), pick(corpus.sentences)).map(([title, text]) => ({ title, text })),
  { minLength: 1, maxLength: 2 },
);

/** The free-form objects (§4.1 `*_kwargs`, `engine_xargs`) are sent empty: what they hold is the deployment's. */
const INERT: fc.Arbitrary<Record<string, never>> = fc.constant({});

/** The optional fields sent in both modes, with values in the vLLM ranges (conventions). */
export const OPTIONAL_FIELDS = {
  temperature: hundredths(0, 2),
  top_p: hundredths(0, 1).map((x) => (x === 0 ? 1 : x)),
  top_k: fc.oneof(fc.constant(-1), fc.integer({ min: 1, max: 100 })),
  min_p: hundredths(0, 1),
  presence_penalty: tenths(-2, 2),
  frequency_penalty: tenths(-2, 2),
  repetition_penalty: hundredths(0.5, 2),
  length_penalty: hundredths(0.5, 2),
  n: fc.integer({ min: 1, max: 2 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  stop: fc.uniqueArray(pick(corpus.words), { minLength: 1, maxLength: 2 }),
  logprobs: fc.boolean(),
  top_logprobs: fc.integer({ min: 0, max: 5 }),
  return_tokens_as_token_ids: fc.boolean(),
  user: pick(corpus.userNames),
  include_stop_str_in_output: fc.boolean(),
  ignore_eos: fc.boolean(),
  skip_special_tokens: fc.boolean(),
  spaces_between_special_tokens: fc.boolean(),
  include_reasoning: fc.boolean(),
  reasoning_effort: fc.constantFrom('low', 'medium', 'high'),
  parallel_tool_calls: fc.boolean(),
  add_generation_prompt: fc.constant(true),
  continue_final_message: fc.constant(false),
  add_special_tokens: fc.boolean(),
  echo: fc.boolean(),
  return_token_ids: fc.boolean(),
  request_id: fc.uuid(),
  cache_salt: pick(corpus.cacheSalts),
  priority: fc.constant(0),
  // §8: -1 keeps the whole prompt; a positive value keeps the last k prompt tokens.
  truncate_prompt_tokens: fc.oneof(fc.constant(-1), fc.integer({ min: 64, max: 1024 })),
  stop_token_ids: fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 2 }),
  allowed_token_ids: fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 8, maxLength: 16 }),
  logit_bias: fc
    .tuple(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: -10, max: 10 }))
    .map(([token, bias]) => ({ [String(token)]: bias })),
  bad_words: fc.uniqueArray(pick(corpus.words), { minLength: 1, maxLength: 2 }),
  output: outputConstraint,
  tools: functionTools(2),
  repetition_detection: fc.constantFrom({}, { max_pattern_size: 8, min_pattern_size: 2, min_count: 3 }),
  documents,
  chat_template: pick(CHAT_TEMPLATES),
  chat_template_kwargs: INERT,
  mm_processor_kwargs: INERT,
  kv_transfer_params: INERT,
  engine_xargs: INERT,
};
