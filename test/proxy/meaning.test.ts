/**
 * The proxy judges what one chat exchange means (src/rules/chat-answer-rules.ts), as the suite's chat
 * checks do, under the same check id: each row plants the fault (mock/faults) that breaks the check,
 * sends a client's request that shows it through the proxy, and the check must fail there (its
 * `.streamed` twin for a stream, reassembled); the same requests against the clean mock give no
 * server-side finding and judge the check.
 */
import { expect, test } from 'vitest';
import { startMockServer } from '../../mock/index.js';
import { DEFAULT_MODEL, DEFAULT_TOKEN } from '../../src/core/defaults.js';
import { CHAT_ANSWER_RULES } from '../../src/rules/chat-answer-rules.js';
import { checkIdOf, type RuleIdentity } from '../../src/rules/rule.js';
import { problems, result, startProxy } from './helpers.js';

interface Row {
  readonly fault: string;
  readonly rule: keyof typeof CHAT_ANSWER_RULES;
  /** The chat request (without `stream`), `marker` unique to the row. */
  readonly body: (marker: string) => Record<string, unknown>;
  /** Judged on the stream too (false: the proxy cannot see the breach in a stream). */
  readonly streamed?: boolean;
  /** The stream fault, when another than `fault` breaks the streamed twin. */
  readonly streamFault?: string;
  /** The request itself is one the client side reports (§7.2). */
  readonly clientFinding?: boolean;
}

const ask = (marker: string) => [{ role: 'user', content: `Write a long story about ${marker}, in many sentences.` }];

const VERDICT = {
  type: 'object',
  properties: { ok: { type: 'boolean' } },
  required: ['ok'],
  additionalProperties: false,
};

const ROWS: readonly Row[] = [
  {
    fault: 'chat-completions.n-ignored',
    rule: 'nChoices',
    body: (m) => ({ messages: ask(m), n: 3, temperature: 0.8 }),
  },
  {
    fault: 'chat-completions.choice-indices-from-one',
    rule: 'nChoices',
    body: (m) => ({ messages: ask(m), n: 2, temperature: 0.8 }),
    streamed: false,
  },
  {
    fault: 'chat-completions.max-tokens-ignored',
    rule: 'completionBound',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 2, ignore_eos: true }),
  },
  {
    fault: 'chat-completions.deprecated-max-tokens-ignored',
    rule: 'completionBound',
    body: (m) => ({ messages: ask(m), max_tokens: 3, ignore_eos: true }),
  },
  {
    fault: 'chat-completions.length-reported-as-stop',
    rule: 'completionBound',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 1, ignore_eos: true }),
    streamed: false,
  },
  {
    fault: 'chat-completions.min-tokens-ignored',
    rule: 'minTokens',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 16, stop: [' '], min_tokens: 4 }),
  },
  {
    fault: 'chat-completions.stop-string-kept',
    rule: 'stopStrings',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 16, stop: [' '] }),
  },
  {
    fault: 'chat-completions.request-id-not-returned',
    rule: 'requestIdReturned',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 4, request_id: `rid-${m}` }),
    // The proxy's stream judge does not see the answer's headers yet: a stream cannot show the id missing.
    streamed: false,
  },
  {
    fault: 'chat-completions.token-ids-missing',
    rule: 'tokenIdsPerChoice',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 4, return_token_ids: true }),
  },
  {
    fault: 'chat-completions.token-ids-missing',
    rule: 'tokenIdsMatchUsage',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 4, return_token_ids: true }),
  },
  {
    fault: 'chat-completions.prompt-token-ids-miscounted',
    rule: 'tokenIdsMatchUsage',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 4, return_token_ids: true, n: 2, temperature: 0.8 }),
    streamed: false,
  },
  {
    fault: 'chat-completions.logprobs-ignored',
    rule: 'logprobsShape',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 4, logprobs: true, top_logprobs: 2 }),
  },
  {
    fault: 'chat-completions.top-logprobs-short',
    rule: 'logprobsShape',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 4, logprobs: true, top_logprobs: 3 }),
    streamed: false,
  },
  {
    fault: 'chat-completions.logprobs-entry-missing',
    rule: 'logprobsShape',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 4, logprobs: true }),
    streamed: false,
  },
  {
    fault: 'chat-completions.top-logprobs-unsorted',
    rule: 'logprobsBytesOrder',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 4, logprobs: true, top_logprobs: 3, temperature: 1 }),
    streamed: false,
  },
  {
    fault: 'chat-completions.logprobs-bytes-not-utf8',
    rule: 'logprobsBytesOrder',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 4, logprobs: true, top_logprobs: 3 }),
    streamed: false,
  },
  {
    fault: 'chat-completions.logprobs-tokens-unrelated',
    streamFault: 'streaming.logprobs-tokens-unrelated-streamed',
    rule: 'logprobsJoin',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 4, logprobs: true, top_logprobs: 2 }),
  },
  {
    fault: 'chat-completions.tokens-as-text-despite-token-ids',
    rule: 'tokensAsTokenIds',
    body: (m) => ({
      messages: ask(m),
      max_completion_tokens: 4,
      logprobs: true,
      top_logprobs: 2,
      return_tokens_as_token_ids: true,
    }),
  },
  {
    fault: 'chat-completions.echo-ignored',
    streamFault: 'chat-completions.echo-ignored-when-streamed',
    rule: 'echoPrepends',
    body: () => ({
      messages: [
        { role: 'user', content: 'Tell me a very short story.' },
        { role: 'assistant', content: 'Once upon a time' },
      ],
      max_completion_tokens: 4,
      echo: true,
      continue_final_message: true,
      add_generation_prompt: false,
    }),
  },
  {
    fault: 'chat-completions.reasoning-despite-include-false',
    streamFault: 'chat-completions.output-controls-ignored-when-streamed',
    rule: 'reasoningOmitted',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 16, include_reasoning: false, reasoning_effort: 'low' }),
  },
  {
    fault: 'chat-completions.structured-outputs-ignored',
    rule: 'structuredChoice',
    body: (m) => ({ messages: ask(m), max_completion_tokens: 8, structured_outputs: { choice: ['yes', 'no'] } }),
  },
  {
    fault: 'chat-completions.structured-outputs-ignored',
    rule: 'structuredJson',
    body: (m) => ({
      messages: ask(m),
      max_completion_tokens: 16,
      structured_outputs: { json: JSON.stringify(VERDICT) },
    }),
  },
  {
    fault: 'chat-completions.structured-outputs-ignored',
    rule: 'structuredRegex',
    body: (m) => ({
      messages: ask(m),
      // Room to finish: a cut answer is not judged against a regex.
      max_completion_tokens: 256,
      structured_outputs: { regex: '(red|green|blue)-[0-9]{2}' },
    }),
  },
  {
    fault: 'chat-completions.response-format-ignored',
    streamFault: 'chat-completions.output-controls-ignored-when-streamed',
    rule: 'responseFormat',
    body: (m) => ({
      messages: ask(m),
      max_completion_tokens: 16,
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema: VERDICT } },
    }),
  },
  {
    fault: 'chat-completions.continue-with-generation-prompt-accepted',
    rule: 'rejectsContinueWithGenerationPrompt',
    body: () => ({
      messages: [
        { role: 'user', content: 'Count from one to five.' },
        { role: 'assistant', content: 'One, two,' },
      ],
      max_completion_tokens: 4,
      continue_final_message: true,
      add_generation_prompt: true,
    }),
    clientFinding: true,
  },
];

const post = (url: string, body: unknown) =>
  fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${DEFAULT_TOKEN}` },
    body: JSON.stringify({ model: DEFAULT_MODEL, ...(body as object) }),
  });
const streamBody = (body: Record<string, unknown>): Record<string, unknown> => ({
  ...body,
  stream: true,
  stream_options: { include_usage: true },
});
const marker = () => `mk${Math.random().toString(36).slice(2, 10)}`;

const serverProblems = (r: Parameters<typeof problems>[0]) => problems(r);

/**
 * The row's request (`body`) through the proxy in front of the mock with `fault` and in front of the
 * clean mock: the rule fails on the first with the client's own request as evidence, and holds on the
 * second (`cleanPasses`; else it is at least not a failure).
 */
async function throughProxy(
  row: Row,
  fault: string,
  body: Record<string, unknown>,
  cleanPasses: boolean,
): Promise<void> {
  const id = checkIdOf(CHAT_ANSWER_RULES[row.rule], 'chat.create', body.stream === true);
  const faulty = await startMockServer({ port: 0, faults: [fault] });
  const clean = await startMockServer({ port: 0 });
  const viaFaulty = await startProxy(faulty.url);
  const viaClean = await startProxy(clean.url);
  try {
    await (await post(viaFaulty.url, body)).text();
    await (await post(viaClean.url, body)).text();
    const [server, clients] = await viaFaulty.stop();
    const found = result(server!, id);
    expect(found?.status, `${id} in ${JSON.stringify(serverProblems(server!))}`).toBe('fail');
    // The client's own request is the evidence (its messages, with this row's marker where it has one).
    expect(found!.evidence?.request?.body ?? '').toContain(JSON.stringify(body.messages));
    if (!row.clientFinding) expect(problems(clients!)).toEqual([]);
    const [cleanServer] = await viaClean.stop();
    if (cleanPasses) expect(result(cleanServer!, id)?.status).toBe('pass');
    else expect(result(cleanServer!, id)?.status).not.toBe('fail');
    expect(serverProblems(cleanServer!)).toEqual([]);
  } finally {
    await viaFaulty.stop();
    await viaClean.stop();
    await faulty.close();
    await clean.close();
  }
}

/** Judged on a stream as the run judges it: under the rule's `.streamed` check, where it has one. */
const judgedStreamed = (r: Row) =>
  r.streamed !== false && (CHAT_ANSWER_RULES[r.rule] as RuleIdentity).streamedId !== undefined;

test.each(ROWS.filter(judgedStreamed))('streamed through the proxy: $fault breaks $rule', (row) =>
  throughProxy(row, row.streamFault ?? row.fault, streamBody(row.body(marker())), !row.clientFinding),
);

// A rule the run checks on non-streamed answers only is not judged on a stream under its id: the
// proxy would name a breach the run's check of that id cannot see (ids shared, src/rules/rule.ts).
test.each(ROWS.filter((r) => r.streamed !== false && !judgedStreamed(r)))(
  'streamed, a rule checked unstreamed only: $rule not judged on the stream',
  async (row) => {
    const faulty = await startMockServer({ port: 0, faults: [row.streamFault ?? row.fault] });
    const via = await startProxy(faulty.url);
    try {
      await (await post(via.url, streamBody(row.body(marker())))).text();
      const [server] = await via.stop();
      expect(result(server!, checkIdOf(CHAT_ANSWER_RULES[row.rule], 'chat.create'))?.exchanges?.judged ?? 0).toBe(0);
    } finally {
      await via.stop();
      await faulty.close();
    }
  },
);

test.each(ROWS)('non-streamed through the proxy: $fault breaks $rule', (row) =>
  throughProxy(row, row.fault, row.body(marker()), true),
);

test.each(ROWS.filter((r) => r.rule === 'requestIdReturned'))(
  'streamed, judged with its headers: $fault breaks $rule',
  (row) =>
    throughProxy(row, 'chat-completions.request-id-not-in-stream', streamBody(row.body(marker())), !row.clientFinding),
);
