/** @module §4.4 and §7: valid trajectory groups accepted for any `split`; invalid ones get a §7 error body. */
import { BODY_REJECTION_CONVENTION } from '../../src/rules/answer-facts.js';
import { defineCheck, type CheckContext } from '../../src/core/check.js';
import { fail, pass, skip } from '../../src/core/result.js';
import { describeResponse } from '../../src/core/describe.js';
import { judgeErrorBody } from '../../src/rules/error-shape.js';
import { ACCEPTANCE_RULES } from '../../src/rules/acceptance-rules.js';
import { checkIdentityOn } from '../../src/rules/rule.js';
import {
  eachAcceptedSchedule,
  expectEachAccepted,
  expectEachRefused,
  type RefusedBodyCase,
} from '../../src/kit/body-acceptance.js';
import type { HttpExchange } from '../../src/transport/types.js';
import { realisticLogRequest } from '../../src/generation/index.js';
import { baseGroups, invalidGroupCases, postBody } from '../training-jobs/bodies.js';
import { is2xx, is4xx } from '../../src/core/values.js';
import { failAnswer } from '../chat-completions/chat-exchange.js';

const logTrajectories = (ctx: CheckContext, body: unknown, expect?: 'refusal'): Promise<HttpExchange> =>
  postBody(ctx, 'trajectories.log', body, expect);

/** Bodies no reading of §4.4 can accept: one field of an unrelated type each. */
function invalidLogCases(): RefusedBodyCase[] {
  return [
    {
      description: 'split is an object (§4.4: string)',
      body: { split: { name: 'train' }, trajectory_groups: baseGroups() },
    },
    { description: 'split is an array (§4.4: string)', body: { split: ['train'], trajectory_groups: baseGroups() } },
    ...invalidGroupCases().map(({ description, groups }) => ({
      description,
      body: { split: 'train', trajectory_groups: groups },
    })),
  ];
}

const acceptsValidGroups = defineCheck({
  id: 'trajectories.accepts-valid-groups',
  operation: 'trajectories.log',
  section: '§4.4',
  level: 'SHOULD',
  convention:
    'the trajectory-logging service: the splits in use are `train` and `val` (§4.4: "Allowed values and meaning of `split`: not shown")',
  requirement:
    'Logging valid trajectory groups (realistic conversations, tools, rewards, ISO 8601 start times) with split `train` or `val` is answered with a 2xx (§4.4).',
  writes: true,
  run(ctx) {
    return expectEachAccepted(
      ctx,
      realisticLogRequest(),
      (body) => logTrajectories(ctx, body),
      (body) => `a 2xx answer to valid groups logged with split "${String(body.split)}"`,
    );
  },
  schedule: eachAcceptedSchedule(),
});

/** Split names beyond the two in use: §4.4 types `split` as a string and lists no values. */
const UNUSUAL_SPLITS = ['test', 'conformance-holdout-2'];

const acceptsAnySplitString = defineCheck({
  id: 'trajectories.accepts-any-split-string',
  ...checkIdentityOn(ACCEPTANCE_RULES.acceptsAnySplit, 'trajectories.log'),
  writes: true,
  async run(ctx) {
    for (const split of UNUSUAL_SPLITS) {
      const ex = await logTrajectories(ctx, { split, trajectory_groups: baseGroups() });
      if (!is2xx(ex.response.status))
        return failAnswer(ex, `a 2xx answer to valid groups logged with split "${split}"`);
    }
    return pass();
  },
  schedule: { maxRequests: () => UNUSUAL_SPLITS.length },
});

const rejectsInvalidGroups = defineCheck({
  id: 'trajectories.rejects-invalid-groups',
  operation: 'trajectories.log',
  section: '§4.4',
  level: 'SHOULD',
  convention: BODY_REJECTION_CONVENTION,
  requirement:
    'A log body with a field of the wrong type (split, trajectory_groups, a trajectory field) is rejected with a 4xx, never a 2xx or a 5xx (§4.4, §2.4, §7).',
  writes: true,
  run(ctx) {
    return expectEachRefused(
      invalidLogCases(),
      (body) => logTrajectories(ctx, body, 'refusal'),
      (c) => `a 4xx rejecting the body (${c.description})`,
    );
  },
  schedule: { maxRequests: () => invalidLogCases().length },
});

/** Cases whose error body is judged: one per kind of field. */
const BODY_SHAPE_SAMPLE = 5;

const validationErrorBody = defineCheck({
  id: 'trajectories.validation-error-body',
  operation: 'trajectories.log',
  section: '§7',
  level: 'MUST',
  requirement:
    'A rejected log body is answered with the §7 validation-error body: `detail`, an array of objects each with `loc` (array of strings), `msg` (string) and `type` (string).',
  writes: true,
  async run(ctx) {
    const all = invalidLogCases();
    // A sample spread across the cases: split, group structure, trajectory fields.
    const step = Math.max(1, Math.floor(all.length / BODY_SHAPE_SAMPLE));
    const sample = all.filter((_, i) => i % step === 0).slice(0, BODY_SHAPE_SAMPLE);
    let judged = 0;
    const notes: string[] = [];
    for (const c of sample) {
      const ex = await logTrajectories(ctx, c.body, 'refusal');
      if (!is4xx(ex.response.status)) {
        notes.push(`not rejected (${c.description}): ${describeResponse(ex)}; see trajectories.rejects-invalid-groups`);
        continue;
      }
      judged++;
      const verdict = judgeErrorBody(ex.response.bodyText, 'validation-error', ctx.schemas);
      if (!verdict.ok)
        return fail({
          expected: `the §7 body {detail: [{loc: [string…], msg, type}]} for the rejected body (${c.description})`,
          actual: `${verdict.problem}; body ${describeResponse(ex)}`,
          exchange: ex,
        });
    }
    if (judged === 0)
      return skip(`no invalid body was rejected, so no error body could be judged: ${notes.join('; ')}`);
    return pass(notes);
  },
  schedule: { maxRequests: () => BODY_SHAPE_SAMPLE },
});

export const logChecks = [acceptsValidGroups, acceptsAnySplitString, rejectsInvalidGroups, validationErrorBody];
