/** @module Media types of successful answers (§4.1–§4.8): JSON bodies labelled JSON, listings JSONL (SHOULD). */
import { defineCheck, type CheckContext, type CheckDefinition } from '../../src/core/check.js';
import { OPERATIONS, operation, type OperationId } from '../../src/core/operations.js';
import { fail, pass, skip, type CheckOutcome } from '../../src/core/result.js';
import { describeResponse } from '../../src/core/describe.js';
import { baselineRequest, existingTrainingJobId, slugOf } from '../../src/kit/baseline.js';
import { is2xx } from '../../src/core/values.js';
import { isJsonlMediaType, isJsonMediaType, JSONL_CONVENTION, JSONL_MEDIA_TYPES } from '../../src/rules/media-types.js';

async function successfulExchange(ctx: CheckContext, op: OperationId) {
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
    convention: list ? JSONL_CONVENTION : `${family} answers JSON with a JSON media type`,
    requirement: list
      ? `${o.method} ${o.path} labels its JSONL listing with a JSONL media type (${JSONL_MEDIA_TYPES.slice(0, 2).join(', ')}, …).`
      : `${o.method} ${o.path} labels its successful JSON answer with a JSON media type (application/json).`,
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
      const type = ex.response.headers['content-type'];
      const ok = list ? isJsonlMediaType(type) : isJsonMediaType(type);
      if (ok) return pass();
      return fail({
        expected: list
          ? `Content-Type one of ${JSONL_MEDIA_TYPES.join(', ')}`
          : 'Content-Type application/json (or a +json type)',
        actual: type === undefined ? `${describeResponse(ex)}: no Content-Type header` : `Content-Type: ${type}`,
        exchange: ex,
      });
    },
  });
}

export const contentTypeChecks: readonly CheckDefinition[] = OPERATIONS.map((o) => contentTypeCheck(o.id));
