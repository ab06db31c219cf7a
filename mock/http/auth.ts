/**
 * @module §5 authentication: bearer on `/v1`, basic on `/v2`. Secrets are compared in constant time
 * with `timingSafeEqual`: the same work (one comparison over the expected secret's length) whether
 * the presented credential is right, wrong, or of another length, so neither the content nor the
 * length of the secret shows in the answer's timing. (Hashing both sides first does the same at
 * about ten times the cost per request.)
 */
import { timingSafeEqual } from 'node:crypto';

/** A secret, as bytes. */
export interface Credential {
  readonly bytes: Buffer;
}

export function credential(secret: string): Credential {
  return { bytes: Buffer.from(secret, 'utf8') };
}

function matches(presented: string, expected: Credential): boolean {
  const bytes = Buffer.from(presented, 'utf8');
  // Another length: compare the secret with itself, so the work does not depend on the length.
  const same = bytes.length === expected.bytes.length;
  return timingSafeEqual(same ? bytes : expected.bytes, expected.bytes) && same;
}

/** The outcome of checking an `Authorization` header. `presented`: some credential was sent. */
export type AuthOutcome = { ok: true; user?: string } | { ok: false; presented: boolean };

// RFC 7235 §2.1: the scheme is case-insensitive; RFC 6750 token68 for the bearer token.
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const BASIC = /^basic +([A-Za-z0-9+/]+={0,2}) *$/i;

/** The token of a well-formed `Bearer` header, or undefined. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  return BEARER.exec(header ?? '')?.[1];
}

/** The decoded `user:password` of a well-formed `Basic` header, or undefined (no colon, not Basic). */
export function basicPairOf(
  header: string | undefined,
): { user: string; password: string; decoded: string } | undefined {
  const m = BASIC.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1), decoded };
}

/** §5: `Authorization: Bearer <ACCESS_TOKEN>`. */
export function checkBearer(header: string | undefined, expected: Credential): AuthOutcome {
  if (!header) return { ok: false, presented: false };
  const token = bearerTokenOf(header);
  if (token === undefined || !matches(token, expected)) return { ok: false, presented: true };
  return { ok: true };
}

/** §5: `Authorization: Basic base64(user:pass)`; the expected credential is the whole `user:pass`. */
export function checkBasic(header: string | undefined, expected: Credential): AuthOutcome {
  if (!header) return { ok: false, presented: false };
  const pair = basicPairOf(header);
  if (!pair || !matches(pair.decoded, expected)) return { ok: false, presented: true };
  return { ok: true, user: pair.user };
}
