import { expect, test } from 'vitest';
import { createRedactor } from './redact.js';
import {
  type DerivedPresentation,
  derivedAuthorization,
  derivedPresentations,
  derivedSecrets,
} from '../core/credentials.js';
import { classifyAuthorization, PRESENTATION_LABELS } from './presentations.js';

const creds = { token: 'tok-0123456789abcdef', basic: 'alice:s3cret-pass' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

test('the configured credentials and the made-up ones are told apart per path family', () => {
  expect(classifyAuthorization(`Bearer ${creds.token}`, 'bearer', creds)).toBe('valid');
  expect(classifyAuthorization(`Basic ${b64(creds.basic)}`, 'basic', creds)).toBe('valid');
  expect(classifyAuthorization(undefined, 'bearer', creds)).toBe('no-credentials');
  expect(classifyAuthorization('Bearer', 'bearer', creds)).toBe('malformed');
  expect(classifyAuthorization('conformance-invalid-token', 'bearer', creds)).toBe('malformed');
  expect(classifyAuthorization('Basic conformance-invalid!*', 'basic', creds)).toBe('malformed');
  expect(classifyAuthorization(`Basic ${b64('no-colon')}`, 'basic', creds)).toBe('malformed');
  expect(classifyAuthorization('Bearer conformance-invalid-token', 'bearer', creds)).toBe('unknown-credentials');
  expect(classifyAuthorization(`Basic ${b64('x:y')}`, 'basic', creds)).toBe('unknown-credentials');
  expect(classifyAuthorization(`Basic ${b64('x:y')}`, 'bearer', creds)).toBe('other-scheme');
  expect(classifyAuthorization('Bearer conformance-invalid-token', 'basic', creds)).toBe('other-scheme');
});

test('every derived presentation is classified as itself, and is never the valid one', () => {
  for (const scheme of ['bearer', 'basic'] as const) {
    for (const p of derivedPresentations(scheme)) {
      const header = derivedAuthorization(p, creds);
      expect(classifyAuthorization(header, scheme, creds), p).toBe(p);
    }
  }
});

test('redaction holds for every derived header, in any text, and labels carry no secret', () => {
  const redact = createRedactor([creds.token, creds.basic, ...derivedSecrets(creds)]);
  const all: DerivedPresentation[] = [...derivedPresentations('bearer'), ...derivedPresentations('basic')];
  for (const p of all) {
    const header = derivedAuthorization(p, creds);
    const value = header.replace(/^\S+\s+/, '');
    const decoded = header.startsWith('Basic ') ? Buffer.from(value, 'base64').toString('utf8') : value;
    for (const text of [`authorization: ${header}`, `the server said: bad key ${value}`, `echo ${decoded}`]) {
      const out = redact(text);
      expect(out, `${p}: ${text}`).not.toContain(creds.token.slice(0, 10));
      expect(out).not.toContain('s3cret-pass');
    }
    expect(PRESENTATION_LABELS[p]).not.toContain(creds.token);
  }
});
