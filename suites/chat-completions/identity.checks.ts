/** @module §4.1 identity of an answer: `request_id` returned, and `n` choices indexed 0..n-1. */
import { defineCheck } from '../../src/core/check.js';
import { pass, type CheckOutcome } from '../../src/core/result.js';
import { requestIdBreach } from '../../src/rules/chat-answer.js';
import { uniqueRequestId } from './chat-exchange.js';
import { answerIn, inBothModes } from './in-mode.js';
import { CHAT_ANSWER_RULES } from '../../src/rules/chat-answer-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';

// §4.1 does not say where request_id is returned: in `id` (vLLM), a `request_id` field, or `x-request-id`.
const [returnsRequestId, returnsRequestIdStreamed] = inBothModes({
  id: 'chat-completions.returns-request-id',
  ...checkIdentityOn(CHAT_ANSWER_RULES.requestIdReturned, 'chat.create'),
  async run(ctx, mode): Promise<CheckOutcome> {
    const requestId = uniqueRequestId(ctx.seed);
    const a = await answerIn(ctx, mode, { request_id: requestId }, 'a request with request_id', {
      expected: `request_id ${JSON.stringify(requestId)} in the ${mode} answer: inside "id", as "request_id", or as the x-request-id header`,
      breach: (body, headers) => requestIdBreach({ request_id: requestId }, body, headers),
    });
    if (!a.ok) return a.outcome;
    const { body } = a;
    if (typeof body.id === 'string' && body.id.includes(requestId))
      return pass([`request_id returned in the id (${body.id})`]);
    if (body.request_id === requestId) return pass(['request_id returned as a top-level request_id field']);
    return pass(['request_id returned in the x-request-id header']);
  },
  schedule: { maxRequests: () => 1 },
});

// Temperature above 0: vLLM refuses n > 1 with greedy decoding.
const nChoicesIndexed = defineCheck({
  id: 'chat-completions.n-choices-indexed',
  ...checkIdentityOn(CHAT_ANSWER_RULES.nChoices, 'chat.create'),
  async run(ctx) {
    for (const n of [2, 3]) {
      const want = Array.from({ length: n }, (_, i) => i);
      const r = await answerIn(ctx, 'non-streamed', { n, temperature: 0.8 }, `a request with n: ${n}`, {
        expected: `${n} choices with indices ${JSON.stringify(want)}`,
        breach: (body) => CHAT_ANSWER_RULES.nChoices.breach({ n }, body),
      });
      if (!r.ok) return r.outcome;
    }
    return pass();
  },
});

export const identityChecks = [returnsRequestId, returnsRequestIdStreamed, nChoicesIndexed] as const;

// The non-streamed halves are imported by the variant tests.
export { returnsRequestId };
