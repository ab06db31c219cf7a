/** The invalid bodies of an operation are drawn once per target, registry and seed for the checks that share them. */
import { expect, test } from 'vitest';
import { DEFAULT_MODEL_ID } from '../../src/core/defaults.js';
import type { CheckContext } from '../../src/core/check.js';
import { registry } from '../../src/schemas/registry.js';
import { rejectCases } from './bodies.checks.js';

const targetOf = (): CheckContext['target'] =>
  ({ model: 'mock-model', maxCompletionTokens: 16, modelId: DEFAULT_MODEL_ID }) as CheckContext['target'];

test('the checks that share the cases get the same cases, drawn once; another target gets equal ones', () => {
  const target = targetOf();
  const first = rejectCases({ seed: 5, schemas: registry(), target }, 'training-jobs.create');
  expect(rejectCases({ seed: 5, schemas: registry(), target }, 'training-jobs.create')).toBe(first);
  const fresh = rejectCases({ seed: 5, schemas: registry(), target: targetOf() }, 'training-jobs.create');
  expect(fresh).not.toBe(first);
  expect(fresh.enumerated.map((c) => [c.seed, c.value])).toEqual(first.enumerated.map((c) => [c.seed, c.value]));
});

test('another seed or operation draws its own cases', () => {
  const target = targetOf();
  const a = rejectCases({ seed: 5, schemas: registry(), target }, 'training-jobs.create');
  const b = rejectCases({ seed: 6, schemas: registry(), target }, 'training-jobs.create');
  const c = rejectCases({ seed: 5, schemas: registry(), target }, 'trajectories.log');
  expect(b.enumerated.map((e) => e.seed)).not.toEqual(a.enumerated.map((e) => e.seed));
  expect(c.enumerated.length).not.toBe(a.enumerated.length);
});
