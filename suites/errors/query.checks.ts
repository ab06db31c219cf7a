/** @module List query parameters of the wrong type (§4.5, §4.7): `limit=abc` answered 422 with `detail[]` (SHOULD). */
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { operation, operationLabel } from '../../src/core/operations.js';
import { fail, pass, type CheckOutcome } from '../../src/core/result.js';
import { excerpt } from '../../src/core/describe.js';
import { pathOf } from '../../src/kit/requests.js';
import type { RecordedRequest, StreamingExchange } from '../../src/transport/types.js';
import { slugOf } from '../../src/kit/baseline.js';
import { judgeErrorBody } from '../../src/rules/error-shape.js';
import { is4xx } from '../../src/core/values.js';
import { evidenceOf } from '../records/listing.js';

type ListOperation = 'predictions.list' | 'scores.list';

const CONVENTION = 'evaluation-record service list parameters';

interface QueryCase {
  readonly label: string;
  readonly param: 'limit' | 'offset';
  readonly value: string;
}

const WRONG_TYPE_QUERIES: readonly QueryCase[] = [
  { label: '`limit` not a number', param: 'limit', value: 'abc' },
  { label: '`offset` not a number', param: 'offset', value: 'abc' },
  { label: '`limit` a fractional number', param: 'limit', value: '1.5' },
];

/** Most bytes of an error body read (an ignored parameter may start a whole listing). */
const ERROR_BODY_CAP = 64 * 1024;

interface SmallAnswer {
  readonly request: RecordedRequest;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

/** Reads the answer's body up to a cap (`whole`), or its first chunk only, then closes the stream. */
async function readSmall(stream: StreamingExchange, whole = true): Promise<SmallAnswer> {
  const decoder = new TextDecoder();
  let text = '';
  try {
    for await (const chunk of stream.chunks) {
      text += decoder.decode(chunk, { stream: whole });
      if (!whole || text.length >= ERROR_BODY_CAP) break;
    }
  } finally {
    await stream.close();
  }
  return { request: stream.request, status: stream.status, headers: stream.headers, text };
}

function send(ctx: CheckContext, op: ListOperation, c: QueryCase): Promise<StreamingExchange> {
  const name = ctx.target.listParams[c.param];
  return ctx.http.open({ method: 'GET', path: pathOf(ctx.target, op), query: { [name]: c.value } });
}

const evidence = (a: SmallAnswer) => evidenceOf(a, a.text.slice(0, 2048));

function describe(a: SmallAnswer): string {
  const ct = a.headers['content-type'];
  return `HTTP ${a.status}${ct ? ` (${ct})` : ''}${a.text.length ? `: ${excerpt(a.text)}` : ' with an empty body'}`;
}

const rejectsWrongTypeId = (op: ListOperation): string => `errors.rejects-wrong-type-query.${slugOf(op)}`;

/** A check of `op`'s list query parameters, at the convention's level. */
function queryCheck(op: ListOperation, def: Pick<CheckDefinition, 'id' | 'requirement' | 'run' | 'schedule'>) {
  return defineCheck({
    operation: op,
    section: operation(op).section,
    level: 'SHOULD',
    convention: CONVENTION,
    ...def,
  });
}

function rejectsWrongType(op: ListOperation): CheckDefinition {
  return queryCheck(op, {
    id: rejectsWrongTypeId(op),
    requirement: `${operationLabel(op)} rejects an integer query parameter (limit, offset) of the wrong type with a 4xx instead of ignoring it.`,
    async run(ctx): Promise<CheckOutcome> {
      for (const c of WRONG_TYPE_QUERIES) {
        const stream = await send(ctx, op, c);
        if (is4xx(stream.status)) {
          // Read to its end, so errors.query-error-shape judges this same answer.
          await readSmall(stream);
          continue;
        }
        // Only the first bytes: a server that ignores the parameter starts the whole listing.
        const a = await readSmall(stream, false);
        return fail({
          expected: `${c.label} (${ctx.target.listParams[c.param]}=${c.value}): a 4xx rejection`,
          actual: describe(a),
          ...evidence(a),
        });
      }
      return pass();
    },
  });
}

function errorShape(op: ListOperation): CheckDefinition {
  return queryCheck(op, {
    id: `errors.query-error-shape.${slugOf(op)}`,
    requirement: `${operationLabel(op)} answers a query parameter of the wrong type with 422 and a FastAPI \`detail[]\` body (\`loc\`, \`msg\`, \`type\`).`,
    async run(ctx): Promise<CheckOutcome> {
      for (const c of WRONG_TYPE_QUERIES) {
        const stream = await send(ctx, op, c);
        const a = await readSmall(stream, is4xx(stream.status));
        const expected = `${c.label} (${ctx.target.listParams[c.param]}=${c.value}): HTTP 422 with {"detail": [{"loc": [...], "msg": "...", "type": "..."}]}`;
        if (a.status !== 422) return fail({ expected, actual: describe(a), ...evidence(a) });
        const verdict = judgeErrorBody(a.text, 'validation-error', ctx.schemas);
        if (!verdict.ok) return fail({ expected, actual: `${describe(a)}: ${verdict.problem}`, ...evidence(a) });
      }
      return pass();
    },
    schedule: { sharesCasesWith: rejectsWrongTypeId(op) },
  });
}

const LIST_OPS: readonly ListOperation[] = ['predictions.list', 'scores.list'];

export const queryChecks: readonly CheckDefinition[] = LIST_OPS.flatMap((op) => [rejectsWrongType(op), errorShape(op)]);
