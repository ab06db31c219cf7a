/** Layers wrap the client in the order declared: the first nearest the target. */
import { expect, test } from 'vitest';
import type { HttpClient } from '../../transport/types.js';
import { type ClientLayer, compose } from './compose.js';

test('a request passes the layers last to first, then reaches the client', async () => {
  const seen: string[] = [];
  const client: HttpClient = {
    send: async () => {
      seen.push('client');
      return undefined as never;
    },
    open: () => Promise.reject(new Error('not used')),
  };
  const layer =
    (name: string): ClientLayer =>
    (inner) => ({
      send: (spec) => {
        seen.push(name);
        return inner.send(spec);
      },
      open: (spec) => inner.open(spec),
    });
  await compose([layer('near'), layer('middle'), layer('far')], client).send({ method: 'GET', path: '/' });
  expect(seen).toEqual(['far', 'middle', 'near', 'client']);
  expect(compose([], client)).toBe(client);
});
