import { expect, test } from 'vitest';
import { checkBasic, checkBearer, credential } from './auth.js';

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
