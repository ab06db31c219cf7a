/** @module §4.1 fields that shape the output: stop strings, structured outputs, reasoning, echo, seeds. */
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { echoBreach, reasoningOf, reasoningOmittedBreach, stopStringsBreach } from '../../src/rules/chat-answer.js';
import {
  choiceContentProblem,
  jsonContentProblem,
  regexContentProblem,
  wholeMatch,
} from '../../src/rules/chat-structured.js';
import { contentOf, type Completion } from './chat-exchange.js';
import { answerIn, holdsIn, inBothModes, type ChatMode } from './in-mode.js';
import { VERDICT_SCHEMA, verdictProblem } from './verdict-schema.js';
import { PAIR_RULES } from '../../src/rules/pair-rules.js';
import { CHAT_ANSWER_RULES } from '../../src/rules/chat-answer-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';

// The stop string is taken from a first greedy, seeded answer, so it is likely met again.
export const stopStringsHonoured = defineCheck({
  id: 'chat-completions.stop-strings-honoured',
  ...checkIdentityOn(CHAT_ANSWER_RULES.stopStrings, 'chat.create'),
  async run(ctx) {
    const base = { temperature: 0, seed: 7, max_completion_tokens: ctx.target.maxCompletionTokens };
    const r0 = await answerIn(ctx, 'non-streamed', base, 'a greedy seeded request');
    if (!r0.ok) return r0.outcome;
    const text = contentOf(r0.body.choices[0]);
    const mid = Math.floor(text.length / 2);
    const stop = text.slice(mid, mid + 3).trim() || text.trim().slice(-1) || 'e';
    const shown = JSON.stringify(stop);
    const r = await answerIn(ctx, 'non-streamed', { ...base, stop: [stop] }, `a request with stop: [${shown}]`, {
      expected: `content without the stop string ${shown} (include_stop_str_in_output is false by default)`,
      breach: (body) => stopStringsBreach({ stop: [stop] }, body),
    });
    if (!r.ok) return r.outcome;
    const at = text.indexOf(stop);
    for (const c of r.body.choices) {
      // An answer cut exactly where the baseline holds the string was stopped by it: finish_reason
      // "stop", and vLLM's stop_reason (when present) names the string.
      if (c.index !== 0 || at < 0 || contentOf(c) !== text.slice(0, at)) continue;
      if (c.finish_reason !== 'stop')
        return r.failWith(
          `finish_reason "stop": the output was cut at the stop string ${shown}`,
          `finish_reason ${JSON.stringify(c.finish_reason)}`,
        );
      if (c.stop_reason !== undefined && c.stop_reason !== null && c.stop_reason !== stop)
        return r.failWith(
          `stop_reason ${shown} (the string that stopped the output) or null`,
          `stop_reason ${JSON.stringify(c.stop_reason)}`,
        );
    }
    if (!r.body.choices.some((c) => contentOf(c).length > 0))
      return skip(`the answer to stop: [${shown}] has no content in any choice: no stop string to look for`);
    const withStop = { stop: [stop], include_stop_str_in_output: true };
    const what = `a request with stop: [${shown}] and include_stop_str_in_output: true`;
    const r2 = await answerIn(ctx, 'non-streamed', { ...base, ...withStop }, what, {
      expected: `stopped by ${shown} with include_stop_str_in_output: the content ends with it`,
      breach: (body) => stopStringsBreach(withStop, body),
    });
    if (!r2.ok) return r2.outcome;
    const met = r2.body.choices.some((c) => c.stop_reason === stop);
    return pass([met ? `stop string ${shown} met` : `stop string ${shown} not met (the properties hold vacuously)`]);
  },
});

interface StructuredRule {
  readonly id: string;
  readonly convention: string;
  readonly requirement: string;
  readonly extra: Record<string, unknown>;
  readonly what: string;
  /** Why `content` breaks the constraint; `cut`: the answer was cut by the budget, so only a prefix is judged. */
  readonly judge: (content: string, cut: boolean) => string | undefined;
}

function structuredChecks(rule: StructuredRule): [CheckDefinition, CheckDefinition] {
  const { id, convention, requirement } = rule;
  return inBothModes({
    id,
    operation: 'chat.create',
    section: '§4.1',
    level: 'SHOULD',
    convention,
    requirement,
    run: (ctx, mode) => judgeStructured(ctx, mode, rule),
    schedule: { maxRequests: () => 1 },
  });
}

async function judgeStructured(ctx: CheckContext, mode: ChatMode, rule: StructuredRule): Promise<CheckOutcome> {
  const { extra, what, judge } = rule;
  const budget = ctx.target.maxCompletionTokens;
  const r = await answerIn(ctx, mode, { temperature: 0, max_completion_tokens: budget, ...extra }, what);
  if (!r.ok) return r.outcome;
  const notes: string[] = [];
  let judged = 0;
  for (const c of (r.body as Completion).choices) {
    const cut = c.finish_reason === 'length';
    const content = contentOf(c);
    if (cut)
      notes.push(
        `choice ${String(c.index)} was cut by the ${budget}-token budget: only its prefix was judged (raise --max-completion-tokens)`,
      );
    const problem = judge(content, cut);
    if (problem)
      return r.failWith(`the content of ${what} honours the constraint`, `choice ${String(c.index)}: ${problem}`);
    if (!(cut && content.trim() === '')) judged++;
  }
  // Every choice cut before any content (a reasoning model can spend the budget thinking): SKIP.
  if (judged === 0)
    return skip(
      `every choice of ${what} was cut by the ${budget}-token budget before any content: nothing to judge (raise --max-completion-tokens)`,
    );
  return pass(notes);
}

const CHOICES = ['yes', 'no'];
const REGEX = '(red|green|blue)-[0-9]{2}';
/** Every full match of REGEX (300 strings), so a cut answer can be judged as a prefix of one. */
const REGEX_MATCHES = ['red', 'green', 'blue'].flatMap((c) =>
  Array.from({ length: 100 }, (_, i) => `${c}-${String(i).padStart(2, '0')}`),
);
const JSON_PROMPT = [{ role: 'user', content: 'Is water wet? Answer as JSON with a boolean "ok".' }];
const judgeJson = (content: string, cut: boolean): string | undefined =>
  jsonContentProblem(VERDICT_SCHEMA, content, cut, (_schema, value) => verdictProblem(value));

const [structuredOutputsChoice, structuredOutputsChoiceStreamed] = structuredChecks({
  id: 'chat-completions.structured-outputs-choice',
  convention: 'vLLM structured outputs (choice)',
  requirement: 'With structured_outputs.choice, the content is exactly one of the choices.',
  extra: {
    messages: [{ role: 'user', content: 'Is the sky blue? Answer yes or no.' }],
    structured_outputs: { choice: CHOICES },
  },
  what: 'a request with structured_outputs.choice ["yes","no"]',
  judge: (content, cut) => choiceContentProblem(CHOICES, content, cut),
});

const [structuredOutputsRegex, structuredOutputsRegexStreamed] = structuredChecks({
  id: 'chat-completions.structured-outputs-regex',
  convention: 'vLLM structured outputs (regex)',
  requirement: 'With structured_outputs.regex, the whole content matches the regular expression.',
  extra: {
    messages: [{ role: 'user', content: 'Name a colour and a two-digit number, like red-42.' }],
    structured_outputs: { regex: REGEX },
  },
  what: `a request with structured_outputs.regex ${JSON.stringify(REGEX)}`,
  judge: (content, cut) =>
    cut
      ? REGEX_MATCHES.some((m) => m.startsWith(content))
        ? undefined
        : `content ${JSON.stringify(content)} does not start a match of ${REGEX}`
      : (regexContentProblem(REGEX, content, (p, c) => wholeMatch(p).test(c)) ?? undefined),
});

// §4.1 types structured_outputs.json as a string: the schema is sent serialised.
const [structuredOutputsJson, structuredOutputsJsonStreamed] = structuredChecks({
  id: 'chat-completions.structured-outputs-json',
  convention: 'vLLM structured outputs (json)',
  requirement: 'With structured_outputs.json, the content parses as JSON and validates against the given schema.',
  extra: { messages: JSON_PROMPT, structured_outputs: { json: JSON.stringify(VERDICT_SCHEMA) } },
  what: 'a request with structured_outputs.json',
  judge: judgeJson,
});

const [responseFormatJsonSchema, responseFormatJsonSchemaStreamed] = structuredChecks({
  id: 'chat-completions.response-format-json-schema',
  convention: 'OpenAI response_format json_schema',
  requirement:
    'With response_format {type: "json_schema"}, the content parses as JSON and validates against json_schema.schema.',
  extra: {
    messages: JSON_PROMPT,
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'verdict', schema: VERDICT_SCHEMA, strict: true },
    },
  },
  what: 'a request with response_format json_schema',
  judge: judgeJson,
});

// reasoning_effort asks a reasoning model to reason, so there is something to omit.
export const [includeReasoningFalseOmitsReasoning, includeReasoningFalseOmitsReasoningStreamed] = inBothModes({
  id: 'chat-completions.include-reasoning-false-omits-reasoning',
  ...checkIdentityOn(CHAT_ANSWER_RULES.reasoningOmitted, 'chat.create'),
  async run(ctx, mode) {
    const request = (include: boolean) => ({
      include_reasoning: include,
      reasoning_effort: 'low',
      max_completion_tokens: ctx.target.maxCompletionTokens,
    });
    // The control: a model that never reasons leaves nothing to omit.
    const control = await answerIn(ctx, mode, request(true), 'the request with include_reasoning: true (control)');
    if (!control.ok) return control.outcome;
    if (!control.body.choices.some((c) => reasoningOf(c) !== undefined)) {
      return skip(
        'the control with include_reasoning: true and reasoning_effort "low" carries no reasoning: the model does not reason, so leaving it out cannot be shown',
      );
    }
    return holdsIn(ctx, mode, request(false), 'a request with include_reasoning: false', {
      expected: 'no reasoning in the message (include_reasoning: false)',
      breach: (body) => reasoningOmittedBreach(request(false), body),
    });
  },
  schedule: { maxRequests: () => 2 },
});

const ECHO_PREFIX = 'Once upon a time';

// The last message is the assistant's own (prefill), so echo must put its content in front.
const [echoPrependsLastMessage, echoPrependsLastMessageStreamed] = inBothModes({
  id: 'chat-completions.echo-prepends-last-message',
  ...checkIdentityOn(CHAT_ANSWER_RULES.echoPrepends, 'chat.create'),
  async run(ctx, mode) {
    const request = (echo: boolean) => ({
      messages: [
        { role: 'user', content: 'Tell me a very short story.' },
        { role: 'assistant', content: ECHO_PREFIX },
      ],
      echo,
      continue_final_message: true,
      add_generation_prompt: false,
    });
    const a = await answerIn(ctx, mode, request(true), 'a request with echo: true', {
      expected: `content starting with the last (assistant) message ${JSON.stringify(ECHO_PREFIX)}`,
      breach: (body) => echoBreach(request(true), body),
    });
    if (!a.ok) return a.outcome;
    // The control: a server that always echoes (or whose model happens to repeat the prefix) must not pass.
    const control = await answerIn(ctx, mode, request(false), 'the same request with echo: false');
    if (!control.ok) return control.outcome;
    const echoed = control.body.choices.find((c) => contentOf(c).startsWith(ECHO_PREFIX));
    if (echoed)
      return control.failWith(
        `with echo: false, content without the last message ${JSON.stringify(ECHO_PREFIX)} in front`,
        `choice ${String(echoed.index)} content ${JSON.stringify(contentOf(echoed))}`,
      );
    return pass();
  },
  schedule: { maxRequests: () => 2 },
});

// Observation only: batching and hardware make real servers drift, and §4.1 promises nothing.
export const seededDeterminism = defineCheck({
  id: 'chat-completions.seeded-determinism',
  ...checkIdentityOn(PAIR_RULES.seededDeterminism, 'chat.create'),
  async run(ctx) {
    const body = { temperature: 0, seed: 12345, max_completion_tokens: ctx.target.maxCompletionTokens };
    const ra = await answerIn(ctx, 'non-streamed', body, 'a greedy seeded request');
    if (!ra.ok) return ra.outcome;
    const rb = await answerIn(ctx, 'non-streamed', body, 'the same greedy seeded request, again');
    if (!rb.ok) return rb.outcome;
    const ta = contentOf(ra.body.choices[0]);
    const tb = contentOf(rb.body.choices[0]);
    if (ta === tb) return pass();
    return rb.failWith('the same content twice', `first ${JSON.stringify(ta)}, then ${JSON.stringify(tb)}`);
  },
});

export const outputControlChecks = [
  stopStringsHonoured,
  structuredOutputsChoice,
  structuredOutputsChoiceStreamed,
  structuredOutputsRegex,
  structuredOutputsRegexStreamed,
  structuredOutputsJson,
  structuredOutputsJsonStreamed,
  responseFormatJsonSchema,
  responseFormatJsonSchemaStreamed,
  includeReasoningFalseOmitsReasoning,
  includeReasoningFalseOmitsReasoningStreamed,
  echoPrependsLastMessage,
  echoPrependsLastMessageStreamed,
  seededDeterminism,
] as const;

// The non-streamed halves are imported by the variant tests.
export {
  structuredOutputsChoice,
  structuredOutputsRegex,
  structuredOutputsJson,
  responseFormatJsonSchema,
  echoPrependsLastMessage,
};
