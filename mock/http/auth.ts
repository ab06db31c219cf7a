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
const BASIC = /^basic +([A-Za-z0-9+/]+={0,2}) *$/i;

/** A character of RFC 6750's token68 before its `=` padding: `A-Za-z0-9-._~+/`. */
function isTokenChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 45 ||
    c === 46 ||
    c === 95 ||
    c === 126 ||
    c === 43 ||
    c === 47
  );
}

/**
 * The token of a well-formed `Bearer` header, or undefined: what `/^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i`
 * captures (auth.test.ts holds the two to each other), scanned by hand: a regular expression's match
 * and its array cost more than the rest of the credential check.
 */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const n = header.length;
  // "bearer", any case (c | 32 lower-cases an ASCII letter and maps no other character onto one).
  if (
    n < 8 ||
    (header.charCodeAt(0) | 32) !== 98 ||
    (header.charCodeAt(1) | 32) !== 101 ||
    (header.charCodeAt(2) | 32) !== 97 ||
    (header.charCodeAt(3) | 32) !== 114 ||
    (header.charCodeAt(4) | 32) !== 101 ||
    (header.charCodeAt(5) | 32) !== 114 ||
    header.charCodeAt(6) !== 32
  )
    return undefined;
  let i = 7;
  while (i < n && header.charCodeAt(i) === 32) i++;
  const start = i;
  while (i < n && isTokenChar(header.charCodeAt(i))) i++;
  if (i === start) return undefined;
  while (i < n && header.charCodeAt(i) === 61) i++;
  const end = i;
  while (i < n && header.charCodeAt(i) === 32) i++;
  return i === n ? header.slice(start, end) : undefined;
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

/** The outcomes without a user, shared (no object per request). */
const OK: AuthOutcome = Object.freeze({ ok: true });
const ABSENT: AuthOutcome = Object.freeze({ ok: false, presented: false });
const WRONG: AuthOutcome = Object.freeze({ ok: false, presented: true });

/** §5: `Authorization: Bearer <ACCESS_TOKEN>`. */
export function checkBearer(header: string | undefined, expected: Credential): AuthOutcome {
  if (!header) return ABSENT;
  const token = bearerTokenOf(header);
  if (token === undefined || !matches(token, expected)) return WRONG;
  return OK;
}

/** §5: `Authorization: Basic base64(user:pass)`; the expected credential is the whole `user:pass`. */
export function checkBasic(header: string | undefined, expected: Credential): AuthOutcome {
  if (!header) return ABSENT;
  const pair = basicPairOf(header);
  if (!pair || !matches(pair.decoded, expected)) return WRONG;
  return { ok: true, user: pair.user };
}
