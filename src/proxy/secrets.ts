/**
 * @module The secrets the proxy knows, given or learned from the traffic, redacted in every form from
 * whatever it writes; credentials past the cap are still masked by the redactor's own patterns.
 */
import { createRedactor, isSecretHeaderName, type Redactor } from '../core/redact.js';
import type { ConfiguredCredentials } from '../core/credentials.js';

/** Distinct secrets remembered (a redactor's cost grows with them). */
const MAX_SECRETS = 256;

/** The credentials a request presents, decoded. */
export interface PresentedCredentials {
  readonly token?: string;
  /** `user:password`. */
  readonly basic?: string;
}

/** What an Authorization header presents (the bearer token, or the decoded basic `user:pass`). */
function presentedCredentials(authorization: string | undefined): PresentedCredentials {
  const m = /^\s*(\S+)\s+(\S.*?)\s*$/s.exec(authorization ?? '');
  if (!m) return {};
  const scheme = m[1]!.toLowerCase();
  if (scheme === 'bearer') return { token: m[2]! };
  if (scheme === 'basic' && /^[A-Za-z0-9+/]+={0,2}$/.test(m[2]!)) {
    const decoded = Buffer.from(m[2]!, 'base64').toString('utf8');
    if (decoded.includes(':')) return { basic: decoded };
  }
  return {};
}

export class LearnedSecrets {
  private readonly secrets = new Set<string>();
  private current: Redactor = createRedactor([]);
  private stale = false;
  /** The last Authorization value read, and what it presents. */
  private lastAuthorization: string | undefined;
  private lastCredentials: PresentedCredentials = {};

  /** Learns the secrets of a request's headers (lower-case names); returns its credentials. */
  learn(headers: Readonly<Record<string, string | string[] | undefined>>): PresentedCredentials {
    const auth = headers.authorization;
    const authorization = Array.isArray(auth) ? auth[0] : auth;
    // Most traffic presents the same Authorization again and again: read once (the result is not changed by anyone).
    if (authorization !== this.lastAuthorization) {
      this.lastAuthorization = authorization;
      this.lastCredentials = presentedCredentials(authorization);
    }
    const creds = this.lastCredentials;
    if (creds.token !== undefined) this.add(creds.token);
    if (creds.basic !== undefined) this.add(creds.basic);
    // A value in an unknown scheme (`Token abc`), or unreadable Basic: the value itself.
    if (authorization && creds.token === undefined && creds.basic === undefined)
      this.add(authorization.trim().replace(/^\S+\s+/, ''));
    // Any other header whose name carries a secret (an API key, a cookie, a gateway token).
    // Object.keys, not for-in: it reads the object's cached key list, without its prototype chain.
    for (const name of Object.keys(headers)) {
      if (name === 'authorization' || !isSecretHeaderName(name)) continue;
      const v = headers[name];
      if (typeof v === 'string') this.add(v.trim().replace(/^\S+\s+(?=\S)/, ''));
    }
    return creds;
  }

  /** The credentials the user gave: redacted from the start, whether or not the traffic shows them. */
  know(credentials: ConfiguredCredentials): void {
    if (credentials.token !== undefined) this.add(credentials.token);
    if (credentials.basic !== undefined) {
      this.add(credentials.basic);
      this.add(credentials.basic.slice(credentials.basic.indexOf(':') + 1));
    }
  }

  /** Secrets of the proxy's own configuration (its `--header` values, a forward proxy's password). */
  knowValues(values: readonly string[]): void {
    for (const v of values) this.add(v);
  }

  private add(secret: string): void {
    // The suite's own made-up credentials (a replay's deliberately wrong token) stay readable, as the
    // redactor leaves them (src/core/redact.ts).
    if (secret.startsWith('conformance-invalid')) return;
    if (secret.length < 3 || this.secrets.has(secret) || this.secrets.size >= MAX_SECRETS) return;
    this.secrets.add(secret);
    this.stale = true;
  }

  /** The redactor of every secret learned so far. */
  redactor(): Redactor {
    if (this.stale) {
      this.current = createRedactor([...this.secrets]);
      this.stale = false;
    }
    return this.current;
  }
}
