/**
 * @module §4.1 `stream: true`, the framing of the event stream: its media type, JSON payloads, the
 * `data: [DONE]` terminator, a stream cut short, an error event mid-stream. §4.1 says the shape of
 * the chunks is "not shown", so every rule here is the OpenAI/vLLM streaming convention
 * (docs/conventions.md "Streaming"): SHOULD, never MUST.
 */
import { defineCheck } from '../../src/core/check.js';
import { pass } from '../../src/core/result.js';
import { failOnRule, isProbe, probeChatStream, skipWhenAbsent } from './stream-probe.js';

const CONVENTION = 'OpenAI/vLLM streaming: Server-Sent Events of chat.completion.chunk, ended by data: [DONE]';
const USAGE = { stream_options: { include_usage: true } };
/** The checks that report a stream without events or without its terminator (a skip below names them). */
const CONTENT_TYPE = 'streaming.event-stream-content-type';
const ENDS_WITH_DONE = 'streaming.ends-with-done';
const SHAPE = 'streaming.chunks-are-chat-completion-chunks';

const eventStreamContentType = defineCheck({
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

const dataPayloadsAreJson = defineCheck({
  id: 'streaming.data-payloads-are-json',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CONVENTION,
  requirement: 'Every data: payload of the stream is a JSON value, except the [DONE] sentinel.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, USAGE);
    if (!isProbe(probe)) return probe;
    // No data: payload (an HTML page read as SSE yields none) means nothing was parsed: SKIP, not
    // pass. The absence of events is what ends-with-done and chunks-are-chat-completion-chunks fail on.
    return (
      failOnRule(probe, 'json', 'every data: payload JSON (or [DONE])') ??
      skipWhenAbsent(probe, probe.verdict.payloads === 0, 'no data: payload other than [DONE] arrived', [ENDS_WITH_DONE, SHAPE, CONTENT_TYPE]) ??
      pass(probe.verdict.notes)
    );
  },
});

const doneIsLast = defineCheck({
  id: 'streaming.done-is-last',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CONVENTION,
  requirement: 'Nothing but comments and blank lines follows data: [DONE].',
  async run(ctx) {
    const probe = await probeChatStream(ctx, USAGE);
    if (!isProbe(probe)) return probe;
    // Without a data: [DONE] nothing can follow it: SKIP, not pass. The missing terminator is
    // ends-with-done's failure.
    return (
      failOnRule(probe, 'done-last', 'data: [DONE] as the last event') ??
      skipWhenAbsent(probe, !probe.verdict.sawDone, 'the stream carried no data: [DONE]', [ENDS_WITH_DONE]) ??
      pass(probe.verdict.notes)
    );
  },
});

// A stream that ends without [DONE], or inside an event, is a truncated answer (a crashed worker, a
// proxy timeout), not a clean end: a client cannot tell it from a short completion otherwise.
const endsWithDone = defineCheck({
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

// docs/conventions.md: "An error mid-stream is sent as data: {"error": {...}} then data: [DONE]." For a
// request that is valid, such an event is the server failing the request after its 200.
const noErrorEvent = defineCheck({
  id: 'streaming.no-error-event',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: CONVENTION,
  requirement: 'A valid streamed request gets no {"error": …} event mid-stream.',
  async run(ctx) {
    const probe = await probeChatStream(ctx, USAGE);
    if (!isProbe(probe)) return probe;
    // With no data: payload at all, "no error event" holds only because nothing arrived: SKIP, not
    // pass. The empty stream is ends-with-done's and chunks-are-chat-completion-chunks' failure.
    return (
      failOnRule(probe, 'error-event', 'no error event in the stream of a valid request') ??
      skipWhenAbsent(probe, probe.verdict.payloads === 0, 'no data: payload other than [DONE] arrived', [ENDS_WITH_DONE, SHAPE]) ??
      pass()
    );
  },
});

export const framingChecks = [eventStreamContentType, dataPayloadsAreJson, doneIsLast, endsWithDone, noErrorEvent] as const;
