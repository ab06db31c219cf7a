/** @module Every documented request field and value of §4.1, §4.2, §4.4 accepted in a few realistic requests (MUST). */
import { ACCEPTANCE_RULES } from '../../src/rules/acceptance-rules.js';
import { checkIdentityOn, checkIdOf } from '../../src/rules/rule.js';
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { operationLabel } from '../../src/core/operations.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { is2xx } from '../../src/core/values.js';
import { refusedCombinationFailure, refusedCombinationOf, SHRINK_PROBES } from '../../src/kit/refused-combination.js';
import { everyFieldChatRequests, everyFieldTrainingRequests } from '../../src/generation/index.js';
import { fitToWindow, sendChatWithin, sizeRefusalIn, sizeSkip } from '../../src/kit/context-window.js';
import { pathOf } from '../../src/kit/requests.js';
import type { SchemaName } from '../../src/schemas/registry.js';
import { caseCount, casesOf } from '../errors/each-constraint.checks.js';
import { isProbe, probeChatStream } from '../streaming/stream-probe.js';
import { sendRawChat } from '../chat-completions/chat-exchange.js';
import { chatDrawOptions, failOf, fitOutcome, judgeSuccess } from './success.checks.js';

/** How many chat requests one mode's set holds (one per way of constraining output). */
const CHAT_SET_SIZE = 9;

const chatOptions = (ctx: CheckContext, mode: 'non-streamed' | 'streamed') => ({ ...chatDrawOptions(ctx), mode });
const setOutcome = (accepted: string, tooLarge: readonly string[]): CheckOutcome =>
  fitOutcome([accepted], tooLarge, CHAT_SET_SIZE, ` of ${CHAT_SET_SIZE} requests`);
const which = (i: number, body: Record<string, unknown>): string =>
  `request ${i + 1} of the every-field set (${Object.keys(body).length} fields: ${Object.keys(body).join(', ')})`;

const EVERY_FIELD_CHAT = 'acceptance.every-field-accepted.chat-create';
const EVERY_FIELD_STREAMED = 'acceptance.every-field-accepted.chat-create-streamed';

/** A refused request as the combination of fields the target refuses, or undefined (the minimal request is refused too). */
async function combinationFailure(
  ctx: CheckContext,
  checkId: string,
  body: Record<string, unknown>,
  status: number,
): Promise<CheckOutcome | undefined> {
  if (is2xx(status)) return undefined;
  const c = await refusedCombinationOf(ctx, checkId, body, status);
  return c ? fail(refusedCombinationFailure(c)) : undefined;
}

const chatNonStreamed = defineCheck({
  id: EVERY_FIELD_CHAT,
  ...checkIdentityOn(ACCEPTANCE_RULES.everyFieldAccepted, 'chat.create'),
  async run(ctx) {
    const tooLarge: string[] = [];
    for (const [i, body] of everyFieldChatRequests(chatOptions(ctx, 'non-streamed'), ctx.seed).entries()) {
      const sent = await sendChatWithin(
        ctx,
        body,
        (json) => ctx.http.send({ method: 'POST', path: pathOf(ctx.target, 'chat.create'), json }),
        which(i, body),
      );
      if (!sent.ok) {
        tooLarge.push(sent.reason);
        continue;
      }
      const r = judgeSuccess(ctx, sent.ex, 'chat/chat-completion-response', { precondition: 'chat.create' });
      if (r.ok) continue;
      const refused = await combinationFailure(ctx, EVERY_FIELD_CHAT, sent.body, sent.ex.response.status);
      return refused ?? failOf({ ...r, expected: `${which(i, sent.body)}: ${r.expected}` });
    }
    return setOutcome(`${CHAT_SET_SIZE - tooLarge.length} requests carrying every §4.1 field accepted`, tooLarge);
  },
  schedule: { maxRequests: () => CHAT_SET_SIZE + SHRINK_PROBES + 1 },
});

const chatStreamed = defineCheck({
  id: EVERY_FIELD_STREAMED,
  ...checkIdentityOn(ACCEPTANCE_RULES.everyFieldAccepted, 'chat.create', true),
  async run(ctx): Promise<CheckOutcome> {
    const tooLarge: string[] = [];
    for (const [i, drawn] of everyFieldChatRequests(chatOptions(ctx, 'streamed'), ctx.seed).entries()) {
      const fitted = fitToWindow(ctx, drawn, which(i, drawn));
      const probe = fitted.ok ? await probeChatStream(ctx, fitted.body) : skip(fitted.reason);
      if (probe.status === 'skip') {
        tooLarge.push(probe.reason);
        continue;
      }
      const body = fitted.ok ? fitted.body : drawn;
      if (!isProbe(probe)) {
        const status = probe.streamExcerpt?.status;
        const refused =
          status === undefined ? undefined : await combinationFailure(ctx, EVERY_FIELD_STREAMED, body, status);
        return refused ?? { ...probe, expected: `${which(i, body)}: ${probe.expected}` };
      }
      const errors = probe.verdict.findings.filter((f) => f.rule === 'error-event');
      if (errors.length)
        return probe.failWith(
          `${which(i, body)}: a stream without an error event`,
          errors.map((f) => f.message).join('; '),
        );
    }
    return setOutcome(
      `${CHAT_SET_SIZE - tooLarge.length} streamed requests carrying every §4.1 field accepted`,
      tooLarge,
    );
  },
  // The set, and one shrink of a refused request to the combination it stands for.
  schedule: { maxRequests: () => CHAT_SET_SIZE + SHRINK_PROBES + 1 },
});

function trainingCheck(
  op: 'training-jobs.create' | 'trajectories.log',
  bodies: (ctx: CheckContext) => Record<string, unknown>[],
  schema: SchemaName,
  bodyOptional: boolean,
): CheckDefinition {
  return defineCheck({
    id: checkIdOf(ACCEPTANCE_RULES.everyFieldAccepted, op),
    ...checkIdentityOn(ACCEPTANCE_RULES.everyFieldAccepted, op),
    writes: true,
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
    schedule: { maxRequests: () => 2 },
  });
}

/** §8 (and any bound a request schema documents): a value at the bound is accepted. */
const BOUNDS_ACCEPTED = 'acceptance.documented-bounds-accepted.chat-create';
const boundsAccepted = defineCheck({
  id: BOUNDS_ACCEPTED,
  operation: 'chat.create',
  section: '§8',
  level: 'MUST',
  requirement: `${operationLabel('chat.create')} accepts each documented bound (§8: seed and truncate_prompt_tokens) at the bound, the signed 64-bit limits standing for the printed ±9223372036854776000.`,
  async run(ctx) {
    const cases = casesOf(ctx, 'chat.create', 'accepted');
    // Exact JSON texts (64-bit literals): one refused for its size is not judged.
    const tooLarge: string[] = [];
    for (const c of cases) {
      const ex = await sendRawChat(ctx, c.text);
      const refusal = sizeRefusalIn(ctx, ex);
      if (refusal) {
        tooLarge.push(sizeSkip(refusal, `a body with ${c.label}`).reason);
        continue;
      }
      const r = judgeSuccess(ctx, ex, 'chat/chat-completion-response', { precondition: 'chat.create' });
      if (r.ok) continue;
      const body = JSON.parse(c.text) as Record<string, unknown>;
      const refused = await combinationFailure(ctx, BOUNDS_ACCEPTED, body, ex.response.status);
      return refused ?? failOf({ ...r, expected: `a body with ${c.label}: ${r.expected}` });
    }
    return fitOutcome([`${cases.length - tooLarge.length} bound value(s) accepted`], tooLarge, cases.length, '');
  },
  schedule: { maxRequests: () => caseCount('chat.create', 'accepted') + SHRINK_PROBES + 1 },
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
