/**
 * @module The credentials a replayed request carries. A recording holds none (the proxy redacts them
 * to `Bearer ***`), and a recorded value is never sent: a request that had credentials and was not
 * refused gets the run's own in the same scheme (Bearer: --token, Basic: --basic), one that was
 * refused (401/403) gets deliberately wrong ones of the same scheme, so that it is refused again,
 * and one without gets none.
 */
import { ENV_BASIC, ENV_TOKEN } from '../core/defaults.js';
import { type ConfiguredCredentials, WRONG_PASSWORD } from '../core/credentials.js';
import type { Skip } from './skips.js';

/** Made-up credentials start with `conformance-invalid`, as the suite's own: the redactor leaves them readable. */
const WRONG_TOKEN = 'conformance-invalid-token';
const WRONG_USER = 'conformance-invalid-user';

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

/** The Authorization header to send (undefined: none), or why the exchange cannot be replayed. */
type Substitution = { readonly authorization: string | undefined } | Skip;

/**
 * What replaces a recorded Authorization header (`recorded`, redacted), given the status the request
 * was answered with (undefined: not answered) and the run's credentials.
 */
export function substituteCredentials(
  recorded: string | undefined,
  status: number | undefined,
  configured: ConfiguredCredentials,
): Substitution {
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
  if (kind === 'bearer')
    return configured.token === undefined
      ? { skip: `whose Bearer token is not configured (pass --token or set ${ENV_TOKEN})` }
      : { authorization: `Bearer ${configured.token}` };
  if (kind === 'basic')
    return configured.basic === undefined
      ? { skip: `whose Basic credentials are not configured (pass --basic or set ${ENV_BASIC})` }
      : { authorization: `Basic ${b64(configured.basic)}` };
  return { skip: 'with credentials in a scheme other than Bearer or Basic (a run has none to send)' };
}
