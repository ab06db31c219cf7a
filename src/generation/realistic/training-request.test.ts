import { expect, test } from 'vitest';
import { assertAllValid, assertDeterministic } from '../../../test/helpers/arbitrary-laws.js';
import { DEFAULT_MODEL_ID } from '../../core/defaults.js';
import { sampleRequests } from '../sample.js';
import { presentPaths, schemaFields, valuesAt } from '../../schemas/fields.js';
import { registry } from '../../schemas/registry.js';
import { everyFieldTrainingRequests, realisticLogRequest, realisticTrainingJobRequest } from './training-request.js';
import { realisticTrajectoryGroup } from './trajectory.js';

test('realistic §4.2 training-job requests validate against the spec schema and the FastAPI overlay', () => {
  assertAllValid(
    realisticTrainingJobRequest({ modelId: DEFAULT_MODEL_ID }),
    ['training/training-job-create-request', 'conventions/training-job-create-request'],
    { numRuns: 100 },
  );
});

test('realistic §4.4 log requests validate against the spec schema and the FastAPI overlay', () => {
  assertAllValid(realisticLogRequest(), ['training/log-trajectories-request', 'conventions/log-trajectories-request'], {
    numRuns: 100,
  });
});

test('trajectory groups hold conversations of messages and Choice objects, rewards and ISO 8601 start times', () => {
  assertAllValid(realisticTrajectoryGroup(), ['training/trajectory-group'], { numRuns: 100 });
  for (const group of sampleRequests(realisticTrajectoryGroup(), 5, 20)) {
    for (const t of group.trajectories) {
      expect(typeof t.reward).toBe('number');
      const items = t.messages_and_choices as Record<string, unknown>[];
      expect(items.at(-1)).toMatchObject({ index: 0, message: { role: 'assistant' } });
      expect(items.some((m) => m.role === 'user')).toBe(true);
      if (t.start_time !== undefined) expect(new Date(t.start_time as string).toISOString()).toBe(t.start_time);
    }
  }
});

test('the model id comes from the options and the same seed gives the same requests', () => {
  const arb = realisticTrainingJobRequest({ modelId: '11111111-2222-4333-8444-555555555555' });
  expect(sampleRequests(arb, 1, 3).every((r) => r.model_id === '11111111-2222-4333-8444-555555555555')).toBe(true);
  assertDeterministic(arb, { numRuns: 5 });
  assertDeterministic(realisticLogRequest(), { numRuns: 5 });
});

test('everyFieldTrainingRequests: valid bodies that together carry every §4.2 and §4.4 field and named value (derived from the schemas)', () => {
  const { create, logs } = everyFieldTrainingRequests({ modelId: DEFAULT_MODEL_ID }, 3);
  const cases: [string, Record<string, unknown>[]][] = [
    ['training/training-job-create-request', [create]],
    ['training/log-trajectories-request', logs],
  ];
  for (const [schema, bodies] of cases) {
    const present = new Set<string>();
    for (const b of bodies) {
      expect(registry().validate(schema, b).ok).toBe(true);
      presentPaths(b, present);
    }
    for (const f of schemaFields(registry(), schema)) {
      expect(present, `${schema} ${f.path}`).toContain(f.path);
      for (const value of f.values)
        expect(
          bodies.some((b) => valuesAt(b, f.path).includes(value)),
          `${f.path} = ${String(value)}`,
        ).toBe(true);
    }
  }
  expect(registry().validate('conventions/training-job-create-request', create).ok).toBe(true);
  for (const l of logs) expect(registry().validate('conventions/log-trajectories-request', l).ok).toBe(true);
});
