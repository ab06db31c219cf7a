/** @module §4.1 `stream: true`, the event-stream framing: media type, JSON payloads, `[DONE]`, errors (SHOULD). */
import { defineCheck } from '../../src/core/check.js';
import { pass } from '../../src/core/result.js';
import { mediaTypeOf } from '../../src/core/values.js';
import { streamRuleCheck } from './rule-check.js';
import { isProbe, probeChatStream } from './stream-probe.js';
import { STREAM_RULES } from '../../src/rules/stream-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';

const USAGE = { stream_options: { include_usage: true } };
const CONTENT_TYPE = 'streaming.event-stream-content-type';
const ENDS_WITH_DONE = 'streaming.ends-with-done';
const SHAPE = 'streaming.chunks-are-chat-completion-chunks';

const eventStreamContentType = defineCheck({
  id: CONTENT_TYPE,
  ...checkIdentityOn(STREAM_RULES.streamContentType, 'chat.create'),
  async run(ctx) {
    const probe = await probeChatStream(ctx, USAGE);
    if (!isProbe(probe)) return probe;
    if (mediaTypeOf(probe.headers['content-type']) === 'text/event-stream') return pass();
    return probe.failWith(
      'Content-Type: text/event-stream',
      `Content-Type: ${probe.headers['content-type'] ?? '(none)'}`,
    );
  },
});

export const framingChecks = [
  eventStreamContentType,
  streamRuleCheck({
    id: 'streaming.data-payloads-are-json',
    request: USAGE,
    rule: 'json',
    expected: 'every data: payload JSON (or [DONE])',
    absent: {
      when: (v) => v.payloads === 0,
      nothing: 'no data: payload other than [DONE] arrived',
      reportedBy: [ENDS_WITH_DONE, SHAPE, CONTENT_TYPE],
    },
    notes: (probe) => probe.verdict.notes,
  }),
  streamRuleCheck({
    id: 'streaming.done-is-last',
    request: USAGE,
    rule: 'done-last',
    expected: 'data: [DONE] as the last event',
    absent: { when: (v) => !v.sawDone, nothing: 'the stream carried no data: [DONE]', reportedBy: [ENDS_WITH_DONE] },
    notes: (probe) => probe.verdict.notes,
  }),
  // A stream that ends without [DONE], or inside an event, is a truncated answer (a crashed worker).
  streamRuleCheck({
    id: ENDS_WITH_DONE,
    request: USAGE,
    rule: 'complete',
    expected: 'a complete stream ending with data: [DONE]',
    notes: (probe) => probe.verdict.notes,
  }),
  // docs/conventions.md: an error mid-stream is sent as data: {"error": {...}} then data: [DONE]; for a
  // valid request, the server failing it after its 200.
  streamRuleCheck({
    id: 'streaming.no-error-event',
    request: USAGE,
    rule: 'error-event',
    expected: 'no error event in the stream of a valid request',
    absent: {
      when: (v) => v.payloads === 0,
      nothing: 'no data: payload other than [DONE] arrived',
      reportedBy: [ENDS_WITH_DONE, SHAPE],
    },
  }),
] as const;
