/** @module Planted faults for the §5 auth checks: unauthenticated requests served, or 401 answered otherwise. */
import { OPERATIONS } from '../../src/core/operations.js';
import { familyOf } from '../http/family.js';
import type { MockRequest, MockResponse } from '../types.js';
import { basicPairOf, bearerTokenOf } from '../http/auth.js';
import { faultTable, type Fault, type FaultContext } from './types.js';

const slugs = OPERATIONS.map((o) => o.id.replace(/\./g, '-'));
const every = (rule: string): string[] => slugs.map((s) => `auth.${rule}.${s}`);

export type Scheme = 'bearer' | 'basic';
const schemeOf = (req: MockRequest): Scheme => (familyOf(req.path) === 'records' ? 'basic' : 'bearer');

export function validHeader(scheme: Scheme, ctx: FaultContext): string {
  return scheme === 'bearer' ? `Bearer ${ctx.token}` : `Basic ${Buffer.from(ctx.basic).toString('base64')}`;
}

function withAuthorization(req: MockRequest, value: string, extra: Record<string, string> = {}): MockRequest {
  return { ...req, headers: { ...req.headers, authorization: value, ...extra } };
}

/** A header of the given scheme with credentials of the right form (RFC 6750 token68 / base64 `user:pass`). */
const wellFormed = (header: string, scheme: Scheme): boolean =>
  (scheme === 'bearer' ? bearerTokenOf(header) : basicPairOf(header)) !== undefined;

const otherScheme = (s: Scheme): Scheme => (s === 'bearer' ? 'basic' : 'bearer');

/** A `before` that serves the request with the mock's own credentials when its header passes `accepts`. */
export function serveWhen(accepts: (header: string, scheme: Scheme, ctx: FaultContext) => boolean) {
  return (req: MockRequest, ctx: FaultContext): MockRequest => {
    const h = req.headers.authorization;
    const scheme = schemeOf(req);
    return h && accepts(h, scheme, ctx) ? withAuthorization(req, validHeader(scheme, ctx)) : req;
  };
}

const namesAScheme = (header: string): boolean => /^(bearer|basic)(\s|$)/i.test(header);

const MARK = 'x-conformance-fault-unauthenticated';

export const authFaults: readonly Fault[] = faultTable({
  'auth.accepts-missing-credentials': {
    description: 'A request without an Authorization header is served as if it carried the default credentials.',
    breaks: every('rejects-missing-credentials'),
    before: (req, ctx) => (req.headers.authorization ? req : withAuthorization(req, validHeader(schemeOf(req), ctx))),
  },
  'auth.accepts-malformed-credentials': {
    description:
      'An Authorization header of the right scheme without well-formed credentials, or with no scheme at all, is served.',
    breaks: every('rejects-malformed-credentials'),
    before: serveWhen(
      (h, scheme) => (new RegExp(`^${scheme}(\\s|$)`, 'i').test(h) && !wellFormed(h, scheme)) || !namesAScheme(h),
    ),
  },
  'auth.accepts-any-credentials': {
    description: 'Well-formed credentials of the right scheme are never compared with the configured secret.',
    breaks: every('rejects-wrong-credentials'),
    before: serveWhen((h, scheme) => wellFormed(h, scheme)),
  },
  'auth.accepts-other-scheme': {
    description: "Credentials in the other family's scheme (basic on /v1, bearer on /v2) are served.",
    breaks: every('rejects-other-scheme'),
    before: serveWhen((h, scheme) => wellFormed(h, otherScheme(scheme))),
  },
  'auth.serves-data-with-401': {
    description:
      'A request without credentials is answered 401, but with the body of a successful answer (data leaks).',
    // §4.4's success body is not shown, so a leak there cannot be told from an error body.
    breaks: every('rejects-missing-credentials').filter((id) => !id.endsWith('.trajectories-log')),
    before: (req, ctx) =>
      req.headers.authorization ? req : withAuthorization(req, validHeader(schemeOf(req), ctx), { [MARK]: '1' }),
    after: (req, res): MockResponse => (req.headers[MARK] ? { ...res, status: 401 } : res),
  },
  'auth.forbidden-instead-of-unauthorized': {
    description: 'Missing or invalid credentials are answered 403 instead of 401.',
    breaks: every('answers-401'),
    after: (_req, res) => (res.status === 401 ? { ...res, status: 403 } : res),
  },
  'auth.bad-request-for-malformed-header': {
    description: 'A malformed Authorization header is answered 400 instead of 401.',
    breaks: every('answers-401'),
    after: (req, res) => {
      const h = req.headers.authorization;
      const malformed = h !== undefined && !wellFormed(h, 'bearer') && !wellFormed(h, 'basic');
      return res.status === 401 && malformed ? { ...res, status: 400 } : res;
    },
  },
});
