import { expect, test } from 'vitest';
import { Router } from './router.js';

const router = new Router<string>()
  .add('POST', '/v1/chat/completions', 'chat')
  .add('GET', '/v2/{entity}/{project}/predictions/{id}', 'read');

test('a matching method and path finds the handler with decoded params', () => {
  expect(router.match('GET', '/v2/acme/my%20proj/predictions/p1')).toEqual({
    kind: 'found',
    handler: 'read',
    params: { entity: 'acme', project: 'my proj', id: 'p1' },
  });
});

test('a known path with another method is method-not-allowed with the allowed methods', () => {
  expect(router.match('GET', '/v1/chat/completions')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
});

test('an unknown path, an empty param or a malformed escape is not found', () => {
  expect(router.match('GET', '/v3/nothing').kind).toBe('not-found');
  expect(router.match('GET', '/v2/acme//predictions/p1').kind).toBe('not-found');
  expect(router.match('GET', '/v2/acme/%E0%A4%A/predictions/p1').kind).toBe('not-found');
});

test('a path without parameters is found as such, also next to parameterised routes of its length', () => {
  const r = new Router<string>()
    .add('GET', '/v2/{entity}/{project}/scores', 'list')
    .add('GET', '/v2/static/x/scores', 'static');
  expect(router.match('POST', '/v1/chat/completions')).toEqual({ kind: 'found', handler: 'chat', params: {} });
  expect(r.match('GET', '/v2/static/x/scores')).toMatchObject({ kind: 'found', handler: 'static' });
  expect(r.match('GET', '/v2/other/x/scores')).toMatchObject({
    kind: 'found',
    handler: 'list',
    params: { entity: 'other', project: 'x' },
  });
  expect(router.match('POST', '/v1/chat/completions/')).toEqual({ kind: 'not-found' });
});
