import { expect, test } from 'vitest';
import { JobStore } from './store.js';

test('jobs are found by id', () => {
  const store = new JobStore();
  store.add({ id: 'a' });
  expect(store.get('a')).toEqual({ id: 'a' });
  expect(store.get('b')).toBeUndefined();
});

test('beyond the cap the oldest job is evicted', () => {
  const store = new JobStore(2);
  store.add({ id: 'a' });
  store.add({ id: 'b' });
  store.add({ id: 'c' });
  expect(store.size).toBe(2);
  expect(store.get('a')).toBeUndefined();
  expect(store.get('c')).toEqual({ id: 'c' });
});
