/** @module The credentials a replayed request carries (a recording holds none). */
import { ENV_BASIC, ENV_TOKEN } from '../core/defaults.js';
import { type ConfiguredCredentials, derivedAuthorization, WRONG_PASSWORD } from '../core/credentials.js';
import type { AuthScheme } from '../core/operations.js';
import { PRESENTATION_LABELS, type PresentationId } from '../core/presentations.js';
import type { Skip } from './skips.js';

/** Made-up credentials start with `conformance-invalid`, as the suite's own: the redactor leaves them readable. */
const WRONG_TOKEN = 'conformance-invalid-token';
const WRONG_USER = 'conformance-invalid-user';

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

/** The Authorization header to send (undefined: none), or why the exchange cannot be replayed. */
type Substitution = { readonly authorization: string | undefined } | Skip;

function madeUp(kind: 'malformed' | 'unknown-credentials' | 'other-scheme', scheme: AuthScheme): string {
  if (kind === 'malformed') return scheme === 'bearer' ? WRONG_TOKEN : `Basic ${WRONG_TOKEN}`;
  const bearer = (kind === 'unknown-credentials') === (scheme === 'bearer');
  return bearer ? `Bearer ${WRONG_TOKEN}` : `Basic ${b64(`${WRONG_USER}:${WRONG_PASSWORD}`)}`;
}

function ofKind(kind: PresentationId, scheme: AuthScheme, configured: ConfiguredCredentials): Substitution {
  if (kind === 'no-credentials') return { authorization: undefined };
  if (kind === 'malformed' || kind === 'unknown-credentials' || kind === 'other-scheme')
    return { authorization: madeUp(kind, scheme) };
  if (kind === 'valid') return scheme === 'bearer' ? ownBearer(configured) : ownBasic(configured);
  try {
    return { authorization: derivedAuthorization(kind, configured) };
  } catch {
    return { skip: `recorded with ${PRESENTATION_LABELS[kind]}: give the run the credentials it is derived from` };
  }
}

const ownBearer = (configured: ConfiguredCredentials): Substitution =>
  configured.token === undefined
    ? { skip: `whose Bearer token is not configured (pass --token or set ${ENV_TOKEN})` }
    : { authorization: `Bearer ${configured.token}` };

const ownBasic = (configured: ConfiguredCredentials): Substitution =>
  configured.basic === undefined
    ? { skip: `whose Basic credentials are not configured (pass --basic or set ${ENV_BASIC})` }
    : { authorization: `Basic ${b64(configured.basic)}` };

/** What replaces a recorded (redacted) Authorization header, given the status it was answered with. */
export function substituteCredentials(
  recorded: string | undefined,
  status: number | undefined,
  configured: ConfiguredCredentials,
  /** The kind the recording names, and the scheme of the operation's path. */
  presented?: { readonly kind: PresentationId; readonly scheme: AuthScheme },
): Substitution {
  if (presented) return ofKind(presented.kind, presented.scheme, configured);
  if (recorded === undefined) return { authorization: undefined };
  const scheme = /^(\S+)\s+\S/.exec(recorded.trim())?.[1];
  const kind = scheme?.toLowerCase();
  if (status === 401 || status === 403) {
    if (kind === 'basic') {
      const user = configured.basic?.slice(0, configured.basic.indexOf(':')) ?? WRONG_USER;
      return { authorization: `Basic ${b64(`${user}:${WRONG_PASSWORD}`)}` };
    }
    return { authorization: scheme ? `${scheme} ${WRONG_TOKEN}` : WRONG_TOKEN };
  }
  if (kind === 'bearer') return ownBearer(configured);
  if (kind === 'basic') return ownBasic(configured);
  return { skip: 'with credentials in a scheme other than Bearer or Basic (a run has none to send)' };
}
