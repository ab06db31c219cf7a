/** @module The target a runner unit test points at its own little server: not the mock, no writes, small limits. */
import type { TargetConfig } from '../../src/core/check.js';

export const runnerTestTarget = (baseUrl: string): TargetConfig => ({
  baseUrl,
  entity: 'e',
  project: 'p',
  modelId: '3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e90',
  priorityScheduling: false,
  allowWrites: false,
  bundledMock: false,
  listParams: { evaluationRunId: 'evaluation_run_id', limit: 'limit', offset: 'offset' },
  listReadCap: 100,
  maxCompletionTokens: 16,
});
