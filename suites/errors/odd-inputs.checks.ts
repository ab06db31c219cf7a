/** @module Inputs that crash real servers: answered 4xx or 2xx, never 5xx, with no internals leaked (SHOULD). */
import { judgeSettings, judgeTools, seenExchange } from '../../src/kit/request-seen.js';
import { ACCEPTANCE_RULES } from '../../src/rules/acceptance-rules.js';
import { ANSWER_RULES } from '../../src/rules/answer-rules.js';
import { checkIdentityOn, checkIdOf } from '../../src/rules/rule.js';
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { operation, type OperationId } from '../../src/core/operations.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { is2xx } from '../../src/core/values.js';
import { laxlyValid } from '../../src/generation/index.js';
import { describeResponse } from '../../src/core/describe.js';
import { listQuery, minimalChatRequest, pathOf } from '../../src/kit/requests.js';
import type { HttpExchange, HttpRequestSpec } from '../../src/transport/types.js';
import { logRequest, slugOf, trainingJobRequest } from '../../src/kit/baseline.js';
import { errorMessageOf, internalsIn } from '../../src/rules/error-shape.js';
import { failAnswer } from '../chat-completions/chat-exchange.js';

interface OddInput {
  readonly label: string;
  spec(ctx: CheckContext): HttpRequestSpec;
}

const NESTED_JUNK = { a: { b: [null, { c: 1e308, d: '\u0000' }, [[[]]]] }, e: -0, f: '' };
const HUGE = '99999999999999999999999999999999';

const post =
  (op: OperationId, json: unknown) =>
  (ctx: CheckContext): HttpRequestSpec => ({ method: 'POST', path: pathOf(ctx.target, op), json });
const chat = (label: string, extra: Record<string, unknown>): OddInput => ({
  label,
  spec: (ctx) => post('chat.create', minimalChatRequest(ctx.target, extra))(ctx),
});
const user = (content: unknown) => [{ role: 'user', content }];
const junkInputs = (op: OperationId, base: (ctx: CheckContext) => Record<string, unknown>): OddInput[] => [
  { label: 'a NUL byte and nested junk in a trajectory', spec: (ctx) => post(op, withJunk(base(ctx)))(ctx) },
  { label: "nested junk in a trajectory's metrics", spec: (ctx) => post(op, withJunk(base(ctx), 'metrics'))(ctx) },
];

const ODD_INPUTS: Partial<Record<OperationId, readonly OddInput[]>> = {
  'chat.create': [
    chat('`messages: []`', { messages: [] }),
    chat('`messages: [{}]`', { messages: [{}] }),
    chat('a message with `role: 123`', { messages: [{ role: 123, content: 'hi' }] }),
    chat('a message with `content: 123`', { messages: user(123) }),
    chat('two assistant messages in a row', {
      messages: [...user('hi'), { role: 'assistant', content: 'a' }, { role: 'assistant', content: 'b' }],
    }),
    chat('a NUL byte in the content', { messages: user('before\u0000after') }),
    chat(
      'nested junk in the free-form objects (engine_xargs, kv_transfer_params, chat_template_kwargs, mm_processor_kwargs)',
      {
        engine_xargs: NESTED_JUNK,
        kv_transfer_params: NESTED_JUNK,
        chat_template_kwargs: NESTED_JUNK,
        mm_processor_kwargs: NESTED_JUNK,
      },
    ),
    chat('an unknown `response_format.type`', { response_format: { type: 'conformance_unknown_format' } }),
  ],
  'training-jobs.create': junkInputs('training-jobs.create', trainingJobRequest),
  'trajectories.log': junkInputs('trajectories.log', () => logRequest()),
  'predictions.list': listInputs('predictions.list'),
  'scores.list': listInputs('scores.list'),
};

/** The body with a NUL byte in the first message and junk in the first trajectory's `field`. */
function withJunk(body: Record<string, unknown>, field: 'metadata' | 'metrics' = 'metadata'): Record<string, unknown> {
  const copy = structuredClone(body) as { trajectory_groups?: { trajectories?: Record<string, unknown>[] }[] };
  const t = copy.trajectory_groups?.[0]?.trajectories?.[0];
  if (t) {
    t[field] = NESTED_JUNK;
    const first = (t.messages_and_choices as Record<string, unknown>[] | undefined)?.[0];
    if (first && typeof first.content === 'string') first.content += '\u0000';
  }
  return copy as Record<string, unknown>;
}

function listInputs(op: OperationId): OddInput[] {
  return (['limit', 'offset'] as const).map((param) => ({
    label: `a huge \`${param}\` (${HUGE})`,
    spec: (ctx) => ({
      method: 'GET',
      path: pathOf(ctx.target, op),
      query: { ...listQuery(ctx.target, {}), [ctx.target.listParams[param]]: HUGE },
    }),
  }));
}

/** Opens a listing without reading it whole: the status is all this check needs. */
async function statusOf(
  ctx: CheckContext,
  spec: HttpRequestSpec,
): Promise<HttpExchange | { status: number; close(): Promise<void>; request: HttpExchange['request'] }> {
  if (spec.method !== 'GET') return ctx.http.send(spec);
  const stream = await ctx.http.open(spec);
  return { status: stream.status, request: stream.request, close: () => stream.close() };
}

function never5xx(op: OperationId, inputs: readonly OddInput[]): CheckDefinition {
  const o = operation(op);
  return defineCheck({
    id: checkIdOf(ANSWER_RULES.never5xx, op),
    ...checkIdentityOn(ANSWER_RULES.never5xx, op),
    ...(o.writes ? { writes: true } : {}),
    async run(ctx): Promise<CheckOutcome> {
      for (const input of inputs) {
        const spec = input.spec(ctx);
        const answer = await statusOf(ctx, spec);
        if ('close' in answer) {
          await answer.close();
          // A huge limit or offset is a query the interface allows: a 5xx breaks acceptance too.
          const response = { status: answer.status, headers: {}, bodyText: '', truncated: false, durationMs: 0 };
          handValidRequest(ctx, op, { request: answer.request, response, json: undefined });
          if (answer.status >= 500)
            return fail({
              expected: `${input.label}: a 4xx or a 2xx`,
              actual: `HTTP ${answer.status}`,
              streamRequest: answer.request,
              streamExcerpt: { status: answer.status, headers: {}, firstBytes: '' },
            });
          continue;
        }
        handOff(ctx, op, `errors.rejects-invalid-body.${slugOf(op)}`, input.label, spec, answer);
        if (answer.response.status >= 500) return failAnswer(answer, `${input.label}: a 4xx or a 2xx, never a 5xx`);
      }
      return pass();
    },
    schedule: { maxRequests: () => inputs.length },
  });
}

/** A valid (if odd) request the server failed on: the acceptance rule's breach, handed to its check. */
function handValidRequest(ctx: CheckContext, op: OperationId, ex: HttpExchange): void {
  if (!ctx.report || ex.response.status < 500) return;
  const settings = judgeSettings({
    tools: judgeTools(ctx.schemas),
    priorityScheduling: ctx.target.priorityScheduling,
    listParams: ctx.target.listParams,
  });
  const rule = ACCEPTANCE_RULES.validRequestSucceeds;
  const v = rule.judge(seenExchange(operation(op), ex, ctx.target.baseUrl, settings));
  if (v !== undefined && v !== 'held') ctx.report(checkIdOf(rule, op), { ...v, exchange: ex });
}

/** Hands `owner` the exchange of a body that breaks `op`'s request schema under every lax reading, answered 2xx or 5xx. */
function handOff(
  ctx: CheckContext,
  op: OperationId,
  owner: string,
  what: string,
  spec: HttpRequestSpec,
  ex: HttpExchange,
): void {
  handValidRequest(ctx, op, ex);
  const schema = operation(op).requestSchema;
  const s = ex.response.status;
  if (!ctx.report || schema === undefined || spec.json === undefined || !(is2xx(s) || s >= 500)) return;
  // decisions/0004: refused by the schema and every lax reading, no conformant server accepts it.
  if (ctx.schemas.validate(schema, spec.json).ok || laxlyValid(schema, spec.json)) return;
  ctx.report(owner, {
    expected: `a 4xx rejection: ${what}`,
    actual: `${describeResponse(ex)}: ${is2xx(s) ? 'the request was accepted' : 'a server error instead of a rejection'}`,
    exchange: ex,
  });
}

/** The error-message check of `op`: `invalid` breaks the request shape (`what` says how), a refusal `owner`'s rule. */
function noInternals(
  op: OperationId,
  what: string,
  invalid: (ctx: CheckContext) => HttpRequestSpec,
  owner: string,
): CheckDefinition {
  const o = operation(op);
  return defineCheck({
    id: checkIdOf(ANSWER_RULES.errorWithoutInternals, op),
    ...checkIdentityOn(ANSWER_RULES.errorWithoutInternals, op),
    ...(o.writes ? { writes: true } : {}),
    async run(ctx): Promise<CheckOutcome> {
      const spec: HttpRequestSpec = { ...invalid(ctx), expect: 'refusal' };
      const ex = await ctx.http.send(spec);
      handOff(ctx, op, owner, what, spec, ex);
      // The subject is the message, not the status: acceptance and a 5xx are the owner's failures,
      // but a 5xx's message is judged all the same (a traceback leaks from a 500 as from a 400).
      if (ex.response.status < 400)
        return skip(`no error to judge: the invalid request was accepted (HTTP ${ex.response.status}); see ${owner}`);
      const failWith = (expected: string, what: string) =>
        fail({ expected, actual: `${describeResponse(ex)}: ${what}`, exchange: ex });
      const message = errorMessageOf(ex.json ?? ex.response.bodyText);
      if (message.trim() === '') return failWith('an error body whose message says what is wrong', 'no message');
      const leak = internalsIn(message) ?? internalsIn(ex.response.bodyText);
      if (leak) return failWith("an error message without the server's internals", leak);
      return pass(
        ex.response.status >= 500 ? [`refused with HTTP ${ex.response.status}, not a 4xx: see ${owner}`] : [],
      );
    },
    schedule: { maxRequests: () => 1 },
  });
}

export const oddInputChecks: readonly CheckDefinition[] = [
  ...Object.entries(ODD_INPUTS).map(([op, inputs]) => never5xx(op as OperationId, inputs)),
  noInternals(
    'chat.create',
    '`temperature` a string ("very hot") where a number belongs',
    (ctx) => post('chat.create', minimalChatRequest(ctx.target, { temperature: 'very hot' }))(ctx),
    'errors.rejects-invalid-body.chat-create',
  ),
  noInternals(
    'training-jobs.create',
    '`model_id` not a UUID ("not-a-uuid")',
    (ctx) => post('training-jobs.create', { ...trainingJobRequest(ctx), model_id: 'not-a-uuid' })(ctx),
    'training-jobs.rejects-non-uuid-model-id',
  ),
  noInternals(
    'trajectories.log',
    '`split` a number (123) where a string belongs, no `trajectory_groups`',
    post('trajectories.log', { split: 123 }),
    'errors.rejects-invalid-body.trajectories-log',
  ),
];
