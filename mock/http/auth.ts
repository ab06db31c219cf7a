/** @module §5 authentication: bearer on `/v1`, basic on `/v2`, secrets compared in constant time. */
import { timingSafeEqual } from 'node:crypto';

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

/** The characters of RFC 6750's token68 before its `=` padding, by code: `A-Za-z0-9-._~+/`. */
const TOKEN_CHAR = Uint8Array.from({ length: 128 }, (_, c) =>
  /[A-Za-z0-9\-._~+/]/.test(String.fromCharCode(c)) ? 1 : 0,
);
const isTokenChar = (c: number): boolean => TOKEN_CHAR[c] === 1;

/** The token of a well-formed `Bearer` header: what `/^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i` captures, scanned by hand. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const n = header.length;
  if (n < 8 || header.charCodeAt(6) !== 32) return undefined;
  // "bearer", any case (c | 32 lower-cases an ASCII letter and maps no other character onto one).
  for (let k = 0; k < 6; k++) if ((header.charCodeAt(k) | 32) !== 'bearer'.charCodeAt(k)) return undefined;
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
