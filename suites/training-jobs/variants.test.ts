/**
 * Conformant but unusual training and logging services must pass every training-jobs and
 * trajectories check. Each variant is the bundled mock behind a small rewrite, on a loopback socket.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { MockResponse } from '../../mock/types.js';
import type { CheckDefinition } from '../../src/core/check.js';
import { DEFAULT_MODEL_ID } from '../../src/core/defaults.js';
import { registry } from '../../src/schemas/registry.js';
import { explain, runAgainstMock } from '../../test/helpers/run-checks.js';
import { variantRunner, type VariantHandler as Variant } from '../../test/helpers/variant-server.js';
import { trajectoryChecks } from '../trajectories/index.js';
import { realisticLogRequest } from '../../src/generation/index.js';
import { invalidGroupCases, realisticCreateBody, uuidFromSeed } from './bodies.js';
import { isUuid } from '../../src/rules/records.js';
import { trainingJobChecks } from './index.js';

const CHECKS: readonly CheckDefinition[] = [...trainingJobChecks, ...trajectoryChecks];

/** Runs `checks` against the mock behind `variant`, on a loopback socket, with the settings these variants were written for. */
const runAgainstVariant = variantRunner({
  seed: 7,
  timeoutMs: 10_000,
  deadlineMs: 120_000,
  concurrency: 4,
  target: { bundledMock: true },
});

const CREATE = /^\/v1\/preview\/training-jobs$/;
const GET = /^\/v1\/preview\/training-jobs\/([^/]+)$/;
const LOG = /^\/v1\/preview\/models\/[^/]+\/log$/;
const json = (status: number, body: unknown): MockResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  json: body,
});

test('201 with extra job fields, and an upper-case id on get, pass', async () => {
  const variant: Variant = async (req, handle) => {
    const m = GET.exec(req.path);
    const res = await handle(
      m ? { ...req, path: `/v1/preview/training-jobs/${decodeURIComponent(m[1]!).toLowerCase()}` } : req,
    );
    const id = (res.json as { id?: string } | undefined)?.id;
    if (res.status !== 200 || !id) return res;
    if (CREATE.test(req.path)) return json(201, { id, status: 'queued', created_at: '2025-01-01T00:00:00Z' });
    if (m) return json(200, { id: id.toUpperCase(), status: 'running' });
    return res;
  };
  const report = await runAgainstVariant(CHECKS, variant);
  expect(explain(report.results)).toBe('');
});

test('rejections as 400 with the OpenAI envelope, malformed job ids as 422, pass (error bodies of §4.2/§4.3 are not shown)', async () => {
  const variant: Variant = async (req, handle) => {
    const m = GET.exec(req.path);
    if (m && !isUuid(decodeURIComponent(m[1]!)))
      return json(422, {
        detail: [{ loc: ['path', 'training_job_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }],
      });
    const res = await handle(req);
    if (CREATE.test(req.path) && res.status === 422)
      return json(400, { error: { message: 'invalid body', type: 'BadRequestError', param: null, code: 400 } });
    return res;
  };
  const report = await runAgainstVariant(CHECKS, variant);
  expect(explain(report.results)).toBe('');
});

test('log errors with integer loc elements and extra detail keys, and a 204 success, pass', async () => {
  const variant: Variant = async (req, handle) => {
    const res = await handle(req);
    if (!LOG.test(req.path)) return res;
    if (res.status === 200) return { status: 204, headers: {} };
    const detail = (res.json as { detail?: { loc: string[]; msg: string; type: string }[] }).detail ?? [];
    return json(422, {
      detail: detail.map((d) => ({
        ...d,
        loc: d.loc.map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        input: null,
        ctx: { reason: 'x' },
        url: 'https://errors.pydantic.dev/2.9/v/string_type',
      })),
    });
  };
  const report = await runAgainstVariant(CHECKS, variant);
  expect(explain(report.results)).toBe('');
});

test('without --allow-writes against a real target, every writing check is skipped and the reads still run', async () => {
  const report = await runAgainstMock(CHECKS, { target: { allowWrites: false, bundledMock: false } });
  for (const r of report.results) {
    const check = CHECKS.find((c) => c.id === r.id)!;
    expect(r.status, r.id).toBe(check.writes ? 'skip' : 'pass');
  }
  expect(
    report.results
      .filter((r) => r.status === 'pass')
      .map((r) => r.id)
      .sort(),
  ).toEqual(['training-jobs.malformed-id-is-4xx', 'training-jobs.unknown-id-is-404']);
});

test('realistic bodies validate against the spec schemas and keep importance_sampling_level to `token`', () => {
  const reg = registry();
  fc.assert(
    fc.property(realisticCreateBody(DEFAULT_MODEL_ID), (body) => {
      expect(reg.validate('training/training-job-create-request', body)).toEqual({ ok: true });
      const level = (body.experimental_config as Record<string, unknown> | undefined)?.importance_sampling_level;
      expect(level === undefined || level === 'token').toBe(true);
    }),
    { numRuns: 200, seed: 1 },
  );
  fc.assert(
    fc.property(
      realisticLogRequest(),
      (body) => void expect(reg.validate('training/log-trajectories-request', body)).toEqual({ ok: true }),
    ),
    { numRuns: 200, seed: 2 },
  );
});

test('every invalid group case breaks the spec schema (none is valid by accident)', () => {
  const reg = registry();
  for (const c of invalidGroupCases()) {
    expect(
      reg.validate('training/training-job-create-request', { model_id: DEFAULT_MODEL_ID, trajectory_groups: c.groups })
        .ok,
      c.description,
    ).toBe(false);
  }
});

test('uuidFromSeed gives v4-shaped UUIDs, fixed by the seed', () => {
  for (const seed of [0, 1, -5, 2 ** 31, 123456789]) {
    expect(isUuid(uuidFromSeed(seed))).toBe(true);
    expect(uuidFromSeed(seed)).toBe(uuidFromSeed(seed));
  }
  expect(uuidFromSeed(1)).not.toBe(uuidFromSeed(2));
});
