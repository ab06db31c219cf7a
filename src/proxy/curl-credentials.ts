/**
 * @module What a proxy finding's curl line sends for the client's credentials: the configured ones as
 * environment variables (src/transport/curl.ts), any other value a placeholder naming its kind.
 *
 * Never the client's own value (a secret) nor the configured one in its place: a request the target
 * should have refused would then replay as one it serves, while a placeholder of the same kind
 * reproduces the refusal.
 */
import { ENV_BASIC, ENV_TOKEN } from '../core/defaults.js';
import type { ConfiguredCredentials } from '../core/credentials.js';
import type { AuthScheme } from '../core/operations.js';
import { classifyAuthorization, type PresentationId } from '../core/presentations.js';

/** The presentations told apart without configured credentials: those outside the path's scheme. */
const WITHOUT_CONFIGURED: ReadonlySet<PresentationId> = new Set(['no-credentials', 'malformed', 'other-scheme']);

/**
 * The kind of credentials an Authorization header presents on a path of `scheme`, or undefined when
 * it is in the path's scheme and the credentials of that scheme were not configured (the proxy cannot
 * tell the right ones from others).
 */
export function presentationOf(
  authorization: string | undefined,
  scheme: AuthScheme,
  configured: ConfiguredCredentials | undefined,
): PresentationId | undefined {
  const known = configured && (scheme === 'bearer' ? configured.token : configured.basic) !== undefined;
  const kind = classifyAuthorization(authorization, scheme, known ? configured : {});
  return known || WITHOUT_CONFIGURED.has(kind) ? kind : undefined;
}

const header = (value: string): string[] => ['-H', `'Authorization: ${value}'`];

/** The placeholder arguments of each kind not built exactly from the configured credentials. */
const PLACEHOLDERS: Readonly<Record<PresentationId, (scheme: AuthScheme) => string[]>> = {
  valid: (scheme) =>
    scheme === 'bearer' ? ['-H', `"Authorization: Bearer $${ENV_TOKEN}"`] : ['-u', `"$${ENV_BASIC}"`],
  'no-credentials': () => [],
  malformed: (scheme) =>
    header(scheme === 'basic' ? 'Basic <not the base64 of user:password>' : '<a malformed Authorization header>'),
  'unknown-credentials': (scheme) =>
    scheme === 'bearer'
      ? header('Bearer <a bearer token other than the configured one>')
      : ['-u', `'<a user>:<a password other than the configured one>'`],
  'other-scheme': (scheme) =>
    scheme === 'bearer' ? ['-u', `'<a user>:<a password>'`] : header('Bearer <a bearer token>'),
  'v1-token-as-bearer': () => ['-H', `"Authorization: Bearer $${ENV_TOKEN}"`],
  'v1-token-as-basic': () => ['-u', `"<a user>:$${ENV_TOKEN}"`],
  'right-user-wrong-password': () => ['-u', `"\${${ENV_BASIC}%%:*}:<a password other than the configured one>"`],
  'v2-basic-on-v1': () => ['-u', `"$${ENV_BASIC}"`],
  'token-with-suffix': () => ['-H', `"Authorization: Bearer $${ENV_TOKEN}<a suffix>"`],
  'token-truncated': () => ['-H', `"Authorization: Bearer \${${ENV_TOKEN}%?}"`],
};

/**
 * The curl arguments for an Authorization header on a path of `scheme` that is not exactly the
 * configured credentials nor one derived from them (`buildCurl` writes those itself). `status`: what
 * the target answered. Without configured credentials, in-scheme credentials the target served stand
 * for the user's own (`$CONFORMANCE_TOKEN`), and those it refused for refused ones.
 */
export function curlAuthorization(
  scheme: AuthScheme,
  configured: ConfiguredCredentials | undefined,
  status: number,
): (value: string) => readonly string[] {
  return (value) => {
    const kind = presentationOf(value, scheme, configured);
    if (kind !== undefined) return PLACEHOLDERS[kind](scheme);
    if (status !== 401 && status !== 403) return PLACEHOLDERS.valid(scheme);
    return scheme === 'bearer'
      ? header('Bearer <a bearer token the target refused>')
      : ['-u', `'<a user>:<a password the target refused>'`];
  };
}
