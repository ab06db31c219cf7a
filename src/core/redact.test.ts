import { expect, test } from 'vitest';
import { createRedactor, redactHeaders } from './redact.js';

test('removes a secret in plain, base64 and percent-encoded forms', () => {
  const redact = createRedactor(['tok-SECRET-123', 'alice:pa ss/word']);
  const b64 = Buffer.from('alice:pa ss/word').toString('base64');
  const text = `Bearer tok-SECRET-123 Basic ${b64} q=${encodeURIComponent('pa ss/word')} ${Buffer.from('tok-SECRET-123').toString('base64')}`;
  const out = redact(text);
  expect(out).not.toContain('tok-SECRET-123');
  expect(out).not.toContain(b64);
  expect(out).not.toContain('pa ss/word');
  expect(out).not.toContain(encodeURIComponent('pa ss/word'));
  expect(out).not.toContain(Buffer.from('tok-SECRET-123').toString('base64'));
});

test('masks any Authorization value even for unknown secrets, but keeps env-var references', () => {
  const redact = createRedactor([]);
  expect(redact('Authorization: Bearer abcdefgh')).toBe('Authorization: Bearer ***');
  expect(redact('-H "Authorization: Bearer $CONFORMANCE_TOKEN"')).toContain('$CONFORMANCE_TOKEN');
});

test('credential headers keep only their scheme', () => {
  const redact = createRedactor(['x']);
  expect(redactHeaders({ Authorization: 'Basic Zm9vOmJhcg==', 'content-type': 'application/json' }, redact)).toEqual({
    Authorization: 'Basic ***',
    'content-type': 'application/json',
  });
});

test('prose that names a scheme keeps its words; credentials after it are still masked', () => {
  const redact = createRedactor([]);
  expect(redact('the Basic scheme on a /v1 path')).toBe('the Basic scheme on a /v1 path');
  expect(redact('made-up Bearer credentials')).toBe('made-up Bearer credentials');
  expect(redact('sent Bearer s3cr3t-Token here')).toBe('sent Bearer *** here');
  expect(redact('Basic Zm9vOmJhcg== was sent')).toBe('Basic *** was sent');
});

test('the flag placeholder `--basic USER:PASS` in a hint stays readable; a real pair after --basic is masked', () => {
  const redact = createRedactor([]);
  expect(redact('pass --basic USER:PASS (or CONFORMANCE_BASIC)')).toBe('pass --basic USER:PASS (or CONFORMANCE_BASIC)');
  expect(redact('--basic Alice:pw')).toBe('--basic ***:pw');
});
