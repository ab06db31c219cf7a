/**
 * errors.error-message-without-internals judges the message of an error, not whether the error
 * happens: an invalid body accepted is the failure of the check that owns its refusal (this check
 * skips, naming it, and hands that check the evidence), and the message of a 5xx is judged like
 * that of a 4xx.
 */
import { expect, test } from 'vitest';
import { runAgainstMock } from '../../test/helpers/run-checks.js';
import { runAgainstVariant } from '../../test/helpers/variant-server.js';
import { internalError } from '../../mock/errors.js';
import { oddInputChecks } from './odd-inputs.checks.js';
import { bodyChecks } from './bodies.checks.js';
import { jsonBodyOf, withJson } from '../../mock/faults/rewrite.js';
import type { MockRequest } from '../../mock/types.js';

const SLUGS = ['chat-create', 'training-jobs-create', 'trajectories-log'];
/** The check whose rule the refusal of each invalid body is. */
const OWNERS = [
  'errors.rejects-invalid-body.chat-create',
  'training-jobs.rejects-non-uuid-model-id',
  'errors.rejects-invalid-body.trajectories-log',
];
const internals = oddInputChecks.filter((c) => c.id.startsWith('errors.error-message-without-internals.'));

test('the invalid bodies accepted (validation off): no error to judge, each names the check that owns the refusal', async () => {
  expect(internals.map((c) => c.id)).toEqual(SLUGS.map((s) => `errors.error-message-without-internals.${s}`));
  const report = await runAgainstMock(internals, { faults: ['errors.skips-body-validation'] });
  for (const [i, r] of report.results.entries()) {
    expect(r.status, `${r.id}: ${r.actual ?? r.reason}`).toBe('skip');
    expect(r.reason).toMatch(/^no error to judge: the invalid request was accepted \(HTTP 2\d\d\); see /);
    expect(r.reason, r.reason).toContain(`see ${OWNERS[i]}`);
  }
});

test('an invalid body accepted is handed to the check that owns its refusal: it fails with that evidence', async () => {
  const chat = internals.find((c) => c.id.endsWith('.chat-create'))!;
  const owner = bodyChecks.find((c) => c.id === OWNERS[0])!;
  // Only this one invalid body is served (its wrong field dropped): the owner's own cases are refused.
  const variant = {
    before: (req: MockRequest) => {
      const body = jsonBodyOf(req);
      if (body?.temperature !== 'very hot') return req;
      delete body.temperature;
      return withJson(req, body);
    },
  };
  const alone = await runAgainstVariant([owner], variant, { level: 'should' });
  expect(alone.results[0]?.status).toBe('pass');
  const report = await runAgainstVariant([owner, chat], variant, { level: 'should' });
  const [o, seer] = report.results;
  expect(seer?.status).toBe('skip');
  expect(o?.status, o?.reason).toBe('fail');
  expect(o?.expected).toMatch(/^a 4xx rejection: `temperature` a string/);
  expect(o?.actual).toMatch(/^HTTP 200.*the request was accepted$/);
  expect(o?.notes?.[0]).toContain(`handed off by ${chat.id}`);
  expect(o?.evidence?.request?.body).toContain('very hot');
  expect(o?.evidence?.replay).toContain(`--only ${owner.id},${chat.id}`);
  expect(report.summary.conformant).toBe(false);
});

test('a 5xx refusing an invalid body: its message is judged (a clean one passes, saying the status is not a 4xx)', async () => {
  const report = await runAgainstMock(internals, { faults: ['errors.crashes-on-invalid-bodies'] });
  for (const r of report.results) {
    expect(r.status, `${r.id}: ${r.actual ?? r.reason}`).toBe('pass');
    expect(r.notes?.join(' ')).toMatch(/^refused with HTTP 500, not a 4xx: see /);
  }
});

test('a 5xx whose body carries a traceback fails', async () => {
  const chat = internals.find((c) => c.id.endsWith('.chat-create'))!;
  const report = await runAgainstVariant([chat], {
    before: (req) => {
      if (!new TextDecoder().decode(req.body).includes('very hot')) return req;
      const res = internalError('openai');
      return {
        ...res,
        json: {
          error: {
            message: 'Traceback (most recent call last):\n  File "/app/serving.py", line 12, in create\nValueError: x',
          },
        },
      };
    },
  });
  expect(report.results[0]?.status).toBe('fail');
  expect(report.results[0]?.actual).toMatch(/stack trace or exception dump/);
});
