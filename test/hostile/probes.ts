/**
 * @module Probe checks: one per way a catalogue check talks to a target (a buffered JSON exchange,
 * an SSE stream read with `readSse`, a JSONL listing read with `readJsonl`, an unauthenticated
 * request). They are written the way the catalogue's checks are (judge what arrived; let transport
 * errors propagate to the runner), so the hostile tests cover every transport path even while the
 * catalogue is still being filled. Each judges a truncated body as "could not judge" (an error),
 * never as a verdict on the target.
 */
import { defineCheck, type CheckDefinition, type CheckSchedule } from '../../src/core/check.js';
import { fail, harnessError, pass } from '../../src/core/result.js';
import { listQuery, minimalChatRequest, pathOf } from '../../src/kit/requests.js';
import { readJsonl, readSse } from '../../src/kit/streams.js';
import type { HttpExchange } from '../../src/transport/types.js';

function describeAnswer(x: HttpExchange): string {
  const type = x.response.headers['content-type'] ?? 'no content-type';
  const first = x.response.bodyText.slice(0, 60).replace(/\s+/g, ' ');
  return `${x.response.status} ${type}: ${JSON.stringify(first)}`;
}

/**
 * The probes start before the catalogue's checks (`start: 'first'`: src/runner/run-plan.ts), so each
 * meets the target's behaviour before the run's deadline can pass and its code is exact. They send
 * one request each.
 */
const PROBE_SCHEDULE: CheckSchedule = { start: 'first', maxRequests: () => 1 };

function tooLarge(x: HttpExchange) {
  return harnessError(
    'CTS_BODY_TOO_LARGE',
    `the answer was longer than the read cap; stopped reading after ${x.response.bodyText.length} bytes`,
    x,
  );
}

export const chatJsonProbe = defineCheck({
  id: 'hostile-probe.chat-json',
  operation: 'chat.create',
  section: '§4.1',
  level: 'MUST',
  requirement: 'A chat completion request is answered with a JSON chat completion.',
  async run(ctx) {
    const x = await ctx.http.send({
      method: 'POST',
      path: pathOf(ctx.target, 'chat.create'),
      json: minimalChatRequest(ctx.target),
    });
    if (x.response.truncated) return tooLarge(x);
    if (x.response.status !== 200 || x.json === undefined)
      return fail({ expected: '200 with a JSON chat completion', actual: describeAnswer(x), exchange: x });
    const v = ctx.schemas.validate('chat/chat-completion-response', x.json);
    return v.ok
      ? pass()
      : fail({
          expected: 'a body valid against the chat completion schema',
          actual: `${v.errors.length} schema errors`,
          exchange: x,
        });
  },
  schedule: PROBE_SCHEDULE,
});

export const chatStreamProbe = defineCheck({
  id: 'hostile-probe.chat-stream',
  operation: 'chat.create',
  section: '§4.1',
  level: 'MUST',
  requirement: 'A streamed chat completion is an event stream of JSON chunks that ends with `data: [DONE]`.',
  async run(ctx) {
    const s = await ctx.http.open({
      method: 'POST',
      path: pathOf(ctx.target, 'chat.create'),
      json: minimalChatRequest(ctx.target, { stream: true }),
    });
    const evidence = { streamRequest: s.request };
    if (s.status !== 200) {
      await s.close();
      return fail({
        expected: '200 text/event-stream',
        actual: `${s.status} ${s.headers['content-type'] ?? ''}`,
        ...evidence,
      });
    }
    let done = false;
    let bad: string | undefined;
    const end = await readSse(s, (ev) => {
      if (ev.data === '[DONE]') {
        done = true;
        return 'stop';
      }
      try {
        JSON.parse(ev.data);
      } catch {
        bad ??= ev.data.slice(0, 60);
      }
      return undefined;
    });
    const excerpt = { status: s.status, headers: s.headers, firstBytes: end.firstBytes };
    if (bad !== undefined)
      return fail({
        expected: 'every event carries JSON',
        actual: `an event carried ${JSON.stringify(bad)}`,
        ...evidence,
        streamExcerpt: excerpt,
      });
    if (!done)
      return fail({
        expected: 'the stream ends with data: [DONE]',
        actual: `it ended after ${end.totalBytes} bytes without [DONE]${end.incomplete ? ', in the middle of an event' : ''}`,
        ...evidence,
        streamExcerpt: excerpt,
      });
    return pass();
  },
  schedule: PROBE_SCHEDULE,
});

export const predictionsJsonlProbe = defineCheck({
  id: 'hostile-probe.predictions-jsonl',
  operation: 'predictions.list',
  section: '§4.5',
  level: 'MUST',
  requirement: 'Listing predictions answers JSON Lines, one JSON object per line.',
  async run(ctx) {
    const s = await ctx.http.open({
      method: 'GET',
      path: pathOf(ctx.target, 'predictions.list'),
      query: listQuery(ctx.target, { limit: 5 }),
    });
    const evidence = { streamRequest: s.request };
    if (s.status !== 200) {
      await s.close();
      return fail({
        expected: '200 with JSON Lines',
        actual: `${s.status} ${s.headers['content-type'] ?? ''}`,
        ...evidence,
      });
    }
    let bad: string | undefined;
    const end = await readJsonl(s, (line) => {
      if (line.text.trim() === '') return undefined;
      try {
        JSON.parse(line.text);
      } catch {
        bad = `line ${line.number} is not JSON: ${JSON.stringify(line.text.slice(0, 60))}`;
        return 'stop';
      }
      return undefined;
    });
    if (bad !== undefined)
      return fail({
        expected: 'one JSON object per line',
        actual: bad,
        ...evidence,
        streamExcerpt: { status: s.status, headers: s.headers, firstBytes: end.firstBytes },
      });
    return pass();
  },
  schedule: PROBE_SCHEDULE,
});

export const unauthenticatedProbe = defineCheck({
  id: 'hostile-probe.rejects-missing-credentials',
  operation: 'predictions.read',
  section: '§5',
  level: 'MUST',
  requirement: 'A request without credentials is answered 401.',
  async run(ctx) {
    const x = await ctx.http.send({
      method: 'GET',
      path: pathOf(ctx.target, 'predictions.read', { prediction_id: 'p-1' }),
      auth: 'none',
    });
    if (x.response.truncated) return tooLarge(x);
    return x.response.status === 401 ? pass() : fail({ expected: '401', actual: describeAnswer(x), exchange: x });
  },
  schedule: PROBE_SCHEDULE,
});

/** Every probe, in report order. */
export const PROBES: readonly CheckDefinition[] = [
  chatJsonProbe,
  chatStreamProbe,
  predictionsJsonlProbe,
  unauthenticatedProbe,
];
