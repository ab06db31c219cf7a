import { expect, test } from 'vitest';
import { createRedactor } from '../core/redact.js';
import { buildCurl, shellQuote } from './curl.js';

const token = 'tok-ABCDEF-987';
const basic = 'api:pw-XYZ-123';
const redact = createRedactor([token, basic]);

test('the configured bearer token becomes an environment variable reference', () => {
  const line = buildCurl(
    { method: 'POST', url: 'http://h/v1/chat/completions', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: `{"q":"it's ${token}"}` },
    { token, basic, redact },
  );
  expect(line).toContain('"Authorization: Bearer $CONFORMANCE_TOKEN"');
  expect(line).not.toContain(token);
  expect(line).toContain(`--data-raw '{"q":"it'\\''s ***"}'`);
});

test('the configured basic credentials become -u "$CONFORMANCE_BASIC"', () => {
  const line = buildCurl(
    { method: 'GET', url: 'http://h/v2/e/p/scores', headers: { authorization: `Basic ${Buffer.from(basic).toString('base64')}` } },
    { token, basic, redact },
  );
  expect(line).toBe(`curl -sS -i 'http://h/v2/e/p/scores' -u "$CONFORMANCE_BASIC"`);
});

test('shell quoting survives single quotes', () => {
  expect(shellQuote(`a'b`)).toBe(`'a'\\''b'`);
});
