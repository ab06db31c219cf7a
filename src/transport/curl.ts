/**
 * @module A copy-paste curl line for a recorded request (schemathesis's core/curl). Credentials
 * are never printed: the configured ones become `$CONFORMANCE_TOKEN` / `$CONFORMANCE_BASIC`, and
 * whatever remains goes through the redactor.
 */
import { ENV_BASIC, ENV_TOKEN } from '../core/defaults.js';
import type { Redactor } from '../core/redact.js';
import type { RecordedRequest } from './types.js';

/** POSIX single-quoting. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export interface CurlOptions {
  readonly token?: string | undefined;
  readonly basic?: string | undefined;
  readonly redact: Redactor;
}

const SKIP_HEADERS = new Set(['user-agent', 'content-length', 'host', 'connection']);

export function buildCurl(req: RecordedRequest, opts: CurlOptions): string {
  const parts = ['curl', '-sS', '-i'];
  if (req.method !== 'GET' || req.body !== undefined) parts.push('-X', req.method);
  parts.push(shellQuote(req.url));
  for (const [name, value] of Object.entries(req.headers)) {
    if (SKIP_HEADERS.has(name)) continue;
    if (name === 'authorization') {
      if (opts.token !== undefined && value === `Bearer ${opts.token}`) {
        parts.push('-H', `"Authorization: Bearer $${ENV_TOKEN}"`);
        continue;
      }
      if (opts.basic !== undefined && value === `Basic ${Buffer.from(opts.basic).toString('base64')}`) {
        parts.push('-u', `"$${ENV_BASIC}"`);
        continue;
      }
    }
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (req.body !== undefined) parts.push('--data-raw', shellQuote(req.body));
  return opts.redact(parts.join(' '));
}
