/**
 * The reverse of the fault battery: every check a fault claims to break exists in the catalogue,
 * so renaming a check cannot leave a fault that no test runs any more.
 */
import { expect, test } from 'vitest';
import { CATALOGUE } from '../../suites/index.js';
import { FAULTS } from './index.js';

test('every id a fault breaks names a check of the catalogue', () => {
  const ids = new Set(CATALOGUE.map((c) => c.id));
  const dangling = FAULTS.flatMap((f) => f.breaks.filter((id) => !ids.has(id)).map((id) => `${f.id} → ${id}`));
  expect(dangling).toEqual([]);
});

test('fault ids are unique', () => {
  const seen = FAULTS.map((f) => f.id);
  expect(seen.filter((id, i) => seen.indexOf(id) !== i)).toEqual([]);
});
