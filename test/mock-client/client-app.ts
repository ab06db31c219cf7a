/**
 * A small client app, written as a client author writes one, for the tests of this folder
 * to drive against the mock: an assistant that asks with the openai SDK (streaming, a weather tool,
 * the usage chunk; the SDK retries 429 and 5xx answers), and a reader that pages through a `/v2`
 * listing with fetch. It knows nothing of the mock.
 */
import OpenAI from 'openai';

const WEATHER_TOOL = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};

interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** What the app makes of one streamed answer. */
export interface AssistantAnswer {
  text: string;
  refusal: string | null;
  toolCalls: ToolCall[];
  finishReason: string | null;
  usage: OpenAI.CompletionUsage | null;
}

/** The connection broke in the middle of an answer: what had arrived, and why. */
export class ConnectionLost extends Error {
  constructor(
    readonly partial: string,
    cause: unknown,
  ) {
    super(`connection lost after "${partial}"`, { cause });
    this.name = 'ConnectionLost';
  }
}

/** An SDK client as the app makes it: two retries (429, 5xx, connection errors), a short timeout. */
export function assistantClient(baseURL: string, options: { fetch?: OpenAI['fetch']; apiKey?: string } = {}): OpenAI {
  return new OpenAI({
    baseURL,
    apiKey: options.apiKey ?? 'mock-token',
    maxRetries: 2,
    timeout: 10_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** Asks one question, streaming, with the weather tool offered. */
export async function ask(client: OpenAI, question: string): Promise<AssistantAnswer> {
  const stream = await client.chat.completions.create({
    model: 'mock-model',
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: question },
    ],
    tools: [WEATHER_TOOL],
    stream: true,
    stream_options: { include_usage: true },
  });
  const answer: AssistantAnswer = { text: '', refusal: null, toolCalls: [], finishReason: null, usage: null };
  try {
    for await (const chunk of stream) {
      if (chunk.usage) answer.usage = chunk.usage;
      const choice = chunk.choices[0];
      if (!choice) continue;
      const delta = choice.delta;
      if (delta.content) answer.text += delta.content;
      if (delta.refusal) answer.refusal = (answer.refusal ?? '') + delta.refusal;
      for (const call of delta.tool_calls ?? []) {
        const slot = (answer.toolCalls[call.index] ??= { id: '', name: '', arguments: '' });
        if (call.id) slot.id = call.id;
        if (call.function?.name) slot.name += call.function.name;
        if (call.function?.arguments) slot.arguments += call.function.arguments;
      }
      if (choice.finish_reason) answer.finishReason = choice.finish_reason;
    }
  } catch (err) {
    if (err instanceof OpenAI.APIError) throw err;
    throw new ConnectionLost(answer.text, err);
  }
  return answer;
}

/** Reads a whole `/v2` listing, a page of `pageSize` at a time (JSONL), until a short page. */
export async function listAll(
  baseUrl: string,
  path: string,
  credentials: string,
  pageSize: number,
  fetchFn: typeof fetch = fetch,
): Promise<Record<string, unknown>[]> {
  const authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  const all: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const res = await fetchFn(`${baseUrl}${path}?limit=${pageSize}&offset=${offset}`, { headers: { authorization } });
    if (!res.ok) throw new Error(`listing failed: ${res.status}`);
    const page = (await res.text())
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    all.push(...page);
    if (page.length < pageSize) return all;
  }
}
