/**
 * A scripted chat answer is a valid §4.1 answer in the mode the request asked for: the
 * completion passes the response schema with usage that adds up; the stream passes the suite's own
 * stream judge (chunk shape, one id, role first, one finish, usage chunk, continuous usage, [DONE])
 * and reassembles to the same message, tool-call arguments streamed in deltas.
 */
import { expect, test } from 'vitest';
import { buildRequest, type ChatReply, createMock, readStream } from '../../mock/index.js';
import { ChatStreamJudge } from '../../src/rules/chat-stream.js';
import {
  type ChatBody,
  tokenIdsMatchUsageBreach,
  tokenIdsPerChoiceBreach,
  usageBreach,
} from '../../src/rules/chat-answer.js';
import {
  logprobsJoinBreach,
  logprobsJoinShown,
  logprobsShapeBreach,
  logprobsShapeShown,
} from '../../src/rules/chat-logprobs.js';
import { registry } from '../../src/schemas/registry.js';
import { SseParser } from '../../src/transport/sse.js';

const messages = [{ role: 'user', content: 'What is the weather in Paris and Rome?' }];

const REPLIES: Record<string, ChatReply> = {
  content: { content: 'It is sunny in Paris.' },
  'two tool calls': {
    tool_calls: [
      { id: 'call_paris', function: { name: 'get_weather', arguments: { city: 'Paris' } } },
      { function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
    ],
  },
  refusal: { refusal: 'I cannot share that.' },
  'content_filter finish with usage given': {
    content: 'Partial',
    finish_reason: 'content_filter',
    usage: { prompt_tokens: 10, completion_tokens: 2 },
  },
};

async function answer(reply: ChatReply, extra: Record<string, unknown>) {
  const mock = createMock({ scripts: [{ reply }] });
  return mock.handle(buildRequest('POST', '/v1/chat/completions', { json: { messages, ...extra } }));
}

function judge(text: string, options: ConstructorParameters<typeof ChatStreamJudge>[0]) {
  const j = new ChatStreamJudge({
    ...options,
    validateChunk: (chunk) => {
      const v = registry().validate('chat/chat-completion-chunk', chunk);
      return v.ok ? undefined : JSON.stringify(v.errors);
    },
  });
  const parser = new SseParser();
  for (const event of parser.push(new TextEncoder().encode(text))) j.onEvent(event, 0);
  return j.finish(parser.end());
}

/** The tool calls a client reassembles from the deltas. */
function reassembledToolCalls(
  text: string,
): { id: string; type: string; function: { name: string; arguments: string } }[] {
  const calls: { id: string; type: string; function: { name: string; arguments: string } }[] = [];
  for (const line of text.split('\n\n')) {
    if (!line.startsWith('data: {')) continue;
    const chunk = JSON.parse(line.slice(6)) as { choices: { index: number; delta: { tool_calls?: unknown[] } }[] };
    for (const c of chunk.choices)
      for (const d of (c.index === 0 ? (c.delta.tool_calls ?? []) : []) as {
        index: number;
        id?: string;
        function: { name?: string; arguments?: string };
      }[]) {
        const slot = (calls[d.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
        if (d.id) slot.id = d.id;
        slot.function.name += d.function.name ?? '';
        slot.function.arguments += d.function.arguments ?? '';
      }
  }
  return calls;
}

test.each(Object.entries(REPLIES))('%s: the completion is a valid §4.1 answer', async (_name, reply) => {
  const res = await answer(reply, { n: 2, model: 'tiny' });
  expect(res.status).toBe(200);
  const body = res.json as { model: string; choices: { message: Record<string, unknown> }[]; usage: unknown };
  expect(registry().validate('chat/chat-completion-response', body).ok).toBe(true);
  expect(usageBreach(body.usage)).toBeUndefined();
  expect(body.model).toBe('tiny');
  expect(body.choices).toHaveLength(2);
});

test.each(Object.entries(REPLIES))(
  '%s: the stream passes the suite’s judge and reassembles to the completion',
  async (_name, reply) => {
    const whole = (await answer(reply, {})).json as {
      choices: { message: { content: string | null; tool_calls: unknown[] }; finish_reason: string }[];
      usage: Record<string, number>;
    };
    const streamed = await answer(reply, {
      stream: true,
      stream_options: { include_usage: true, continuous_usage_stats: true },
    });
    expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
    const text = await readStream(streamed.stream!);
    const verdict = judge(text, { includeUsage: true, continuousUsage: true });
    expect(verdict.findings).toEqual([]);
    const [choice] = verdict.choices;
    const message = whole.choices[0]!.message;
    expect(choice?.content).toBe(message.content ?? '');
    expect(choice?.finishReason).toBe(whole.choices[0]!.finish_reason);
    // The same calls; a generated id differs per request (it is made from the request id).
    const withoutGeneratedIds = (calls: unknown[]) =>
      (calls as { id: string }[]).map((c) => ({ ...c, id: c.id === 'call_paris' ? c.id : 'generated' }));
    expect(withoutGeneratedIds(reassembledToolCalls(text))).toEqual(withoutGeneratedIds(message.tool_calls));
    expect(verdict.usage).toMatchObject({
      prompt_tokens: whole.usage.prompt_tokens,
      completion_tokens: whole.usage.completion_tokens,
    });
  },
);

test('tool-call arguments are streamed in several deltas, the name and id once', async () => {
  const text = await readStream((await answer(REPLIES['two tool calls']!, { stream: true })).stream!);
  const argumentDeltas = text.split('\n\n').filter((e) => e.includes('"arguments"') && !e.includes('"name"'));
  expect(argumentDeltas.length).toBeGreaterThan(4);
  expect(text.match(/"name":"get_weather"/g)).toHaveLength(2);
  expect(text.match(/"id":"call_paris"/g)).toHaveLength(1);
  expect(judge(text, {}).findings).toEqual([]);
});

test('without include_usage no usage chunk is sent; n = 2 streams both choices', async () => {
  const text = await readStream((await answer(REPLIES.content!, { stream: true, n: 2 })).stream!);
  const verdict = judge(text, { n: 2 });
  expect(verdict.findings).toEqual([]);
  expect(verdict.usage).toBeUndefined();
  expect(verdict.choices.map((c) => c.content)).toEqual(['It is sunny in Paris.', 'It is sunny in Paris.']);
});

test.each(Object.entries(REPLIES))(
  '%s: logprobs and token ids, asked for, pass the suite’s rules, streamed and not',
  async (_name, reply) => {
    const asks = { logprobs: true, top_logprobs: 2, return_token_ids: true };
    const request = { messages, ...asks };
    const whole = (await answer(reply, asks)).json as ChatBody & { choices: { logprobs: unknown }[] };
    expect(registry().validate('chat/chat-completion-response', whole).ok).toBe(true);
    expect(tokenIdsPerChoiceBreach(request, whole)).toBeUndefined();
    if (logprobsJoinShown(request, whole)) expect(logprobsJoinBreach(request, whole)).toBeUndefined();
    // Usage a script gives is taken as given, so only the counted one matches the tokens.
    if (reply.usage === undefined) {
      expect(tokenIdsMatchUsageBreach(request, whole)).toBeUndefined();
      if (logprobsShapeShown(request, whole)) expect(logprobsShapeBreach(request, whole)).toBeUndefined();
    }
    expect(whole.choices[0]!.logprobs).not.toBeNull();
    expect(whole.prompt_token_ids).toEqual(expect.arrayContaining([expect.any(Number)]));

    const streamed = await answer(reply, { ...asks, stream: true, stream_options: { include_usage: true } });
    const text = await readStream(streamed.stream!);
    expect(judge(text, { includeUsage: true }).findings).toEqual([]);
    const chunks = text
      .split('\n\n')
      .filter((e) => e.startsWith('data: {'))
      .map((e) => JSON.parse(e.slice(6)) as { choices: { token_ids?: number[]; logprobs: unknown }[] });
    const ids = chunks.flatMap((c) => c.choices.flatMap((ch) => ch.token_ids ?? []));
    expect(ids).toEqual((whole.choices[0] as unknown as { token_ids: number[] }).token_ids);
    type Logprobs = { content: unknown[] | null; refusal: unknown[] | null } | null;
    // The tokens, in order (their logprobs are drawn per request).
    const all = (l: Logprobs) =>
      [...(l?.content ?? []), ...(l?.refusal ?? [])].map((e) => (e as { token: string }).token);
    const streamedLogprobs = chunks.flatMap((c) => c.choices.flatMap((ch) => all(ch.logprobs as Logprobs)));
    expect(streamedLogprobs).toEqual(all(whole.choices[0]!.logprobs as Logprobs));
  },
);
