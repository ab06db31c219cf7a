import { expect, test } from 'vitest';
import { DEFAULT_MODEL_ID } from '../../src/core/defaults.js';
import { registry } from '../../src/schemas/registry.js';
import { createMock } from '../app.js';
import { buildRequest } from '../request.js';

const mock = createMock();
const log = (json: unknown) =>
  mock.handle(buildRequest('POST', `/v1/preview/models/${DEFAULT_MODEL_ID}/log`, { json }));
const groups = [
  { trajectories: [{ reward: 1 }, { reward: 0 }] },
  { trajectories: [{ reward: 0.5 }, { messages_and_choices: [] }] },
];

test('§4.4 a valid log answers computed metrics for the split', async () => {
  const res = await log({ split: 'val', trajectory_groups: groups });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({
    model_id: DEFAULT_MODEL_ID,
    split: 'val',
    metrics: {
      'val/groups': 2,
      'val/trajectories': 4,
      'val/rewarded': 3,
      'val/reward_mean': 0.5,
      'val/reward_min': 0,
      'val/reward_max': 1,
    },
  });
});

test('no rewards give null statistics, not NaN', async () => {
  const res = await log({ split: 'train', trajectory_groups: [] });
  expect((res.json as { metrics: Record<string, unknown> }).metrics['train/reward_mean']).toBeNull();
});

test('§7 invalid bodies are 422 with the validation-error shape', async () => {
  for (const body of [
    { trajectory_groups: groups },
    { split: 'train' },
    { split: 3, trajectory_groups: [] },
    { split: 'train', trajectory_groups: [{ trajectories: [{ start_time: 'yesterday' }] }] },
  ]) {
    const res = await log(body);
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(registry().validate('errors/validation-error', res.json)).toEqual({ ok: true });
    const locs = (res.json as { detail: { loc: unknown[] }[] }).detail.flatMap((d) => d.loc);
    expect(locs.every((x) => typeof x === 'string')).toBe(true);
  }
});
