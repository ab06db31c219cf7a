/** @module Bodies no reading accepts get a 4xx (MUST) with a known error body; lenient inputs observed (INFO). */
import type fc from 'fast-check';
import { refusalVerdict } from '../../src/rules/answer-facts.js';
import { ANSWER_RULES } from '../../src/rules/answer-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';
import { defineCheck, propertyRequests, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { operation, operationLabel } from '../../src/core/operations.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import {
  prepareCatalogue,
  realisticChatRequest,
  realisticLogRequest,
  realisticTrainingJobRequest,
  type NegativeCase,
  type Strictness,
} from '../../src/generation/index.js';
import { describeResponse, describeSchemaErrors } from '../../src/core/describe.js';
import { checkEnumerated, checkProperty, type EnumeratedCase, type ProbeResult } from '../../src/kit/property.js';
import { pathOf } from '../../src/kit/requests.js';
import type { SchemaName } from '../../src/schemas/registry.js';
import type { HttpExchange, HttpRequestSpec } from '../../src/transport/types.js';
import { slugOf } from '../../src/kit/baseline.js';
import { enumeratedNegatives, negativesOnBase } from './realistic-negatives.js';
import { is2xx, is4xx, mediaTypeOf, memo } from '../../src/core/values.js';
import { ERROR_SHAPE_CONVENTION, judgeErrorBody } from '../../src/rules/error-shape.js';

export type BodyOperation = 'chat.create' | 'training-jobs.create' | 'trajectories.log';

interface BodyOperationInfo {
  readonly requestSchema: SchemaName;
  readonly responseSchema: SchemaName;
  readonly base: (ctx: Pick<CheckContext, 'target'>) => fc.Arbitrary<Record<string, unknown>>;
}

const BODY_OPERATIONS: Record<BodyOperation, BodyOperationInfo> = {
  'chat.create': {
    requestSchema: 'chat/chat-completion-request',
    responseSchema: 'chat/chat-completion-response',
    base: (ctx) =>
      realisticChatRequest({
        ...(ctx.target.model !== undefined ? { model: ctx.target.model } : {}),
        maxCompletionTokens: ctx.target.maxCompletionTokens,
      }),
  },
  'training-jobs.create': {
    requestSchema: 'training/training-job-create-request',
    responseSchema: 'training/training-job',
    base: (ctx) => realisticTrainingJobRequest({ modelId: ctx.target.modelId }),
  },
  'trajectories.log': {
    requestSchema: 'training/log-trajectories-request',
    responseSchema: 'training/log-trajectories-response',
    base: () => realisticLogRequest(),
  },
};

const OPS = Object.keys(BODY_OPERATIONS) as BodyOperation[];

/** The (pointer, kind) pairs of each reject catalogue, one body each at every seed (bodies.test.ts keeps them true). */
export const REJECT_PAIRS: Readonly<Record<BodyOperation, number>> = {
  'chat.create': 100,
  'training-jobs.create': 19,
  'trajectories.log': 6,
};

/** Invalid bodies enumerated at once (at most `--concurrency`): a slow target costs a quarter of the time, a fast one sees little load. */
const ENUMERATION_CONCURRENCY = 4;

interface RejectCases {
  readonly enumerated: readonly EnumeratedCase<NegativeCase>[];
  readonly random: fc.Arbitrary<NegativeCase>;
}

/** The cases `rejectCases` drew, per target object, registry and (op, seed). */
const drawnCases = new WeakMap<object, WeakMap<object, Map<string, RejectCases>>>();

/** The invalid bodies of `op` at the check's seed, on a realistic base: every pair of the catalogue, then random draws. */
export function rejectCases(ctx: Pick<CheckContext, 'seed' | 'schemas' | 'target'>, op: BodyOperation): RejectCases {
  const perTarget = memo(drawnCases, ctx.target, () => new WeakMap<object, Map<string, RejectCases>>());
  return memo(
    memo(perTarget, ctx.schemas, () => new Map()),
    `${op} ${ctx.seed}`,
    () => {
      const info = BODY_OPERATIONS[op];
      const base = info.base(ctx);
      return {
        enumerated: enumeratedNegatives(info.requestSchema, base, 'reject', ctx.schemas, ctx.seed),
        random: negativesOnBase(info.requestSchema, base, 'reject', ctx.schemas),
      };
    },
  );
}

function checkRejectCases(
  ctx: CheckContext,
  op: BodyOperation,
  probe: (c: NegativeCase) => Promise<ProbeResult>,
): Promise<CheckOutcome> {
  const { enumerated, random } = rejectCases(ctx, op);
  const concurrency = Math.min(ENUMERATION_CONCURRENCY, ctx.concurrency ?? ENUMERATION_CONCURRENCY);
  return checkEnumerated(ctx, enumerated, random, probe, { concurrency });
}

interface RawCase {
  readonly label: string;
  readonly body: string;
}

/** §1: "Request bodies are JSON". None of these is JSON. */
const MALFORMED_JSON: readonly RawCase[] = [
  { label: 'a JSON object cut short', body: '{"messages": [{"role": "user", "content": "Hi"' },
  { label: 'plain text', body: 'this is not JSON' },
  { label: 'an empty body', body: '' },
];

/** JSON, but not the object every request table of §4 describes. */
const NON_OBJECT_JSON: readonly RawCase[] = [
  { label: 'a JSON array', body: '[{"role": "user", "content": "Hi"}]' },
  { label: 'a JSON string', body: '"Hi"' },
  { label: 'JSON null', body: 'null' },
  { label: 'a JSON number', body: '42' },
];

/** A POST of `body` to `op`; `reject`: a body no reading accepts, sent expecting a refusal. */
function postSpec(
  ctx: CheckContext,
  op: BodyOperation,
  body: Partial<HttpRequestSpec>,
  reject: boolean,
): HttpRequestSpec {
  return { method: 'POST', path: pathOf(ctx.target, op), ...body, ...(reject ? { expect: 'refusal' as const } : {}) };
}

export const rawSpec = (ctx: CheckContext, op: BodyOperation, c: RawCase): HttpRequestSpec =>
  postSpec(ctx, op, { headers: { 'content-type': 'application/json' }, body: c.body }, true);

const jsonSpec = (ctx: CheckContext, op: BodyOperation, body: unknown, strictness: Strictness): HttpRequestSpec =>
  postSpec(ctx, op, { json: body }, strictness === 'reject');

/** Why an answer to an unacceptable request is not a 4xx rejection, or undefined when it is (src/rules judges). */
function rejectionProblem(ex: HttpExchange): string | undefined {
  const v = refusalVerdict(ex.response.status, '', describeResponse(ex));
  return v === undefined || v === 'held' ? undefined : v.actual;
}

const writesFor = (op: BodyOperation): { writes?: true } => (operation(op).writes ? { writes: true } : {});

const rejectsInvalidBodyId = (op: BodyOperation): string => `errors.rejects-invalid-body.${slugOf(op)}`;

function rejectsInvalidBody(op: BodyOperation): CheckDefinition {
  return defineCheck({
    id: rejectsInvalidBodyId(op),
    ...checkIdentityOn(ANSWER_RULES.rejectsInvalidBody, op),
    ...writesFor(op),
    run: (ctx) =>
      checkRejectCases(ctx, op, async (c): Promise<ProbeResult> => {
        const ex = await ctx.http.send(jsonSpec(ctx, op, c.value, 'reject'));
        const problem = rejectionProblem(ex);
        return problem
          ? { ok: false, expected: `a 4xx rejection: ${c.mutation.description}`, actual: problem, exchange: ex }
          : { ok: true };
      }),
    schedule: {
      prepare: () => prepareCatalogue(BODY_OPERATIONS[op].requestSchema, { strictness: 'reject' }),
      maxRequests: propertyRequests(1, 40, 0, REJECT_PAIRS[op]),
    },
  });
}

function rawCasesCheck(op: BodyOperation, kind: 'malformed-json' | 'non-object-json'): CheckDefinition {
  const cases = kind === 'malformed-json' ? MALFORMED_JSON : NON_OBJECT_JSON;
  return defineCheck({
    id: `errors.rejects-${kind}.${slugOf(op)}`,
    ...checkIdentityOn(
      kind === 'malformed-json' ? ANSWER_RULES.rejectsMalformedJson : ANSWER_RULES.rejectsNonObjectJson,
      op,
    ),
    async run(ctx): Promise<CheckOutcome> {
      for (const c of cases) {
        const ex = await ctx.http.send(rawSpec(ctx, op, c));
        const problem = rejectionProblem(ex);
        if (problem)
          return fail({ expected: `${c.label} as the body: a 4xx rejection`, actual: problem, exchange: ex });
      }
      return pass();
    },
    schedule: { maxRequests: () => cases.length },
  });
}

/** What keeps a rejection's error body from the shape expected of it (src/rules judges), if anything. */
function shapeProblem(ctx: CheckContext, ex: HttpExchange, section7: boolean): string | undefined {
  const verdict = judgeErrorBody(ex.response.bodyText, section7 ? 'validation-error' : 'body-rejection', ctx.schemas);
  if (verdict.ok) return undefined;
  return `${describeResponse(ex)}: ${verdict.problem}${section7 ? ' (§7)' : ''}`;
}

function errorBodyShape(op: BodyOperation): CheckDefinition {
  const info = BODY_OPERATIONS[op];
  // §7 gives the validation-error body for trajectory logging only: MUST there, a convention elsewhere.
  const section7 = op === 'trajectories.log';
  const expected = section7
    ? 'a JSON body of the §7 shape: `detail` an array of objects with `loc` (array), `msg` and `type` (strings)'
    : 'a JSON error body: FastAPI `{detail: [{loc, msg, type}]}` or `{detail: "…"}`, the OpenAI `{error: {message, type, param, code}}` envelope or vLLM\'s flat `{object: "error", message, type, param, code}`, with all four fields';
  return defineCheck({
    id: `errors.error-body-shape.${slugOf(op)}`,
    operation: op,
    section: section7 ? '§7' : operation(op).section,
    level: section7 ? 'MUST' : 'SHOULD',
    ...(section7 ? {} : { convention: ERROR_SHAPE_CONVENTION }),
    requirement: section7
      ? `${operationLabel(op)} answers an invalid body with the §7 validation-error body (\`detail[]\` of \`loc\` array, \`msg\`, \`type\`).`
      : `${operationLabel(op)} answers an invalid body with a JSON error body in a FastAPI shape (\`detail[]\` or a \`detail\` string), the OpenAI error envelope or vLLM's flat error object.`,
    ...writesFor(op),
    async run(ctx): Promise<CheckOutcome> {
      let judged = 0;
      const outcome = await checkRejectCases(ctx, op, async (c): Promise<ProbeResult> => {
        const ex = await ctx.http.send(jsonSpec(ctx, op, c.value, 'reject'));
        if (!is4xx(ex.response.status)) return { ok: true };
        judged++;
        const problem = shapeProblem(ctx, ex, section7);
        return problem
          ? { ok: false, expected: `${expected} (for: ${c.mutation.description})`, actual: problem, exchange: ex }
          : { ok: true };
      });
      if (outcome.status !== 'pass') return outcome;
      // JSON that is not an object is a validation error too (pydantic); a parse error has no §7
      // shape, so a non-JSON body is judged at the convention level only.
      const raw = section7
        ? NON_OBJECT_JSON.slice(0, 1)
        : [...NON_OBJECT_JSON.slice(0, 1), ...MALFORMED_JSON.slice(0, 1)];
      for (const c of raw) {
        const ex = await ctx.http.send(rawSpec(ctx, op, c));
        if (!is4xx(ex.response.status)) continue;
        judged++;
        const problem = shapeProblem(ctx, ex, section7);
        if (problem) return fail({ expected: `${c.label} as the body: ${expected}`, actual: problem, exchange: ex });
      }
      if (judged === 0)
        return skip(
          'no invalid request was rejected with a 4xx, so no error body could be judged (see errors.rejects-invalid-body)',
        );
      return pass();
    },
    schedule: {
      // Its cases, then one raw body of each kind: the rejection check judges the status, this the body.
      sharesCasesWith: rejectsInvalidBodyId(op),
      prepare: () => prepareCatalogue(info.requestSchema, { strictness: 'reject' }),
      maxRequests: propertyRequests(1, 40, 2, REJECT_PAIRS[op]),
    },
  });
}

/** Why a lenient input's answer is a failure: a 5xx, or an acceptance answered with an invalid body. */
function lenientProblem(ctx: CheckContext, op: BodyOperation, c: NegativeCase, ex: HttpExchange): ProbeResult {
  const s = ex.response.status;
  const schema = BODY_OPERATIONS[op].responseSchema;
  if (s >= 500)
    return {
      ok: false,
      expected: `a 2xx or a 4xx (never a server error) for: ${c.mutation.description}`,
      actual: `${describeResponse(ex)}: a server error`,
      exchange: ex,
    };
  // An acceptance is answered like any valid request (a coerced `stream` may answer SSE).
  const type = mediaTypeOf(ex.response.headers['content-type']);
  const emptyOk = op === 'trajectories.log' && ex.response.bodyText.trim() === '';
  if (is2xx(s) && type !== 'text/event-stream' && !emptyOk) {
    const v = ex.json === undefined ? undefined : ctx.schemas.validate(schema, ex.json);
    if (!v?.ok)
      return {
        ok: false,
        expected: `the accepted request answered with a body valid against ${schema} (for: ${c.mutation.description})`,
        actual: v
          ? `HTTP ${s}, body invalid: ${describeSchemaErrors(v.errors)}`
          : `${describeResponse(ex)}: the body is not JSON`,
        exchange: ex,
      };
  }
  const note = `${is2xx(s) ? 'accepted' : 'rejected'} (HTTP ${s}): ${c.mutation.description}`;
  return { ok: true, note };
}

function lenientInputs(op: BodyOperation): CheckDefinition {
  const info = BODY_OPERATIONS[op];
  return defineCheck({
    id: `errors.lenient-inputs.${slugOf(op)}`,
    operation: op,
    section: operation(op).section,
    level: 'INFO',
    convention: 'pydantic lax mode and vLLM `str | list[str]` fields (lenient by design)',
    requirement: `${operationLabel(op)} may accept or reject inputs that real servers coerce (a numeric string for a number, null on an optional field, a single string for an array of strings); either is observed, but a 5xx or an accepted request answered with an invalid body is a failure.`,
    ...writesFor(op),
    run: (ctx) =>
      checkProperty(
        ctx,
        negativesOnBase(info.requestSchema, info.base(ctx), 'lenient', ctx.schemas),
        async (c) => lenientProblem(ctx, op, c, await ctx.http.send(jsonSpec(ctx, op, c.value, 'lenient'))),
        { maxNotes: 12 },
      ),
    schedule: {
      prepare: () => prepareCatalogue(info.requestSchema, { strictness: 'lenient' }),
      maxRequests: propertyRequests(1),
    },
  });
}

export const bodyChecks: readonly CheckDefinition[] = OPS.flatMap((op) => [
  rejectsInvalidBody(op),
  rawCasesCheck(op, 'malformed-json'),
  rawCasesCheck(op, 'non-object-json'),
  errorBodyShape(op),
  lenientInputs(op),
]);
