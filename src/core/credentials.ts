/** @module The configured credentials, and the presentations derived from them that a target must reject (§5). */
import { ConformanceError } from './errors.js';
import type { AuthScheme } from './operations.js';

export interface ConfiguredCredentials {
  readonly token?: string | undefined;
  /** `user:password` */
  readonly basic?: string | undefined;
}

/** Presentations derived from the configured credentials (never made up). */
export type DerivedPresentation =
  | 'v1-token-as-bearer'
  | 'v1-token-as-basic'
  | 'right-user-wrong-password'
  | 'v2-basic-on-v1'
  | 'token-with-suffix'
  | 'token-truncated';

/** The derived presentations that apply to a scheme's paths. */
export function derivedPresentations(scheme: AuthScheme): readonly DerivedPresentation[] {
  return scheme === 'bearer'
    ? ['v2-basic-on-v1', 'token-with-suffix', 'token-truncated']
    : ['v1-token-as-bearer', 'v1-token-as-basic', 'right-user-wrong-password'];
}

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

/** The fixed basic username of the evaluation-record service convention (`api:<key>`). */
export const CONVENTIONAL_BASIC_USER = 'api';

/** The password sent with the configured basic username (`right-user-wrong-password`). */
export const WRONG_PASSWORD = 'conformance-invalid-password';
/** Appended to the configured token (`token-with-suffix`). */
export const TOKEN_SUFFIX = '-conformance-invalid';

/** A token one character short: catches a prefix compare, and long enough to redact safely. */
export function truncatedToken(token: string): string {
  return token.slice(0, Math.max(1, token.length - 1));
}

/** Secrets the derived headers carry besides the configured ones, for the redactor. */
export function derivedSecrets(creds: ConfiguredCredentials): string[] {
  const out: string[] = [];
  if (creds.token) out.push(`${CONVENTIONAL_BASIC_USER}:${creds.token}`, truncatedToken(creds.token));
  return out;
}

function need(value: string | undefined, what: string, presentation: DerivedPresentation): string {
  if (!value)
    throw new ConformanceError(
      'CTS_NO_CREDENTIALS',
      `the presentation ${presentation} is built from the configured ${what}, and none was given`,
    );
  return value;
}

/** The Authorization header of a derived presentation; throws when it cannot be built or is the valid one. */
export function derivedAuthorization(presentation: DerivedPresentation, creds: ConfiguredCredentials): string {
  switch (presentation) {
    case 'v1-token-as-bearer':
      return `Bearer ${need(creds.token, 'token', presentation)}`;
    case 'v1-token-as-basic': {
      const value = `${CONVENTIONAL_BASIC_USER}:${need(creds.token, 'token', presentation)}`;
      if (value === creds.basic)
        throw new ConformanceError(
          'CTS_PRESENTATION_IS_VALID',
          'the configured basic credentials are api:<token>, so the token as Basic credentials is the valid presentation',
        );
      return `Basic ${b64(value)}`;
    }
    case 'right-user-wrong-password': {
      const basic = need(creds.basic, 'basic credentials', presentation);
      const user = basic.slice(0, basic.indexOf(':'));
      return `Basic ${b64(`${user}:${WRONG_PASSWORD}`)}`;
    }
    case 'v2-basic-on-v1':
      return `Basic ${b64(need(creds.basic, 'basic credentials', presentation))}`;
    case 'token-with-suffix':
      return `Bearer ${need(creds.token, 'token', presentation)}${TOKEN_SUFFIX}`;
    case 'token-truncated':
      return `Bearer ${truncatedToken(need(creds.token, 'token', presentation))}`;
  }
}
