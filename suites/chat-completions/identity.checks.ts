/**
 * @module §4.1 semantics of what identifies an answer: `request_id` returned in the response, and
 * `n` choices indexed 0..n-1.
 */
import { defineCheck } from '../../src/core/check.js';
import { fail, pass, type CheckOutcome } from '../../src/core/result.js';
import { requestIdBreach } from '../../src/rules/chat-answer.js';
import { expectCompletion, sendChat, uniqueRequestId } from './chat-exchange.js';
import { answerIn, inBothModes } from './in-mode.js';
import { CHAT_ANSWER_RULES } from '../../src/rules/chat-answer-rules.js';
import { checkIdentityOf } from '../../src/rules/rule.js';

// §4.1 request_id: "Identifier used through the whole request and returned in the response." The
// spec does not say where. We accept the three places servers of this interface put it: inside the
// response `id` (vLLM answers `chatcmpl-<request_id>`), a top-level `request_id` field, or the
// `x-request-id` header (vLLM with --enable-request-id-headers). Anywhere else is not "returned".
// Checked in both modes: §4.1 makes no exception for streaming; in a stream the id is the chunks' `id`.
const [returnsRequestId, returnsRequestIdStreamed] = inBothModes({
  id: 'chat-completions.returns-request-id',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.requestIdReturned, 'chat.create'),
  async run(ctx, mode): Promise<CheckOutcome> {
    const requestId = uniqueRequestId(ctx.seed);
    const a = await answerIn(ctx, mode, { request_id: requestId }, 'a request with request_id');
    if (!a.ok) return a.outcome;
    const { body, headers } = a;
    // The judgement is src/rules/chat-answer.ts', as the proxy's request-id-returned rule judges it.
    const breach = requestIdBreach({ request_id: requestId }, body, headers);
    if (breach)
      return a.failWith(
        `request_id ${JSON.stringify(requestId)} in the ${mode} answer: inside "id", as "request_id", or as the x-request-id header`,
        breach,
      );
    if (typeof body.id === 'string' && body.id.includes(requestId))
      return pass([`request_id returned in the id (${body.id})`]);
    if (body.request_id === requestId) return pass(['request_id returned as a top-level request_id field']);
    return pass(['request_id returned in the x-request-id header']);
  },
  schedule: { maxRequests: () => 1 },
});

// §4.1 gives `n` (default 1) and §1 "one or more generated completions (choices)"; that `n` asks for
// exactly n choices indexed 0..n-1 is the OpenAI convention vLLM follows. Temperature is above 0:
// vLLM refuses n > 1 with greedy decoding.
const nChoicesIndexed = defineCheck({
  id: 'chat-completions.n-choices-indexed',
  operation: 'chat.create',
  ...checkIdentityOf(CHAT_ANSWER_RULES.nChoices, 'chat.create'),
  async run(ctx) {
    for (const n of [2, 3]) {
      const ex = await sendChat(ctx, { n, temperature: 0.8 });
      const r = expectCompletion(ctx, ex, `a request with n: ${n}`);
      if (!r.ok) return r.outcome;
      // The rule's own judgement, the one the proxy applies to every chat answer.
      const breach = CHAT_ANSWER_RULES.nChoices.breach({ n }, r.body);
      if (breach) {
        const want = Array.from({ length: n }, (_, i) => i);
        return fail({ expected: `${n} choices with indices ${JSON.stringify(want)}`, actual: breach, exchange: ex });
      }
    }
    return pass();
  },
});

export const identityChecks = [returnsRequestId, returnsRequestIdStreamed, nChoicesIndexed] as const;

// The non-streamed halves are imported by the variant tests.
export { returnsRequestId };
