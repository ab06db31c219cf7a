import { expect, test } from 'vitest';
import { createRedactor } from '../core/redact.js';
import { execFileSync } from 'node:child_process';
import { derivedAuthorization, derivedPresentations, derivedSecrets } from '../core/credentials.js';
import { buildCurl, shellQuote } from './curl.js';

const token = 'tok-ABCDEF-987';
const basic = 'api:pw-XYZ-123';
const redact = createRedactor([token, basic]);

test('the configured bearer token becomes an environment variable reference', () => {
  const line = buildCurl(
    {
      method: 'POST',
      url: 'http://h/v1/chat/completions',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: `{"q":"it's ${token}"}`,
    },
    { token, basic, redact },
  );
  expect(line).toContain('"Authorization: Bearer $CONFORMANCE_TOKEN"');
  expect(line).not.toContain(token);
  expect(line).toContain(`--data-raw '{"q":"it'\\''s ***"}'`);
});

test('the configured basic credentials become -u "$CONFORMANCE_BASIC"', () => {
  const line = buildCurl(
    {
      method: 'GET',
      url: 'http://h/v2/e/p/scores',
      headers: { authorization: `Basic ${Buffer.from(basic).toString('base64')}` },
    },
    { token, basic, redact },
  );
  expect(line).toBe(`curl -sS -i 'http://h/v2/e/p/scores' -u "$CONFORMANCE_BASIC"`);
});

test('shell quoting survives single quotes', () => {
  expect(shellQuote(`a'b`)).toBe(`'a'\\''b'`);
});

test('each derived presentation becomes a curl argument the shell builds from the environment, reproducing the header without the secret', () => {
  const creds = { token: 'tok-ABCDEF-987', basic: 'alice:pw-XYZ-123' };
  const redactAll = createRedactor([creds.token, creds.basic, ...derivedSecrets(creds)]);
  const env = { ...process.env, CONFORMANCE_TOKEN: creds.token, CONFORMANCE_BASIC: creds.basic };
  for (const p of [...derivedPresentations('bearer'), ...derivedPresentations('basic')]) {
    const header = derivedAuthorization(p, creds);
    const line = buildCurl(
      { method: 'GET', url: 'http://h/x', headers: { authorization: header } },
      { ...creds, redact: redactAll },
    );
    expect(line, p).not.toContain(creds.token.slice(0, -1));
    expect(line, p).not.toContain('pw-XYZ');
    // What the shell makes of the argument: `-H "Authorization: …"` or `-u "user:pass"`.
    const m = /(-H|-u) ("[^"]*")$/.exec(line);
    expect(m, `${p}: ${line}`).not.toBeNull();
    const value = execFileSync('bash', ['-c', `printf %s ${m![2]}`], { env, encoding: 'utf8' });
    const rebuilt =
      m![1] === '-u' ? `Basic ${Buffer.from(value).toString('base64')}` : value.replace(/^Authorization: /, '');
    expect(rebuilt, p).toBe(header);
  }
});

test('the run’s connection settings become curl flags: -x, --cacert, --cert/--key, -k, and secret headers from the environment', () => {
  const settings = {
    headers: { 'x-api-gateway-key': 'gw-k-1', 'x-tenant': 'team-a' },
    proxy: { url: 'http://proxy.local:3128', from: '--proxy' },
    tls: {
      insecure: true,
      ca: { file: '/etc/ca dir/ca.pem', pem: '' },
      client: { certFile: '/c.pem', cert: '', keyFile: '/k.pem', key: '' },
    },
    env: {},
  };
  const line = buildCurl(
    { method: 'GET', url: 'https://h/v2/e/p/scores', headers: { 'x-api-gateway-key': 'gw-k-1', 'x-tenant': 'team-a' } },
    { token, basic, redact: createRedactor(['gw-k-1']), connection: settings },
  );
  expect(line).toBe(
    `curl -sS -i 'https://h/v2/e/p/scores' -x 'http://proxy.local:3128' --cacert '/etc/ca dir/ca.pem' --cert /c.pem --key /k.pem -k -H "x-api-gateway-key: $CONFORMANCE_HEADER_X_API_GATEWAY_KEY" -H 'x-tenant: team-a'`,
  );
  // A proxy URL with credentials is read back from its variable: the one it came from, or CONFORMANCE_PROXY.
  const fromEnv = buildCurl(
    { method: 'GET', url: 'https://h/x', headers: {} },
    { redact, connection: { headers: {}, tls: { insecure: false }, env: { HTTPS_PROXY: 'http://u:pw@p:1' } } },
  );
  expect(fromEnv).toBe(`curl -sS -i 'https://h/x' -x "$HTTPS_PROXY"`);
  const fromFlag = buildCurl(
    { method: 'GET', url: 'https://h/x', headers: {} },
    {
      redact,
      connection: {
        headers: {},
        proxy: { url: 'http://u:pw@p:1', from: '--proxy' },
        tls: { insecure: false },
        env: {},
      },
    },
  );
  expect(fromFlag).toBe(`curl -sS -i 'https://h/x' -x "$CONFORMANCE_PROXY"`);
});

test('an Accept-Encoding that asks for compression becomes --compressed (curl decodes, as the run did); identity stays a header', () => {
  const compressed = buildCurl(
    { method: 'GET', url: 'http://h/x', headers: { 'accept-encoding': 'gzip, deflate' } },
    { redact },
  );
  expect(compressed).toBe(`curl -sS -i 'http://h/x' --compressed`);
  const plain = buildCurl({ method: 'GET', url: 'http://h/x', headers: { 'accept-encoding': 'identity' } }, { redact });
  expect(plain).toBe(`curl -sS -i 'http://h/x' -H 'accept-encoding: identity'`);
});

test('an SDK’s telemetry headers are left out of the line; the headers that change the answer stay', () => {
  const line = buildCurl(
    {
      method: 'GET',
      url: 'http://h/v1/x',
      headers: {
        'x-stainless-lang': 'js',
        'X-Stainless-Retry-Count': '0',
        'x-fern-sdk-name': 'f',
        'user-agent': 'OpenAI/JS 4.0',
        'x-goog-api-client': 'gl-node/20',
        accept: 'application/json',
        'openai-organization': 'org-1',
      },
    },
    { redact },
  );
  expect(line).toBe(`curl -sS -i 'http://h/v1/x' -H 'accept: application/json' -H 'openai-organization: org-1'`);
});

test('credentials that are not the configured ones become the caller’s placeholder, never the configured variable', () => {
  const other = 'Bearer someone-elses-1234';
  const line = buildCurl(
    { method: 'GET', url: 'http://h/v1/x', headers: { authorization: other } },
    {
      token,
      redact: createRedactor([token, 'someone-elses-1234']),
      otherAuthorization: () => ['-H', `'Authorization: Bearer <another>'`],
    },
  );
  expect(line).toBe(`curl -sS -i 'http://h/v1/x' -H 'Authorization: Bearer <another>'`);
  // The configured token itself still reads `$CONFORMANCE_TOKEN`.
  const own = buildCurl(
    { method: 'GET', url: 'http://h/v1/x', headers: { authorization: `Bearer ${token}` } },
    { token, redact, otherAuthorization: () => ['-H', 'never'] },
  );
  expect(own).toContain('"Authorization: Bearer $CONFORMANCE_TOKEN"');
});
