/** The proxy's curl lines, pasted into a real shell, present credentials of the kind the request carried and hold no secret. */
import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { classifyAuthorization } from '../../src/core/presentations.js';
import { curlAuthorization, presentationOf } from '../../src/proxy/curl-credentials.js';

const configured = { token: 'tok-ABCDEF-987', basic: 'alice:pw-XYZ-123' };
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** What the shell sends for the curl arguments, as an Authorization header (undefined: none). */
function sent(args: readonly string[]): string | undefined {
  if (args.length === 0) return undefined;
  const env = { ...process.env, CONFORMANCE_TOKEN: configured.token, CONFORMANCE_BASIC: configured.basic };
  const value = execFileSync('bash', ['-c', `printf %s ${args[1]}`], { env, encoding: 'utf8' });
  return args[0] === '-u' ? `Basic ${b64(value)}` : value.replace(/^Authorization: /, '');
}

test.each([
  ['bearer', 'Bearer someone-elses-token', 'unknown-credentials'],
  ['bearer', `Bearer ${configured.token}xyz`, 'token-with-suffix'],
  ['bearer', 'Token abc', 'malformed'],
  ['bearer', `Basic ${b64('bob:secret-pw')}`, 'other-scheme'],
  ['basic', `Basic ${b64('bob:secret-pw')}`, 'unknown-credentials'],
  ['basic', `Basic ${b64('alice:another-pw')}`, 'right-user-wrong-password'],
  ['basic', 'Basic not*base64', 'malformed'],
  ['basic', 'Bearer someone-elses-token', 'other-scheme'],
] as const)(
  'on a %s path, %s: a placeholder that presents the same kind, holding no secret',
  (scheme, header, kind) => {
    expect(presentationOf(header, scheme, configured)).toBe(kind);
    const args = curlAuthorization(scheme, configured, 200)(header);
    const text = args.join(' ');
    for (const secret of ['someone-elses', 'secret-pw', 'another-pw', configured.token, 'pw-XYZ'])
      expect(text).not.toContain(secret);
    // Pasted as it is, the line presents credentials of the kind the request presented.
    expect(classifyAuthorization(sent(args), scheme, configured)).toBe(kind);
  },
);

test('without configured credentials: a served token stands for the user’s own, a refused one for a refused one', () => {
  expect(curlAuthorization('bearer', undefined, 200)('Bearer abcd1234')).toEqual([
    '-H',
    '"Authorization: Bearer $CONFORMANCE_TOKEN"',
  ]);
  expect(curlAuthorization('bearer', undefined, 401)('Bearer abcd1234')).toEqual([
    '-H',
    `'Authorization: Bearer <a bearer token the target refused>'`,
  ]);
  expect(presentationOf(undefined, 'bearer', undefined)).toBe('no-credentials');
  expect(presentationOf('Bearer abcd', 'bearer', undefined)).toBeUndefined();
});
