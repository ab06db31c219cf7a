/**
 * @module §4.1 semantics of the fields that shape the output: `stop` with
 * `include_stop_str_in_output`, `structured_outputs` (`choice`, `regex`, `json`), `response_format`
 * json_schema, `include_reasoning`, `echo`, and seeded determinism (INFO). Each is a property that
 * holds for every output a model could produce, never an exact text.
 */
import type { CheckContext } from '../../src/core/check.js';
import { defineCheck } from '../../src/core/check.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { echoBreach, reasoningOf, reasoningOmittedBreach, stopStringsBreach } from '../../src/rules/chat-answer.js';
import {
  choiceContentProblem,
  jsonContentProblem,
  regexContentProblem,
  wholeMatch,
} from '../../src/rules/chat-structured.js';
import { contentOf, expectCompletion, sendChat, type Completion } from './chat-exchange.js';
import { answerIn, inBothModes, type ChatMode } from './in-mode.js';
import { VERDICT_SCHEMA, verdictProblem } from './verdict-schema.js';
import { PAIR_RULES } from '../../src/rules/pair-rules.js';
import { CHAT_ANSWER_RULES } from '../../src/rules/chat-answer-rules.js';
import { checkIdentityOf } from '../../src/rules/rule.js';

// docs/conventions.md (vLLM): generation stops at the first stop string, which is left out of the
// content unless include_stop_str_in_output is true; `stop_reason` is then the matched string.
// The stop string is taken from the middle of a first, unconstrained answer to the same greedy,
// seeded request, so it is likely to be met again; the properties hold whether it is met or not.
export const stopStringsHonoured = defineCheck({
  id: 'chat-completions.stop-strings-honoured',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.stopStrings, 'chat.create'),
  async run(ctx) {
    const cap = ctx.target.maxCompletionTokens;
    const base = { temperature: 0, seed: 7, max_completion_tokens: cap };
    const first = await sendChat(ctx, base);
    const r0 = expectCompletion(ctx, first, 'a greedy seeded request');
    if (!r0.ok) return r0.outcome;
    const text = contentOf(r0.body.choices[0]);
    const mid = Math.floor(text.length / 2);
    const stop = text.slice(mid, mid + 3).trim() || text.trim().slice(-1) || 'e';

    const ex = await sendChat(ctx, { ...base, stop: [stop] });
    const r = expectCompletion(ctx, ex, `a request with stop: [${JSON.stringify(stop)}]`);
    if (!r.ok) return r.outcome;
    // The content judgements are src/rules/chat-answer.ts', as the proxy's stop-strings rule judges them.
    const kept = stopStringsBreach({ stop: [stop] }, r.body);
    if (kept)
      return fail({
        expected: `content without the stop string ${JSON.stringify(stop)} (include_stop_str_in_output is false by default)`,
        actual: kept,
        exchange: ex,
      });
    let judged = 0;
    for (const c of r.body.choices) {
      const content = contentOf(c);
      if (content.length > 0) judged++;
      // The greedy seeded baseline shows where the string occurs: an answer cut exactly there was
      // stopped by it, so it finished with "stop", and vLLM names the string in stop_reason (a
      // server without stop_reason, null or absent, is left alone: the field is vLLM's own).
      const at = text.indexOf(stop);
      if (c.index === 0 && at >= 0 && content === text.slice(0, at)) {
        if (c.finish_reason !== 'stop')
          return fail({
            expected: `finish_reason "stop": the output was cut at the stop string ${JSON.stringify(stop)}`,
            actual: `finish_reason ${JSON.stringify(c.finish_reason)}`,
            exchange: ex,
          });
        if (c.stop_reason !== undefined && c.stop_reason !== null && c.stop_reason !== stop) {
          return fail({
            expected: `stop_reason ${JSON.stringify(stop)} (the string that stopped the output) or null`,
            actual: `stop_reason ${JSON.stringify(c.stop_reason)}`,
            exchange: ex,
          });
        }
      }
    }
    // Empty content can contain no stop string: with no content in any choice, nothing was judged.
    // SKIP, not pass (an output may stop at once when the stop string comes first).
    if (judged === 0)
      return skip(
        `the answer to stop: [${JSON.stringify(stop)}] has no content in any choice: no stop string to look for`,
      );

    const withStop = await sendChat(ctx, { ...base, stop: [stop], include_stop_str_in_output: true });
    const r2 = expectCompletion(
      ctx,
      withStop,
      `a request with stop: [${JSON.stringify(stop)}] and include_stop_str_in_output: true`,
    );
    if (!r2.ok) return r2.outcome;
    const cut = stopStringsBreach({ stop: [stop], include_stop_str_in_output: true }, r2.body);
    if (cut)
      return fail({
        expected: `stopped by ${JSON.stringify(stop)} with include_stop_str_in_output: the content ends with it`,
        actual: cut,
        exchange: withStop,
      });
    const notes = r2.body.choices.some((c) => c.stop_reason === stop)
      ? [`stop string ${JSON.stringify(stop)} met`]
      : [];
    return pass(
      notes.length ? [notes[0]!] : [`stop string ${JSON.stringify(stop)} not met (the properties hold vacuously)`],
    );
  },
});

/**
 * A request shaped by a structured-output constraint. An answer cut by the token budget
 * (finish_reason "length") is a prefix of a constrained output, so `judge` is told it was cut and
 * checks the prefix property instead (an unconstrained server's long free text still fails).
 */
async function judgeStructured(
  ctx: CheckContext,
  mode: ChatMode,
  extra: Record<string, unknown>,
  what: string,
  judge: (content: string, cut: boolean) => string | undefined,
): Promise<CheckOutcome> {
  const r = await answerIn(
    ctx,
    mode,
    { temperature: 0, max_completion_tokens: ctx.target.maxCompletionTokens, ...extra },
    what,
  );
  if (!r.ok) return r.outcome;
  const notes: string[] = [];
  let judged = 0;
  for (const c of (r.body as Completion).choices) {
    const cut = c.finish_reason === 'length';
    const content = contentOf(c);
    if (cut)
      notes.push(
        `choice ${String(c.index)} was cut by the ${ctx.target.maxCompletionTokens}-token budget: only its prefix was judged (raise --max-completion-tokens)`,
      );
    const problem = judge(content, cut);
    if (problem)
      return r.failWith(`the content of ${what} honours the constraint`, `choice ${String(c.index)}: ${problem}`);
    // An empty prefix is a prefix of every constrained output: nothing was judged on that choice.
    if (!(cut && content.trim() === '')) judged++;
  }
  // Every choice cut before any content (a reasoning model can spend the whole budget thinking):
  // SKIP, not pass. The budget is the suite's, so the target broke nothing; there was no content.
  if (judged === 0)
    return skip(
      `every choice of ${what} was cut by the ${ctx.target.maxCompletionTokens}-token budget before any content: nothing to judge (raise --max-completion-tokens)`,
    );
  return pass(notes);
}

const CHOICES = ['yes', 'no'];

const [structuredOutputsChoice, structuredOutputsChoiceStreamed] = inBothModes({
  id: 'chat-completions.structured-outputs-choice',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: 'vLLM structured outputs (choice)',
  requirement: 'With structured_outputs.choice, the content is exactly one of the choices.',
  run: (ctx, mode) =>
    judgeStructured(
      ctx,
      mode,
      {
        messages: [{ role: 'user', content: 'Is the sky blue? Answer yes or no.' }],
        structured_outputs: { choice: CHOICES },
      },
      'a request with structured_outputs.choice ["yes","no"]',
      // The judgement is src/rules/chat-structured.ts', as the proxy's structured-output rule judges it.
      (content, cut) => choiceContentProblem(CHOICES, content, cut),
    ),
  schedule: { maxRequests: () => 1 },
});

const REGEX = '(red|green|blue)-[0-9]{2}';
/** Every full match of REGEX (300 strings), so a cut answer can be judged as a prefix of one. */
const REGEX_MATCHES = ['red', 'green', 'blue'].flatMap((c) =>
  Array.from({ length: 100 }, (_, i) => `${c}-${String(i).padStart(2, '0')}`),
);

const [structuredOutputsRegex, structuredOutputsRegexStreamed] = inBothModes({
  id: 'chat-completions.structured-outputs-regex',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: 'vLLM structured outputs (regex)',
  requirement: 'With structured_outputs.regex, the whole content matches the regular expression.',
  run: (ctx, mode) =>
    judgeStructured(
      ctx,
      mode,
      {
        messages: [{ role: 'user', content: 'Name a colour and a two-digit number, like red-42.' }],
        structured_outputs: { regex: REGEX },
      },
      `a request with structured_outputs.regex ${JSON.stringify(REGEX)}`,
      // A whole content is judged by src/rules/chat-structured.ts, as the proxy judges it.
      (content, cut) =>
        cut
          ? REGEX_MATCHES.some((m) => m.startsWith(content))
            ? undefined
            : `content ${JSON.stringify(content)} does not start a match of ${REGEX}`
          : (regexContentProblem(REGEX, content, (p, c) => wholeMatch(p).test(c)) ?? undefined),
    ),
  schedule: { maxRequests: () => 1 },
});

const JSON_PROMPT = [{ role: 'user', content: 'Is water wet? Answer as JSON with a boolean "ok".' }];

/** The content against VERDICT_SCHEMA, judged by src/rules/chat-structured.ts as the proxy's structured-output rule judges it. */
function judgeJson(): (content: string, cut: boolean) => string | undefined {
  return (content, cut) => jsonContentProblem(VERDICT_SCHEMA, content, cut, (_schema, value) => verdictProblem(value));
}

// §4.1 types structured_outputs.json as a string: the schema is sent serialised.
const [structuredOutputsJson, structuredOutputsJsonStreamed] = inBothModes({
  id: 'chat-completions.structured-outputs-json',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: 'vLLM structured outputs (json)',
  requirement: 'With structured_outputs.json, the content parses as JSON and validates against the given schema.',
  run: (ctx, mode) =>
    judgeStructured(
      ctx,
      mode,
      { messages: JSON_PROMPT, structured_outputs: { json: JSON.stringify(VERDICT_SCHEMA) } },
      'a request with structured_outputs.json',
      judgeJson(),
    ),
  schedule: { maxRequests: () => 1 },
});

const [responseFormatJsonSchema, responseFormatJsonSchemaStreamed] = inBothModes({
  id: 'chat-completions.response-format-json-schema',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: 'OpenAI response_format json_schema',
  requirement:
    'With response_format {type: "json_schema"}, the content parses as JSON and validates against json_schema.schema.',
  run: (ctx, mode) =>
    judgeStructured(
      ctx,
      mode,
      {
        messages: JSON_PROMPT,
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'verdict', schema: VERDICT_SCHEMA, strict: true },
        },
      },
      'a request with response_format json_schema',
      judgeJson(),
    ),
  schedule: { maxRequests: () => 1 },
});

// §4.1 include_reasoning (default true); false means the reasoning is left out of the answer
// (vLLM). reasoning_effort asks a reasoning model to reason, so there would be something to omit.
export const [includeReasoningFalseOmitsReasoning, includeReasoningFalseOmitsReasoningStreamed] = inBothModes({
  id: 'chat-completions.include-reasoning-false-omits-reasoning',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.reasoningOmitted, 'chat.create'),
  async run(ctx, mode) {
    const request = (include: boolean) => ({
      include_reasoning: include,
      reasoning_effort: 'low',
      max_completion_tokens: ctx.target.maxCompletionTokens,
    });
    // The control: a model that never reasons leaves nothing to omit, so it cannot pass this check.
    const control = await answerIn(ctx, mode, request(true), 'the request with include_reasoning: true (control)');
    if (!control.ok) return control.outcome;
    if (!control.body.choices.some((c) => reasoningOf(c) !== undefined)) {
      return skip(
        'the control with include_reasoning: true and reasoning_effort "low" carries no reasoning: the model does not reason, so leaving it out cannot be shown',
      );
    }
    const r = await answerIn(ctx, mode, request(false), 'a request with include_reasoning: false');
    if (!r.ok) return r.outcome;
    // The judgement is src/rules/chat-answer.ts', as the proxy's reasoning-omitted rule judges it.
    const breach = reasoningOmittedBreach(request(false), r.body);
    if (breach) return r.failWith('no reasoning in the message (include_reasoning: false)', breach);
    return pass();
  },
  schedule: { maxRequests: () => 2 },
});

const ECHO_PREFIX = 'Once upon a time';

// §4.1 echo: "If true, the new message is prepended with the last message when both have the same
// role." The last message is the assistant's own (prefill, continue_final_message), so the roles
// match and its content must open the new message.
// Checked in both modes: the rule is the request's, streamed or not.
const [echoPrependsLastMessage, echoPrependsLastMessageStreamed] = inBothModes({
  id: 'chat-completions.echo-prepends-last-message',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.echoPrepends, 'chat.create'),
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
    const a = await answerIn(ctx, mode, request(true), 'a request with echo: true');
    if (!a.ok) return a.outcome;
    // The judgement is src/rules/chat-answer.ts', as the proxy's echo-prepends rule judges it.
    const breach = echoBreach(request(true), a.body);
    if (breach)
      return a.failWith(`content starting with the last (assistant) message ${JSON.stringify(ECHO_PREFIX)}`, breach);
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

// Observation only: greedy decoding with a seed is meant to repeat, but batching and hardware
// make real servers drift, and §4.1 promises nothing.
export const seededDeterminism = defineCheck({
  id: 'chat-completions.seeded-determinism',
  operation: 'chat.create',
  ...checkIdentityOf(PAIR_RULES.seededDeterminism, 'chat.create'),
  async run(ctx) {
    const body = { temperature: 0, seed: 12345, max_completion_tokens: ctx.target.maxCompletionTokens };
    const a = await sendChat(ctx, body);
    const ra = expectCompletion(ctx, a, 'a greedy seeded request');
    if (!ra.ok) return ra.outcome;
    const b = await sendChat(ctx, body);
    const rb = expectCompletion(ctx, b, 'the same greedy seeded request, again');
    if (!rb.ok) return rb.outcome;
    const ta = contentOf(ra.body.choices[0]);
    const tb = contentOf(rb.body.choices[0]);
    if (ta === tb) return pass();
    return fail({
      expected: 'the same content twice',
      actual: `first ${JSON.stringify(ta)}, then ${JSON.stringify(tb)}`,
      exchange: b,
    });
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
