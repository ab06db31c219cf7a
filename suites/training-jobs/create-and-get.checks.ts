/** @module §4.2–§4.3 (§2.3): creating a training job returns a UUID `id`, and getting it returns the same job. */
import { defineCheck, type CheckContext } from '../../src/core/check.js';
import { fail, pass, skip } from '../../src/core/result.js';
import { describeResponse, describeSchemaErrors } from '../../src/core/describe.js';
import { controlExchange } from '../../src/kit/baseline.js';
import { pathOf } from '../../src/kit/requests.js';
import type { HttpExchange } from '../../src/transport/types.js';
import { baseGroups, postBody, uuidFromSeed } from './bodies.js';
import { isUuid, malformedJobIdBreach, unknownIdBreach } from '../../src/rules/records.js';
import { is2xx } from '../../src/core/values.js';
import { jobIdBreach } from '../../src/rules/records.js';
import { PAIR_RULES } from '../../src/rules/pair-rules.js';
import { RECORD_RULES } from '../../src/rules/record-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';
import { failAnswer } from '../chat-completions/chat-exchange.js';

export const createJob = (ctx: CheckContext, body: unknown, expect?: 'refusal'): Promise<HttpExchange> =>
  postBody(ctx, 'training-jobs.create', body, expect);

/** Why an answer is not a training job (an object with `id`, a UUID string, per `section`), as a failure. */
export function notAJob(ctx: CheckContext, ex: HttpExchange, section: string) {
  const v = ctx.schemas.validate('training/training-job', ex.json);
  if (v.ok) return undefined;
  return {
    expected: `a JSON object with \`id\`, a UUID string (${section})`,
    actual: `${describeSchemaErrors(v.errors)}; body ${describeResponse(ex)}`,
    exchange: ex,
  };
}

function getJob(ctx: CheckContext, id: string): Promise<HttpExchange> {
  return ctx.http.send({
    method: 'GET',
    path: pathOf(ctx.target, 'training-jobs.get', { training_job_id: id }),
    auth: 'default',
  });
}

export function minimalCreateBody(ctx: CheckContext): Record<string, unknown> {
  return { model_id: ctx.target.modelId, trajectory_groups: baseGroups() };
}

const createReturnsUuidId = defineCheck({
  id: 'training-jobs.create-returns-uuid-id',
  operation: 'training-jobs.create',
  section: '§4.2',
  level: 'MUST',
  requirement:
    'Creating a training job with a valid body succeeds and answers an object whose `id` is a UUID string (§4.2, §2.3).',
  writes: true,
  async run(ctx) {
    // The run's one valid create (the auth checks' control too).
    const { exchange: ex } = await controlExchange(ctx, 'training-jobs.create');
    if (!is2xx(ex.response.status)) return failAnswer(ex, 'a 2xx answer to a valid create body');
    const problem = notAJob(ctx, ex, '§4.2');
    return problem ? fail(problem) : pass();
  },
});

const getReturnsSameId = defineCheck({
  id: 'training-jobs.get-returns-same-id',
  ...checkIdentityOn(PAIR_RULES.jobRead, 'training-jobs.get'),
  writes: true,
  async run(ctx) {
    const { exchange: created } = await controlExchange(ctx, 'training-jobs.create');
    const id = (created.json as { id?: unknown } | undefined)?.id;
    if (!is2xx(created.response.status) || !isUuid(id)) {
      return skip(
        `the job could not be created (${describeResponse(created)}): see training-jobs.create-returns-uuid-id`,
      );
    }
    const ex = await getJob(ctx, id);
    if (!is2xx(ex.response.status)) return failAnswer(ex, `a 2xx answer for the job ${id} just created`);
    const problem = notAJob(ctx, ex, '§4.3');
    if (problem) return fail(problem);
    const otherId = jobIdBreach(id, ex.json as Record<string, unknown>);
    if (otherId) return fail({ expected: `id ${id}, the id creation returned`, actual: otherId, exchange: ex });
    return pass();
  },
});

const unknownIdIs404 = defineCheck({
  id: 'training-jobs.unknown-id-is-404',
  ...checkIdentityOn(RECORD_RULES.unknownJobId, 'training-jobs.get'),
  async run(ctx) {
    const id = uuidFromSeed(ctx.seed);
    const ex = await getJob(ctx, id);
    if (unknownIdBreach(ex.response.status)) return failAnswer(ex, `HTTP 404 for the unknown job ${id}`);
    return pass();
  },
});

/** Path values that can never identify a job (§2.3: ids are UUIDs). */
const MALFORMED_IDS = [
  'not-a-uuid',
  '12345',
  '3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e9g',
  '3f2c9a1e7b4d4c8e9f102a6b5c7d8e90ff',
];

const malformedIdIs4xx = defineCheck({
  id: 'training-jobs.malformed-id-is-4xx',
  ...checkIdentityOn(RECORD_RULES.malformedJobId, 'training-jobs.get'),
  async run(ctx) {
    for (const id of MALFORMED_IDS) {
      const ex = await getJob(ctx, id);
      if (malformedJobIdBreach(ex.response.status)) return failAnswer(ex, `a 4xx for the malformed job id "${id}"`);
    }
    return pass();
  },
});

export const createAndGetChecks = [createReturnsUuidId, getReturnsSameId, unknownIdIs404, malformedIdIs4xx];
