import { expect, test } from 'vitest';
import { timestampOf, uuidV7Like } from './ids.js';

test('ids are UUIDv7-shaped and carry their timestamp', () => {
  const t = Date.UTC(2025, 0, 1, 0, 0, 7);
  const id = uuidV7Like(t, 42);
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(timestampOf(id)).toBe(t);
});

test('different salts give different ids, and non-ids decode to nothing', () => {
  expect(uuidV7Like(0, 1)).not.toBe(uuidV7Like(0, 2));
  expect(timestampOf('not-an-id')).toBeUndefined();
  expect(timestampOf('3f2c9a1e-7b4d-4c8e-9f10-2a6b5c7d8e90')).toBeUndefined();
});
