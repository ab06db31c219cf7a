/**
 * The sampling shape made once per distinct shape is the shape the judge computed per exchange before:
 * the same string for the same operation, status, credentials and key set, whatever the key order.
 */
import { describe, expect, it } from 'vitest';
import { shapeOf } from './exchange-shape.js';

/** The shape as the judge wrote it before it was cached: the reference. */
const reference = (op: string, status: number, authorization: string | undefined, body: unknown): string =>
  `${op} ${status} ${authorization === undefined ? '-' : '+'}${
    body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).sort().join(',') : ''
  }`;

describe('shapeOf', () => {
  const bodies: unknown[] = [
    { model: 'm', messages: [], stream: true },
    { stream: true, model: 'm', messages: [] },
    { 'b,a': 1 },
    { b: 1, a: 2 },
    { a: 2, b: 1 },
    { 'a,b': 1, c: 2 },
    {},
    [1, 2],
    'text',
    undefined,
  ];

  it('is the sorted-keys shape, whatever the order the keys came in, commas in keys included', () => {
    for (let round = 0; round < 2; round++)
      for (const body of bodies)
        for (const auth of [undefined, 'Bearer x'])
          for (const status of [200, 400])
            expect(shapeOf('chat.create', status, auth, body)).toBe(reference('chat.create', status, auth, body));
  });

  it('tells apart key lists that join alike', () => {
    expect(shapeOf('chat.create', 200, undefined, { 'b,a': 1 })).not.toBe(
      shapeOf('chat.create', 200, undefined, { b: 1, a: 2 }),
    );
  });
});

describe('shapeOf past the bound of the key lists it keeps', () => {
  it('is still the sorted-keys shape for thousands of distinct key lists, seen twice', () => {
    const bodies = Array.from({ length: 3_000 }, (_, i) => ({ [`k${i}`]: 1, model: 'm', [`a${i % 7}`]: 2 }));
    for (let round = 0; round < 2; round++)
      for (const body of bodies)
        expect(shapeOf('chat.create', 200, 'x', body)).toBe(reference('chat.create', 200, 'x', body));
  });
});
