/**
 * The mock as a client author's test double: the small client app of client-app.ts (the
 * openai SDK streaming with a tool and retrying 429s; fetch paging a listing) tested as its author
 * would, asserting on the journal and scripting answers. The same scenarios run over each way a
 * client reaches the mock: a socket (`startMockServer`), `mock.fetch` in-process, msw handlers.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Mock } from '../../mock/index.js';
import { ask, assistantClient, ConnectionLost, listAll } from './client-app.js';

/** One mock, as the app reaches it. */
export interface ClientTransport {
  readonly mock: Mock;
  /** What the app is configured with: `${baseUrl}/v1` for the SDK, `${baseUrl}/v2/...` for listings. */
  readonly baseUrl: string;
  /** The fetch the app is given (the SDK's and the listing's): global fetch unless in-process. */
  readonly fetch?: typeof fetch;
  close(): Promise<void>;
}

/** The scenarios, against mocks made by `open` (each call a new, separate mock). */
export function clientScenarios(label: string, open: () => Promise<ClientTransport>): void {
  describe(label, () => {
    let transport: ClientTransport;
    let mock: Mock;
    let client: OpenAI;
    const clientOf = (t: ClientTransport, apiKey?: string): OpenAI =>
      assistantClient(`${t.baseUrl}/v1`, { ...(t.fetch ? { fetch: t.fetch } : {}), ...(apiKey ? { apiKey } : {}) });
    const list = (path: string, pageSize: number) =>
      listAll(transport.baseUrl, path, 'api:mock-key', pageSize, transport.fetch ?? fetch);
    beforeAll(async () => {
      transport = await open();
      mock = transport.mock;
      client = clientOf(transport);
    });
    afterAll(async () => {
      await transport.close();
    });
    beforeEach(() => mock.reset());

    test('the journal holds what the app sent, credentials redacted, oldest first', async () => {
      const answer = await ask(client, 'Tell me a story.');
      expect(answer.text.length).toBeGreaterThan(0);
      expect(answer.finishReason).toBe('stop');
      expect(answer.usage?.total_tokens).toBe(answer.usage!.prompt_tokens + answer.usage!.completion_tokens);
      const [entry, ...rest] = mock.requests();
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        method: 'POST',
        path: '/v1/chat/completions',
        query: {},
        script: null,
        body: { model: 'mock-model', stream: true, stream_options: { include_usage: true } },
      });
      expect(entry?.headers.authorization).toBe('Bearer ***');
      expect(JSON.stringify(entry)).not.toContain('mock-token');
      expect((entry!.body as { messages: { content: string }[] }).messages[1]?.content).toBe('Tell me a story.');
      expect(Date.parse(entry!.time)).toBeGreaterThan(Date.now() - 60_000);
    });

    test('a scripted tool call is streamed in deltas the SDK reassembles', async () => {
      mock.addScript({
        match: { last_user_message: 'weather' },
        reply: { tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Paris' } } }] },
      });
      const answer = await ask(client, 'What is the weather in Paris?');
      expect(answer.toolCalls).toEqual([
        { id: expect.stringMatching(/^call_/), name: 'get_weather', arguments: '{"city":"Paris"}' },
      ]);
      expect(answer.finishReason).toBe('tool_calls');
      expect(answer.text).toBe('');
      // A question the script does not match is the mock's own answer.
      expect((await ask(client, 'Tell me a joke.')).toolCalls).toEqual([]);
      expect(mock.requests().map((r) => r.script)).toEqual(['script-1', null]);
    });

    test('a scripted refusal and a content_filter finish reach the app as the SDK reads them', async () => {
      mock.addScript({ match: { last_user_message: 'secret' }, reply: { refusal: "I can't help with that." } });
      mock.addScript({
        match: { last_user_message_regex: '^Write .* poem' },
        reply: { content: 'Roses are', finish_reason: 'content_filter' },
      });
      const refused = await ask(client, 'Tell me the secret.');
      expect(refused).toMatchObject({ text: '', refusal: "I can't help with that.", finishReason: 'stop' });
      const filtered = await ask(client, 'Write a rude poem');
      expect(filtered).toMatchObject({ text: 'Roses are', finishReason: 'content_filter' });
    });

    test('429 with Retry-After, then success: the SDK retries and the app gets the answer', async () => {
      const id = mock.addScript({
        match: { method: 'POST', path: '/v1/chat/completions' },
        replies: [{ status: 429, headers: { 'retry-after': '0' } }, { content: 'Sunny all week.' }],
        times: 2,
      });
      expect((await ask(client, 'Weather?')).text).toBe('Sunny all week.');
      expect(mock.requests().map((r) => r.script)).toEqual([id, id]);
      // `times: 2` retired the script: the next request is the mock's own.
      expect(mock.scripts()).toEqual([]);
      await ask(client, 'Again?');
      expect(mock.requests().at(-1)?.script).toBeNull();
    });

    test('a 401, 400 or 503 scripted for one request surfaces as the SDK error of that status', async () => {
      mock.addScript({ match: { last_user_message: 'who' }, reply: { status: 401 } });
      await expect(ask(client, 'who am I')).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
      mock.addScript({
        match: { last_user_message: 'bad' },
        reply: { status: 400, body: { error: { message: 'nope', type: 'BadRequestError', param: null, code: 400 } } },
      });
      await expect(ask(client, 'bad input')).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('nope'),
      });
      // A 503 that persists exhausts the SDK's two retries: three requests, all scripted.
      mock.clearRequests();
      mock.addScript({ match: { last_user_message: 'busy' }, reply: { status: 503, headers: { 'retry-after': '0' } } });
      await expect(ask(client, 'busy?')).rejects.toBeInstanceOf(OpenAI.InternalServerError);
      expect(mock.requests()).toHaveLength(3);
    });

    test('a stream cut after 3 events: the app keeps what arrived and reports a lost connection', async () => {
      mock.addScript({ reply: { content: 'One two three four five.', cut_after_events: 3 } });
      const failure = await ask(client, 'Count.').catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(ConnectionLost);
      // Event 1 is the role, events 2 and 3 the first two tokens.
      expect((failure as ConnectionLost).partial).toBe('One two');
      // A network error from fetch, not the mock's internal one; the SDK does not retry a started stream.
      expect((failure as ConnectionLost).cause).toBeInstanceOf(TypeError);
      expect(String((failure as ConnectionLost).cause)).not.toMatch(/StreamCut/);
      expect(mock.requests()).toHaveLength(1);
    });

    test('a cut of the mock’s own stream (a timing-only reply) also breaks it after its headers', async () => {
      mock.addScript({ reply: { cut_after_events: 1 } });
      const failure = await ask(client, 'Hi').catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(ConnectionLost);
      expect((failure as ConnectionLost).partial).toBe('');
    });

    test('a script never hides a client bug: a chat reply still needs valid credentials and body', async () => {
      mock.addScript({ reply: { content: 'scripted' } });
      const wrongKey = clientOf(transport, 'wrong');
      await expect(ask(wrongKey, 'Hi')).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
      await expect(
        client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }], top_logprobs: 2 }),
      ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
      const ok = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
      expect(ok.choices[0]?.message.content).toBe('scripted');
    });

    test('paging through a listing with fetch: every page in the journal, with its query', async () => {
      const all = await list('/v2/acme/evals/predictions', 50);
      expect(all).toHaveLength(120);
      expect(new Set(all.map((r) => r.prediction_id)).size).toBe(120);
      const pages = mock.requests();
      expect(pages.map((r) => r.query)).toEqual([
        { limit: '50', offset: '0' },
        { limit: '50', offset: '50' },
        { limit: '50', offset: '100' },
      ]);
      expect(pages[0]?.headers.authorization).toBe('Basic ***');
      expect(JSON.stringify(pages)).not.toContain(Buffer.from('api:mock-key').toString('base64'));
    });

    test('a scripted listing page: the app sees the scripted records and stops on the short page', async () => {
      mock.addScript({
        match: { method: 'GET', path_regex: '^/v2/acme/evals/scores$' },
        reply: { status: 200, headers: { 'content-type': 'application/jsonl' }, body: '{"score_id":"s1","value":1}\n' },
      });
      expect(await list('/v2/acme/evals/scores', 10)).toEqual([{ score_id: 's1', value: 1 }]);
    });

    test('two mocks in one process keep their journals and scripts apart', async () => {
      const other = await open();
      try {
        other.mock.addScript({ reply: { content: 'from the other mock' } });
        expect((await ask(clientOf(other), 'Hi')).text).toBe('from the other mock');
        expect((await ask(client, 'Hi')).text).not.toBe('from the other mock');
        expect(mock.requests().map((r) => r.script)).toEqual([null]);
        expect(other.mock.requests().map((r) => r.script)).toEqual(['script-1']);
        expect(mock.scripts()).toEqual([]);
      } finally {
        await other.close();
      }
    });
  });
}
