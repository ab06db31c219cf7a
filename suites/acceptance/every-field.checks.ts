/**
 * @module Every documented request field accepted (§4.1, §4.2, §4.4): a few realistic requests that
 * together carry every field of the request schemas and every value they name, each obeying the
 * conventions' rules, are answered 2xx (MUST: every field is part of the request the interface
 * describes; a valid request gets the success response). Chat is sent in both modes. The random
 * acceptance properties send few fields per request; these make sure none is left out.
 */
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { operation, type OperationId } from '../../src/core/operations.js';
import { pass, type CheckOutcome } from '../../src/core/result.js';
import { everyFieldChatRequests, everyFieldTrainingRequests } from '../../src/generation/index.js';
import { pathOf } from '../../src/kit/requests.js';
import type { SchemaName } from '../../src/schemas/registry.js';
import { caseCount, casesOf } from '../errors/each-constraint.checks.js';
import { isProbe, probeChatStream } from '../streaming/stream-probe.js';
import { slugOf } from '../../src/kit/baseline.js';
import { failOf, judgeSuccess } from './success.checks.js';

/** How many chat requests one mode's set holds (one per way of constraining output). */
const CHAT_SET_SIZE = 9;

const label = (op: OperationId): string => `${operation(op).method} ${operation(op).path}`;
const chatOptions = (ctx: CheckContext, mode: 'non-streamed' | 'streamed') => ({
  ...(ctx.target.model !== undefined ? { model: ctx.target.model } : {}),
  maxCompletionTokens: ctx.target.maxCompletionTokens,
  mode,
});
/** Names the request of a set in a failure: which fields it carried. */
const which = (i: number, body: Record<string, unknown>): string =>
  `request ${i + 1} of the every-field set (${Object.keys(body).length} fields: ${Object.keys(body).join(', ')})`;

const chatNonStreamed = defineCheck({
  id: 'acceptance.every-field-accepted.chat-create',
  operation: 'chat.create',
  section: '§4.1',
  level: 'MUST',
  requirement: `${label('chat.create')} accepts realistic requests that together carry every §4.1 field and named value, answering 2xx with a valid chat completion.`,
  maxRequests: () => CHAT_SET_SIZE,
  async run(ctx) {
    for (const [i, body] of everyFieldChatRequests(chatOptions(ctx, 'non-streamed'), ctx.seed).entries()) {
      const r = judgeSuccess(
        ctx,
        await ctx.http.send({ method: 'POST', path: pathOf(ctx.target, 'chat.create'), json: body }),
        'chat/chat-completion-response',
        { precondition: 'chat.create' },
      );
      if (!r.ok) return failOf({ ...r, expected: `${which(i, body)}: ${r.expected}` });
    }
    return pass([`${CHAT_SET_SIZE} requests carrying every §4.1 field accepted`]);
  },
});

const chatStreamed = defineCheck({
  id: 'acceptance.every-field-accepted.chat-create-streamed',
  operation: 'chat.create',
  section: '§4.1',
  level: 'MUST',
  requirement: `${label('chat.create')} accepts the same requests with stream: true (every §4.1 field a streamed request may carry), answering 2xx with a stream that carries no error event.`,
  maxRequests: () => CHAT_SET_SIZE,
  async run(ctx): Promise<CheckOutcome> {
    for (const [i, body] of everyFieldChatRequests(chatOptions(ctx, 'streamed'), ctx.seed).entries()) {
      const probe = await probeChatStream(ctx, body);
      if (!isProbe(probe)) return { ...probe, expected: `${which(i, body)}: ${probe.expected}` };
      const errors = probe.verdict.findings.filter((f) => f.rule === 'error-event');
      if (errors.length)
        return probe.failWith(
          `${which(i, body)}: a stream without an error event`,
          errors.map((f) => f.message).join('; '),
        );
    }
    return pass([`${CHAT_SET_SIZE} streamed requests carrying every §4.1 field accepted`]);
  },
});

function trainingCheck(
  op: 'training-jobs.create' | 'trajectories.log',
  bodies: (ctx: CheckContext) => Record<string, unknown>[],
  schema: SchemaName,
  bodyOptional: boolean,
): CheckDefinition {
  const o = operation(op);
  return defineCheck({
    id: `acceptance.every-field-accepted.${slugOf(op)}`,
    operation: op,
    section: o.section,
    level: 'MUST',
    requirement: `${label(op)} accepts realistic requests that together carry every ${o.section} field and named value, answering 2xx.`,
    writes: true,
    maxRequests: () => 2,
    async run(ctx) {
      for (const [i, body] of bodies(ctx).entries()) {
        const r = judgeSuccess(
          ctx,
          await ctx.http.send({ method: 'POST', path: pathOf(ctx.target, op), json: body }),
          schema,
          { bodyOptional, precondition: op },
        );
        if (!r.ok) return failOf({ ...r, expected: `${which(i, body)}: ${r.expected}` });
      }
      return pass();
    },
  });
}

/** §8 (and any bound a request schema documents): a value at the bound is accepted. Only chat has bounds today. */
const boundsAccepted = defineCheck({
  id: 'acceptance.documented-bounds-accepted.chat-create',
  operation: 'chat.create',
  section: '§8',
  level: 'MUST',
  requirement: `${label('chat.create')} accepts each documented bound (§8: seed and truncate_prompt_tokens) at the bound, the signed 64-bit limits standing for the printed ±9223372036854776000.`,
  maxRequests: () => caseCount('chat.create', 'accepted'),
  async run(ctx) {
    const cases = casesOf(ctx, 'chat.create', 'accepted');
    for (const c of cases) {
      const ex = await ctx.http.send({
        method: 'POST',
        path: pathOf(ctx.target, 'chat.create'),
        body: c.text,
        headers: { 'content-type': 'application/json' },
      });
      const r = judgeSuccess(ctx, ex, 'chat/chat-completion-response', { precondition: 'chat.create' });
      if (!r.ok) return failOf({ ...r, expected: `a body with ${c.label}: ${r.expected}` });
    }
    return pass([`${cases.length} bound value(s) accepted`]);
  },
});

export const everyFieldChecks: readonly CheckDefinition[] = [
  chatNonStreamed,
  chatStreamed,
  boundsAccepted,
  trainingCheck(
    'training-jobs.create',
    (ctx) => [everyFieldTrainingRequests({ modelId: ctx.target.modelId }, ctx.seed).create],
    'training/training-job',
    false,
  ),
  // §4.4: "Body of a successful response: not shown".
  trainingCheck(
    'trajectories.log',
    (ctx) => everyFieldTrainingRequests({ modelId: ctx.target.modelId }, ctx.seed).logs,
    'training/log-trajectories-response',
    true,
  ),
];
