/**
 * @module Acceptance, as rules: a valid request succeeds with a body of the operation's response
 * schema, labelled as JSON (JSONL for a listing), and is never refused where no deployment limit can
 * explain it.
 */
import { excerpt } from '../core/describe.js';
import { OPERATIONS, operation, operationLabel as label, type OperationId } from '../core/operations.js';
import { chatFields } from '../core/package-root.js';
import { is2xx, isJsonObject } from '../core/values.js';
import { answerSaid, GATEWAY_STATUSES, validBody, validRequest } from './answer-facts.js';
import { contextLimitOf } from './context-limit.js';
import { errorShapeOf } from './error-shape.js';
import type { ExchangeSeen, Verdict } from './evidence.js';
import { isJsonlMediaType, isJsonMediaType, JSONL_CONVENTION, JSONL_MEDIA_TYPES } from './media-types.js';
import { serverExchangeRules } from './rule.js';

const ops = (keep: (o: (typeof OPERATIONS)[number]) => boolean): OperationId[] =>
  OPERATIONS.filter(keep).map((o) => o.id);

/** What a valid request of each operation is, in the requirement's words. */
function validRequestRequirement(op: OperationId): string {
  const o = operation(op);
  const title = op.startsWith('predictions.') ? 'Prediction' : 'Score';
  if (o.requestSchema)
    return `${label(op)} answers a schema-valid request with a 2xx and a body valid against the response schema.`;
  if (op === 'training-jobs.get')
    return `${label(op)} answers the id of an existing job with a 2xx and a training job valid against the response schema.`;
  return o.jsonl
    ? `${label(op)} answers valid query parameters with a 2xx and a JSONL body whose every line is a valid ${title}.`
    : `${label(op)} answers the id of a listed record with a 2xx and a record valid against the ${title} schema.`;
}

/** Fields whose refusal says something of the deployment, not of the value (§7 has rules of its own). */
let deploymentKnobs: ReadonlySet<string> | undefined;

/** The split values in use (conventions): a refusal of another is the SHOULD rule's, not every-field's. */
const SPLITS_IN_USE: readonly unknown[] = ['train', 'val'];

/**
 * The top-level request field a refusal names: FastAPI's `detail[].loc` after "body" (or, a model
 * validator's error at `["body"]`, its message's leading `field:`), or the OpenAI envelope's `param`.
 */
function fieldNamed(json: unknown): string | undefined {
  if (!isJsonObject(json)) return undefined;
  const shape = errorShapeOf(json);
  if (shape === 'fastapi-validation' && Array.isArray(json.detail)) {
    const item = isJsonObject(json.detail[0]) ? json.detail[0] : {};
    const loc = Array.isArray(item.loc) ? item.loc : [];
    const at = loc[0] === 'body' ? loc[1] : loc[0];
    if (typeof at === 'string') return at;
    return loc.length === 1 && typeof item.msg === 'string' ? /^(\w+):/.exec(item.msg)?.[1] : undefined;
  }
  const err =
    shape === 'openai-envelope' && isJsonObject(json.error) ? json.error : shape === 'vllm-flat' ? json : undefined;
  return typeof err?.param === 'string' ? err.param.split(/[.[]/)[0] : undefined;
}

/** A valid request refused for a valid value of a documented field it names: the field, or undefined. */
function validValueRefused(e: ExchangeSeen): string | undefined {
  const r = e.request;
  if ((e.status !== 400 && e.status !== 422) || e.text === undefined || !validBody(r) || !isJsonObject(r.body))
    return undefined;
  if (contextLimitOf(e.status, e.text) || !r.settings.tools.conventional(r.op, r.body)) return undefined;
  const field = fieldNamed(e.json);
  if (field === undefined || (deploymentKnobs ??= chatFields('deploymentKnobs')).has(field) || !(field in r.body))
    return undefined;
  return field;
}

/** A valid log refused for a split outside the values in use (a free-form string, §4.4): the split, or undefined. */
function unusualSplitRefused(e: ExchangeSeen): string | undefined {
  const split = isJsonObject(e.request.body) ? e.request.body.split : undefined;
  return typeof split === 'string' && !SPLITS_IN_USE.includes(split) && validValueRefused(e) === 'split'
    ? split
    : undefined;
}

export const ACCEPTANCE_RULES = serverExchangeRules({
  validRequestSucceeds: {
    id: 'acceptance.valid-request-succeeds.{op}',
    level: 'MUST',
    requirement: validRequestRequirement,
    needs:
      'a 2xx JSON answer (its body against the response schema), or a valid request (a valid body; a listing with a well-typed query) answered with a 5xx other than 502, 503, 504',
    judge: (e) => {
      if (e.status >= 500 && !GATEWAY_STATUSES.has(e.status) && validRequest(e.request))
        return { expected: 'a 2xx answer to a valid request', actual: `${answerSaid(e)}: a server error` };
      if (!is2xx(e.status) || e.framing !== 'json' || e.cut || !e.request.op.responseSchema) return undefined;
      return e.schemaProblem === undefined
        ? 'held'
        : { expected: `a body valid against ${e.request.op.responseSchema}`, actual: e.schemaProblem };
    },
  },
  everyFieldAccepted: {
    id: 'acceptance.every-field-accepted.{op}',
    streamedId: 'acceptance.every-field-accepted.{op}-streamed',
    ops: ['chat.create', 'training-jobs.create', 'trajectories.log'],
    level: 'MUST',
    requirement: (op) =>
      op === 'chat.create'
        ? `${label(op)} accepts realistic requests that together carry every §4.1 field and named value, answering 2xx with a valid chat completion.`
        : `${label(op)} accepts realistic requests that together carry every ${operation(op).section} field and named value, answering 2xx.`,
    needs:
      "a valid request (keeping the servers' conventions too, breaking no vLLM rule) refused with 400/422 naming one of its fields, one no deployment limit governs (the model, sizes and maxima, the §7 conditions)",
    judge: (e): Verdict => {
      const field = validValueRefused(e);
      if (field === undefined || unusualSplitRefused(e) !== undefined) return undefined;
      const value = excerpt(JSON.stringify((e.request.body as Record<string, unknown>)[field]) ?? '', 80);
      return {
        expected: `a 2xx to a valid request: ${field} ${value} is a documented, valid value`,
        actual: answerSaid(e),
      };
    },
  },
  acceptsAnySplit: {
    id: 'trajectories.accepts-any-split-string',
    ops: ['trajectories.log'],
    section: '§4.4',
    level: 'SHOULD',
    convention: 'FastAPI logging service: `split` is a free-form string (values in use train, val; others accepted)',
    requirement:
      'Logging valid trajectory groups with a split other than `train`/`val` is answered with a 2xx: §4.4 types `split` as a string and restricts no value.',
    needs: 'a valid log with a split other than train or val, refused with 400/422 naming split',
    judge: (e): Verdict => {
      const split = unusualSplitRefused(e);
      return split === undefined
        ? undefined
        : { expected: `a 2xx to the split ${JSON.stringify(split)}`, actual: answerSaid(e) };
    },
  },
  jsonContentType: {
    id: 'acceptance.json-content-type.{op}',
    ops: ops((o) => !o.jsonl),
    level: 'SHOULD',
    convention: (op: OperationId) =>
      `${operation(op).path.startsWith('/v2/') ? 'evaluation-record service' : operation(op).path.startsWith('/v1/preview/') ? 'FastAPI service' : 'OpenAI-compatible server'} answers JSON with a JSON media type`,
    requirement: (op) => `${label(op)} labels its successful JSON answer with a JSON media type (application/json).`,
    needs: 'a 2xx JSON answer',
    judge: (e) => {
      if (!is2xx(e.status) || e.framing !== 'json' || e.json === undefined) return undefined;
      const type = e.headers['content-type'];
      return isJsonMediaType(type)
        ? 'held'
        : { expected: 'Content-Type application/json (or a +json type)', actual: `Content-Type: ${type ?? '(none)'}` };
    },
  },
  jsonlContentType: {
    id: 'acceptance.jsonl-content-type.{op}',
    ops: ops((o) => o.jsonl === true),
    level: 'SHOULD',
    convention: JSONL_CONVENTION,
    requirement: (op) =>
      `${label(op)} labels its JSONL listing with a JSONL media type (${JSONL_MEDIA_TYPES.slice(0, 2).join(', ')}, …).`,
    needs: 'a 2xx listing',
    judge: (e) => {
      if (!is2xx(e.status) || e.framing !== 'jsonl') return undefined;
      const type = e.headers['content-type'];
      return isJsonlMediaType(type)
        ? 'held'
        : {
            expected: `Content-Type one of ${JSONL_MEDIA_TYPES.join(', ')}`,
            actual: `Content-Type: ${type ?? '(none)'}`,
          };
    },
  },
});
