/**
 * @module §5 authentication: bearer on `/v1`, basic on `/v2`. Secrets are compared in constant time:
 * both sides are hashed to equal-length SHA-256 digests and compared with `timingSafeEqual`, so
 * neither the content nor the length of the expected secret leaks through timing.
 */
import * as crypto from 'node:crypto';
import { createHash, timingSafeEqual } from 'node:crypto';

/** A secret kept only as its digest. */
export interface Credential {
  readonly digest: Buffer;
}

// The one-shot `crypto.hash` (Node >= 20.12) costs a fraction of a Hash object per request.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'buffer') => Buffer }).hash;

function sha256(value: string): Buffer {
  return oneShot ? oneShot('sha256', value, 'buffer') : createHash('sha256').update(value, 'utf8').digest();
}

export function credential(secret: string): Credential {
  return { digest: sha256(secret) };
}

function matches(presented: string, expected: Credential): boolean {
  return timingSafeEqual(sha256(presented), expected.digest);
}

/** The outcome of checking an `Authorization` header. `presented`: some credential was sent. */
export type AuthOutcome = { ok: true; user?: string } | { ok: false; presented: boolean };

// RFC 7235 §2.1: the scheme is case-insensitive; RFC 6750 token68 for the bearer token.
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const BASIC = /^basic +([A-Za-z0-9+/]+={0,2}) *$/i;

/** §5: `Authorization: Bearer <ACCESS_TOKEN>`. */
export function checkBearer(header: string | undefined, expected: Credential): AuthOutcome {
  if (!header) return { ok: false, presented: false };
  const m = BEARER.exec(header);
  if (!m || !matches(m[1] as string, expected)) return { ok: false, presented: true };
  return { ok: true };
}

/** §5: `Authorization: Basic base64(user:pass)`; the expected credential is the whole `user:pass`. */
export function checkBasic(header: string | undefined, expected: Credential): AuthOutcome {
  if (!header) return { ok: false, presented: false };
  const m = BASIC.exec(header);
  if (!m) return { ok: false, presented: true };
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0 || !matches(decoded, expected)) return { ok: false, presented: true };
  return { ok: true, user: decoded.slice(0, colon) };
}
