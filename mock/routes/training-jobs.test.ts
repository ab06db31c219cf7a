import { expect, test } from 'vitest';
import { DEFAULT_MODEL_ID } from '../../src/core/defaults.js';
import { registry } from '../../src/schemas/registry.js';
import { createMock } from '../app.js';
import { buildRequest } from '../request.js';

const mock = createMock();
const valid = {
  model_id: DEFAULT_MODEL_ID,
  trajectory_groups: [{ trajectories: [{ messages_and_choices: [{ role: 'user', content: 'hi' }], reward: 1 }] }],
};
const create = (json: unknown) => mock.handle(buildRequest('POST', '/v1/preview/training-jobs', { json }));
const detailOf = (json: unknown) => (json as { detail: { loc: string[]; msg: string; type: string }[] }).detail;

test('§4.2 create answers a new UUID id, and §4.3 get returns that job', async () => {
  const created = await create(valid);
  expect(created.status).toBe(200);
  expect(registry().validate('training/training-job', created.json)).toEqual({ ok: true });
  const { id } = created.json as { id: string };
  expect((await create(valid)).json).not.toEqual(created.json);
  const got = await mock.handle(buildRequest('GET', `/v1/preview/training-jobs/${id}`));
  expect(got.status).toBe(200);
  expect(got.json).toEqual({ id });
});

test('§4.3 an unknown job is 404 with a JSON detail', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
    const res = await mock.handle(buildRequest('GET', `/v1/preview/training-jobs/${id}`));
    expect(res.status).toBe(404);
    expect(registry().validate('errors/not-found-error', res.json)).toEqual({ ok: true });
  }
});

test('a model_id that is not a UUID is 422 with loc ["body","model_id"]', async () => {
  const res = await create({ ...valid, model_id: 'nope' });
  expect(res.status).toBe(422);
  expect(registry().validate('errors/validation-error', res.json)).toEqual({ ok: true });
  expect(detailOf(res.json)).toEqual([
    { loc: ['body', 'model_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' },
  ]);
});

test('wrong experimental_config types and an unknown importance_sampling_level are 422', async () => {
  const wrongType = await create({ ...valid, experimental_config: { learning_rate: 'fast' } });
  expect(wrongType.status).toBe(422);
  expect(detailOf(wrongType.json)[0]!.loc).toEqual(['body', 'experimental_config', 'learning_rate']);
  const level = await create({ ...valid, experimental_config: { importance_sampling_level: 'bogus' } });
  expect(level.status).toBe(422);
  expect(detailOf(level.json)[0]!.type).toBe('literal_error');
});

test('explicit nulls in experimental_config are accepted, as real clients send them', async () => {
  expect(
    (
      await create({
        ...valid,
        experimental_config: { learning_rate: null, ppo: null, importance_sampling_level: 'sequence' },
      })
    ).status,
  ).toBe(200);
  expect((await create({ ...valid, experimental_config: null })).status).toBe(200);
});

test('missing required fields, array loc indices as strings', async () => {
  const res = await create({ trajectory_groups: [{ trajectories: [{ reward: 'high' }] }] });
  expect(res.status).toBe(422);
  const detail = detailOf(res.json);
  expect(detail).toContainEqual({ loc: ['body', 'model_id'], msg: 'Field required', type: 'missing' });
  expect(detail).toContainEqual({
    loc: ['body', 'trajectory_groups', '0', 'trajectories', '0', 'reward'],
    msg: 'Input should be a valid number',
    type: 'float_type',
  });
});

test('bad bodies are 422, never 5xx: broken JSON, non-objects, another content type', async () => {
  for (const body of ['{', '[]', '42', 'null'])
    expect(
      (
        await mock.handle(
          buildRequest('POST', '/v1/preview/training-jobs', { body, headers: { 'content-type': 'application/json' } }),
        )
      ).status,
    ).toBe(422);
  expect(
    (
      await mock.handle(
        buildRequest('POST', '/v1/preview/training-jobs', {
          body: 'x=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      )
    ).status,
  ).toBe(422);
});
