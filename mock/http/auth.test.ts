import fc from 'fast-check';
import { expect, test } from 'vitest';
import { bearerTokenOf, checkBasic, checkBearer, credential } from './auth.js';

const token = credential('secret-token');
const basic = credential('api:key');
const b64 = (s: string) => Buffer.from(s).toString('base64');

test('the right bearer token passes, in any scheme case', () => {
  expect(checkBearer('Bearer secret-token', token)).toEqual({ ok: true });
  expect(checkBearer('bearer secret-token', token)).toEqual({ ok: true });
});

test('a missing header is not presented; a wrong, malformed or wrong-scheme one is', () => {
  expect(checkBearer(undefined, token)).toEqual({ ok: false, presented: false });
  expect(checkBearer('Bearer wrong', token)).toEqual({ ok: false, presented: true });
  expect(checkBearer('Bearer', token)).toEqual({ ok: false, presented: true });
  expect(checkBearer('Bearer secret-token extra', token)).toEqual({ ok: false, presented: true });
  expect(checkBearer(`Basic ${b64('api:key')}`, token)).toEqual({ ok: false, presented: true });
  expect(checkBearer('Bearer secret-token-longer', token)).toEqual({ ok: false, presented: true });
  expect(checkBearer('Bearer secret-tok', token)).toEqual({ ok: false, presented: true });
  expect(checkBearer('Bearer secret-tokem', token)).toEqual({ ok: false, presented: true });
});

test('basic credentials pass only as the exact user:pass, and report the user', () => {
  expect(checkBasic(`Basic ${b64('api:key')}`, basic)).toEqual({ ok: true, user: 'api' });
  expect(checkBasic(`Basic ${b64('api:nope')}`, basic)).toEqual({ ok: false, presented: true });
  expect(checkBasic(`Basic ${b64('apikey')}`, basic)).toEqual({ ok: false, presented: true });
  expect(checkBasic('Basic !!!', basic)).toEqual({ ok: false, presented: true });
  expect(checkBasic('Bearer secret-token', basic)).toEqual({ ok: false, presented: true });
});

test('the bearer scanner takes exactly what the RFC 6750 expression captures', () => {
  const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
  const chars = [...'bearBEAR =-._~+/xZ09\t!"ıſK\u212a\n'];
  const piece = fc.oneof(
    fc.constantFrom('Bearer ', 'bearer', 'BEARER  ', 'BeArEr ', 'Bearer\t', 'Basic ', 'Bearerx '),
    fc.constantFrom(...chars),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
      const header = pieces.join('');
      expect(bearerTokenOf(header)).toBe(BEARER.exec(header)?.[1]);
    }),
    { numRuns: 20_000 },
  );
  for (const header of ['Bearer a', 'bearer  a==  ', 'Bearer a=b', 'Bearer ==', 'Bearer', 'Bearer  ', 'xearer a'])
    expect(bearerTokenOf(header)).toBe(BEARER.exec(header)?.[1]);
});
