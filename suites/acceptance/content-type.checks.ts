/**
 * @module Media types of successful answers (§4.1–§4.8, conventions): JSON bodies are labelled
 * with a JSON media type, §4.5/§4.7 listings with one of the JSONL media types in use (SHOULD).
 */
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { OPERATIONS, operation, type OperationId } from '../../src/core/operations.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { describeResponse } from '../../src/kit/describe.js';
import { baselineRequest, existingTrainingJobId, slugOf } from '../../src/kit/baseline.js';
import { is2xx, mediaTypeOf } from '../../src/core/values.js';

/** `application/json` or a structured `+json` type (RFC 6839). */
function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** The JSONL media types in use (none is registered; these are the spellings servers send). */
const JSONL_MEDIA_TYPES: readonly string[] = [
  'application/jsonl',
  'application/x-jsonl',
  'application/jsonlines',
  'application/x-jsonlines',
  'application/json-lines',
  'application/x-ndjson',
  'application/ndjson',
];

async function successfulExchange(ctx: CheckContext, op: OperationId) {
  // A read needs something to read: `baselineRequest` finds a listed record or the job created for the run.
  if (op === 'training-jobs.get' && (await existingTrainingJobId(ctx)) === undefined) return undefined;
  const baseline = await baselineRequest(ctx, op);
  return ctx.http.send(baseline.spec);
}

function contentTypeCheck(op: OperationId): CheckDefinition {
  const o = operation(op);
  const list = o.jsonl === true;
  const family = o.path.startsWith('/v2/')
    ? 'evaluation-record service'
    : o.path.startsWith('/v1/preview/')
      ? 'FastAPI service'
      : 'OpenAI-compatible server';
  return defineCheck({
    id: `acceptance.${list ? 'jsonl' : 'json'}-content-type.${slugOf(op)}`,
    operation: op,
    section: o.section,
    level: 'SHOULD',
    convention: list
      ? 'evaluation-record service listings are application/jsonl'
      : `${family} answers JSON with a JSON media type`,
    requirement: list
      ? `${o.method} ${o.path} labels its JSONL listing with a JSONL media type (${JSONL_MEDIA_TYPES.slice(0, 2).join(', ')}, …).`
      : `${o.method} ${o.path} labels its successful JSON answer with a JSON media type (application/json).`,
    // training-jobs.get reads the job created for the run.
    ...(o.writes || op === 'training-jobs.get' ? { writes: true } : {}),
    async run(ctx): Promise<CheckOutcome> {
      const ex = await successfulExchange(ctx, op);
      if (!ex) return skip('no training job could be created to read back');
      if (!is2xx(ex.response.status))
        return skip(
          `the valid baseline request was not answered with a 2xx (${describeResponse(ex)}), so no successful answer's media type can be judged`,
        );
      // §4.4's success body is not shown: an empty answer has nothing to label.
      if (ex.response.bodyText.trim() === '' && op === 'trajectories.log')
        return pass(['the successful answer has no body']);
      const type = mediaTypeOf(ex.response.headers['content-type']);
      const ok = list ? JSONL_MEDIA_TYPES.includes(type) : isJsonMediaType(type);
      if (ok) return pass();
      return fail({
        expected: list
          ? `Content-Type one of ${JSONL_MEDIA_TYPES.join(', ')}`
          : 'Content-Type application/json (or a +json type)',
        actual:
          ex.response.headers['content-type'] === undefined
            ? `${describeResponse(ex)}: no Content-Type header`
            : `Content-Type: ${ex.response.headers['content-type']}`,
        exchange: ex,
      });
    },
  });
}

export const contentTypeChecks: readonly CheckDefinition[] = OPERATIONS.map((o) => contentTypeCheck(o.id));
