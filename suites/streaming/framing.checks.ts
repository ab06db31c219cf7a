/**
 * @module §4.1 `stream: true`, the framing of the event stream: its media type, JSON payloads, the
 * `data: [DONE]` terminator, a stream cut short, an error event mid-stream. §4.1 says the shape of
 * the chunks is "not shown", so every rule here is the OpenAI/vLLM streaming convention
 * (conventions.md "Streaming"): SHOULD, never MUST.
 */
import { defineCheck } from '../../src/core/check.js';
import { pass } from '../../src/core/result.js';
import { failOnRule, isProbe, probeChatStream } from './stream-probe.js';

const CONVENTION = 'OpenAI/vLLM streaming: Server-Sent Events of chat.completion.chunk, ended by data: [DONE]';
const USAGE = { stream_options: { include_usage: true } };

export const eventStreamContentType = defineCheck({
  id: 'streaming.event-stream-content-type',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CONVENTION,
  requirement: 'A streamed chat completion is answered with Content-Type text/event-stream.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, USAGE);
    if (!isProbe(probe)) return probe;
    const type = (probe.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (type === 'text/event-stream') return pass();
    return probe.failWith('Content-Type: text/event-stream', `Content-Type: ${probe.headers['content-type'] ?? '(none)'}`);
  },
});

export const dataPayloadsAreJson = defineCheck({
  id: 'streaming.data-payloads-are-json',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CONVENTION,
  requirement: 'Every data: payload of the stream is a JSON value, except the [DONE] sentinel.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, USAGE);
    if (!isProbe(probe)) return probe;
    return failOnRule(probe, 'json', 'every data: payload JSON (or [DONE])') ?? pass(probe.verdict.notes);
  },
});

export const doneIsLast = defineCheck({
  id: 'streaming.done-is-last',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CONVENTION,
  requirement: 'Nothing but comments and blank lines follows data: [DONE].',
  async run(ctx) {
    const probe = await probeChatStream(ctx, USAGE);
    if (!isProbe(probe)) return probe;
    return failOnRule(probe, 'done-last', 'data: [DONE] as the last event') ?? pass(probe.verdict.notes);
  },
});

// A stream that ends without [DONE], or inside an event, is a truncated answer (a crashed worker, a
// proxy timeout), not a clean end: a client cannot tell it from a short completion otherwise.
export const endsWithDone = defineCheck({
  id: 'streaming.ends-with-done',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CONVENTION,
  requirement: 'The stream is complete: it ends with data: [DONE] and no event is left without its blank line (a stream cut short is a failure).',
  async run(ctx) {
    const probe = await probeChatStream(ctx, USAGE);
    if (!isProbe(probe)) return probe;
    return failOnRule(probe, 'complete', 'a complete stream ending with data: [DONE]') ?? pass(probe.verdict.notes);
  },
});

// conventions.md: "An error mid-stream is sent as data: {"error": {...}} then data: [DONE]." For a
// request that is valid, such an event is the server failing the request after its 200.
export const noErrorEvent = defineCheck({
  id: 'streaming.no-error-event',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CONVENTION,
  requirement: 'A valid streamed request gets no {"error": …} event mid-stream.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, USAGE);
    if (!isProbe(probe)) return probe;
    return failOnRule(probe, 'error-event', 'no error event in the stream of a valid request') ?? pass();
  },
});

export const framingChecks = [eventStreamContentType, dataPayloadsAreJson, doneIsLast, endsWithDone, noErrorEvent] as const;
