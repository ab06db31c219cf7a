/**
 * A proxy's report carries its kept pair halves with each exchange's evidence and what the exchange's
 * other rules said of the half's check: made when the report is, from what the ended exchange left.
 */
import { expect, test } from 'vitest';
import { DEFAULT_TOKEN } from '../core/defaults.js';
import { ProxySession } from './session.js';

const HEADERS = { authorization: `Bearer ${DEFAULT_TOKEN}`, 'content-type': 'application/json' };

/** One JSON chat exchange through the session: `answer` as the upstream's body. */
function chat(session: ProxySession, request: object, answer: object): void {
  const j = session.open('POST', '/v1/chat/completions', HEADERS);
  j.requestChunk(Buffer.from(JSON.stringify(request)));
  j.requestEnd();
  j.responseHead(200, { 'content-type': 'application/json' });
  j.responseChunk(Buffer.from(JSON.stringify(answer)));
  j.responseEnd();
}

const answer = (n: number, prompt: number) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'm',
  choices: Array.from({ length: n }, (_, index) => ({
    index,
    message: { role: 'assistant', content: 'hi' },
    finish_reason: 'stop',
  })),
  usage: { prompt_tokens: prompt, completion_tokens: n, total_tokens: prompt + n },
});

test('kept halves carry their exchange evidence and the other rules outcome, made when the report is', () => {
  const session = new ProxySession({ target: 'https://gw.example.com', maxBodyBytes: 1 << 20, replay: 'x' });
  const request = { model: 'm', messages: [{ role: 'user', content: 'count me once' }] };
  chat(session, request, answer(1, 5));
  chat(session, { ...request, n: 2 }, answer(2, 10));
  const { halves } = session.pairs.report();
  const prompt = halves.filter((h) => h.id === 'chat-completions.prompt-tokens-once-for-n');
  expect(prompt).toHaveLength(2);
  for (const h of prompt) {
    // The evidence is the exchange's own: its request as sent, the answer's status, a curl line.
    expect(h.evidence?.request?.url).toBe('https://gw.example.com/v1/chat/completions');
    expect(h.evidence?.request?.body).toContain('count me once');
    expect(h.evidence?.response?.status).toBe(200);
  }
  expect(prompt[1]!.evidence?.request?.body).toContain('"n":2');
  // The second exchange broke the rule by the pair alone: no other rule judged its check.
  expect(prompt.map((h) => h.others)).toEqual([undefined, undefined]);
});
