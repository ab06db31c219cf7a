/** @module The ways a request can present (non-)credentials (§5), and their classifier. */
import { type ConfiguredCredentials, type DerivedPresentation, derivedPresentations } from './credentials.js';
import type { AuthScheme } from './operations.js';

/** `valid`: the configured credentials of the path's scheme; the others must all be rejected (§5). */
export type PresentationId =
  | 'valid'
  | 'no-credentials'
  | 'malformed'
  | 'unknown-credentials'
  | 'other-scheme'
  | DerivedPresentation;

/** What each presentation is, in words a report can print. */
export const PRESENTATION_LABELS: Readonly<Record<PresentationId, string>> = {
  valid: 'the configured credentials',
  'no-credentials': 'no Authorization header',
  malformed: 'a malformed Authorization header',
  'unknown-credentials': 'made-up credentials in the right scheme',
  'other-scheme': "made-up credentials in the other family's scheme",
  'v1-token-as-bearer': 'the configured /v1 token as Bearer on a /v2 path',
  'v1-token-as-basic': 'the configured /v1 token as Basic credentials (api:<token>)',
  'right-user-wrong-password': 'the configured basic username with a wrong password',
  'v2-basic-on-v1': 'the configured /v2 basic credentials on a /v1 path',
  'token-with-suffix': 'the configured token with a suffix',
  'token-truncated': 'the configured token truncated',
};

/** The presentations every operation of a scheme must reject (the coverage model's auth items). */
export function rejectedPresentations(scheme: AuthScheme): readonly PresentationId[] {
  const common: PresentationId[] = ['no-credentials', 'malformed', 'unknown-credentials', 'other-scheme'];
  return [...common, ...derivedPresentations(scheme)];
}

function decodeBasic(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  return text.includes(':') ? text : undefined;
}

/** Which presentation an Authorization header is, on a path of `scheme`. */
export function classifyAuthorization(
  header: string | undefined,
  scheme: AuthScheme,
  creds: ConfiguredCredentials,
): PresentationId {
  if (header === undefined) return 'no-credentials';
  const m = /^(\S+)(?:\s+(.*))?$/s.exec(header.trim());
  const word = m?.[1]?.toLowerCase();
  const rest = (m?.[2] ?? '').trim();
  if (word === 'bearer') {
    if (!rest) return scheme === 'bearer' ? 'malformed' : 'other-scheme';
    const { token } = creds;
    if (scheme === 'basic') return token !== undefined && rest === token ? 'v1-token-as-bearer' : 'other-scheme';
    if (token === undefined) return 'unknown-credentials';
    if (rest === token) return 'valid';
    if (rest.startsWith(token)) return 'token-with-suffix';
    if (token.startsWith(rest)) return 'token-truncated';
    return 'unknown-credentials';
  }
  if (word === 'basic') {
    const decoded = rest ? decodeBasic(rest) : undefined;
    if (scheme === 'bearer')
      return decoded !== undefined && decoded === creds.basic ? 'v2-basic-on-v1' : 'other-scheme';
    if (decoded === undefined) return 'malformed';
    if (decoded === creds.basic) return 'valid';
    const [user, ...pass] = decoded.split(':');
    const password = pass.join(':');
    if (creds.token !== undefined && password === creds.token) return 'v1-token-as-basic';
    if (creds.basic !== undefined && user === creds.basic.split(':')[0]) return 'right-user-wrong-password';
    return 'unknown-credentials';
  }
  return 'malformed';
}
