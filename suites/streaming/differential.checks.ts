/** @module §4.1 `stream: true` against the non-streamed answer, and the stream's timing (INFO). */
import { defineCheck, type CheckContext } from '../../src/core/check.js';
import { pass, skip } from '../../src/core/result.js';
import { arrivedAtOnce, reassembleCompletion } from '../../src/rules/chat-stream-verdict.js';
import { describeSchemaErrors } from '../../src/core/describe.js';
import { streamedCountBreach } from '../../src/rules/chat-answer.js';
import { expectCompletion, failAnswer, sendChat } from '../chat-completions/chat-exchange.js';
import { isProbe, probeChatStream, skipAbsent } from './stream-probe.js';
import { PAIR_RULES } from '../../src/rules/pair-rules.js';
import { BURST_MIN_MS, heldBack, STREAM_RULES } from '../../src/rules/stream-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';

/** The same request without stream, and its `usage[field]` (the failure when it counts none). */
async function sendUnstreamed(ctx: CheckContext, extra: Record<string, unknown>, field: string) {
  const plain = await sendChat(ctx, extra);
  const p = expectCompletion(ctx, plain, 'the same request without stream');
  if (!p.ok) return p;
  const count = (p.body.usage as Record<string, unknown> | undefined)?.[field];
  if (typeof count === 'number') return { ok: true as const, body: p.body, count };
  return {
    ok: false as const,
    outcome: failAnswer(plain, `the same request without stream answered with usage.${field}`),
  };
}

const reassemblesToValidCompletion = defineCheck({
  id: 'streaming.reassembles-to-valid-completion',
  operation: 'chat.create',
  section: '§4.1',
  level: 'SHOULD',
  convention: 'OpenAI chat.completion.chunk streaming format (deltas reassemble into the chat.completion)',
  requirement:
    'The reassembled stream is a valid non-streamed answer to the same request: a choice per index with a valid message and finish_reason, and the same prompt_tokens as the non-streamed call.',
  async run(ctx) {
    const extra = { n: 2, temperature: 0.8 };
    const probe = await probeChatStream(ctx, { ...extra, stream_options: { include_usage: true } });
    if (!isProbe(probe)) return probe;
    const completion = reassembleCompletion(probe.verdict);
    const choices = completion.choices as Array<{ index: number; finish_reason: unknown; message: { role: unknown } }>;
    if (choices.length !== 2 || choices.some((c, i) => c.index !== i)) {
      return probe.failWith(
        'a reassembled choice for each index 0..1 (n: 2)',
        `choices at indices ${JSON.stringify(choices.map((c) => c.index))}`,
      );
    }
    const unfinished = choices.find((c) => typeof c.finish_reason !== 'string' || typeof c.message.role !== 'string');
    if (unfinished) {
      return probe.failWith(
        'each reassembled choice has a role and a finish_reason',
        `choice ${unfinished.index}: role ${JSON.stringify(unfinished.message.role)}, finish_reason ${JSON.stringify(unfinished.finish_reason)}`,
      );
    }
    const v = ctx.schemas.validate('chat/chat-completion-response', completion);
    if (!v.ok)
      return probe.failWith(
        'the reassembled stream is a §4.1 chat completion',
        `${describeSchemaErrors(v.errors)} in ${JSON.stringify(completion).slice(0, 300)}`,
      );

    const p = await sendUnstreamed(ctx, extra, 'prompt_tokens');
    if (!p.ok) return p.outcome;
    const streamedPrompt = (completion.usage as { prompt_tokens?: unknown }).prompt_tokens;
    if (streamedPrompt === p.count) return pass();
    return probe.failWith(
      `usage.prompt_tokens ${p.count}, as the non-streamed answer to the same request counts`,
      `the stream's usage chunk counts prompt_tokens ${JSON.stringify(streamedPrompt)}`,
    );
  },
});

// Events arriving all at once are a stream held back (a compressing front, a buffering proxy): reported
// when it can be told from a fast generation (compressed, or a burst after BURST_MIN_MS or more).
const streamTiming = defineCheck({
  id: 'streaming.timing',
  ...checkIdentityOn(STREAM_RULES.timing, 'chat.create'),
  async run(ctx) {
    const probe = await probeChatStream(ctx, {
      max_completion_tokens: ctx.target.maxCompletionTokens,
      stream_options: { include_usage: true },
    });
    if (!isProbe(probe)) return probe;
    const t = probe.verdict.timings;
    if (t.firstEventMs === undefined || t.lastEventMs === undefined) {
      return skipAbsent(probe, 'the stream carried no SSE event', [
        'streaming.ends-with-done',
        'streaming.chunks-are-chat-completion-chunks',
      ]);
    }
    const first = Math.round(t.firstEventMs);
    const last = Math.round(t.lastEventMs);
    const notes = [
      `time to first event ${first} ms; largest gap between events ${Math.round(t.largestGapMs)} ms; ${t.events} events over ${last} ms`,
    ];
    if (!arrivedAtOnce(t)) return pass(notes);
    const held = heldBack(t, probe.headers['content-encoding']);
    if (held)
      return probe.failWith('events that arrive as they are generated, spread over the generation', held, notes);
    return pass([
      ...notes,
      `all ${t.events} events arrived at once, ${first} ms after the request; not reported: uncompressed and within ${BURST_MIN_MS} ms of the request, this cannot be told from a generation that fast`,
    ]);
  },
});

// Compared only when the two texts are the same.
const streamedTokensMatchPlain = defineCheck({
  id: 'streaming.token-count-matches-non-streamed',
  ...checkIdentityOn(PAIR_RULES.streamedCount, 'chat.create'),
  async run(ctx) {
    const extra = {
      temperature: 0,
      seed: 5,
      return_token_ids: true,
      max_completion_tokens: ctx.target.maxCompletionTokens,
    };
    const probe = await probeChatStream(ctx, { ...extra, stream_options: { include_usage: true } });
    if (!isProbe(probe)) return probe;
    const p = await sendUnstreamed(ctx, extra, 'completion_tokens');
    if (!p.ok) return p.outcome;
    const body = p.body as { choices?: { message?: { content?: unknown } }[] };
    const plainCount = p.count;
    const streamed = probe.verdict.choices[0];
    if (!streamed) return skipAbsent(probe, 'no chunk carried a choice', ['streaming.contiguous-choice-indices']);
    const plainText = body.choices?.[0]?.message?.content;
    if (typeof plainText !== 'string' || plainText !== streamed.content) {
      return skip(
        `the greedy seeded answer differs streamed and unstreamed (${JSON.stringify(streamed.content.slice(0, 40))} vs ${JSON.stringify(String(plainText).slice(0, 40))}): the token counts cannot be compared`,
      );
    }
    // Token ids were asked for: none over the chunks counts as zero.
    const usage = probe.verdict.usage?.completion_tokens;
    const breach = streamedCountBreach(plainText, plainCount, {
      content: streamed.content,
      tokenIds: streamed.tokenIds?.length ?? 0,
      ...(typeof usage === 'number' ? { completionTokens: usage } : {}),
    });
    return breach ? probe.failWith(breach.expected, breach.actual) : pass();
  },
  schedule: { maxRequests: () => 2 },
});

export const differentialChecks = [reassemblesToValidCompletion, streamTiming, streamedTokensMatchPlain] as const;
