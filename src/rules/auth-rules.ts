/**
 * @module §5 as rules, one check per presentation: a request with missing, malformed, wrong or derived
 * credentials is refused with a 4xx carrying no data (MUST), with 401 (SHOULD, RFC 9110).
 */
import { excerpt } from '../core/describe.js';
import { operation, operationLabel as label, type OperationId } from '../core/operations.js';
import { is2xx } from '../core/values.js';
import { type PresentationId, PRESENTATION_LABELS } from '../core/presentations.js';
import { derivedPresentations } from '../core/credentials.js';
import { servedData, unauthorizedStatusBreach } from './auth.js';
import { GATEWAY_STATUSES } from './answer-facts.js';
import type { ExchangeSeen, Verdict } from './evidence.js';
import type { Rule } from './rule.js';

/**
 * Why an answer to a request without valid credentials is not a 4xx refusal with no data: the
 * breach, or undefined when it is one (or a gateway's answer, which shows nothing).
 */
export function rejectionProblem(op: OperationId, status: number, json: unknown, bodyText: string): string | undefined {
  if (GATEWAY_STATUSES.has(status)) return undefined;
  const data = servedData(op, { json, response: { bodyText } });
  const said = `HTTP ${status}${bodyText ? `: ${excerpt(bodyText, 160)}` : ''}`;
  if (is2xx(status))
    return `${said}: the request was served without valid credentials${data ? `, returning ${data}` : ''}`;
  if (status < 400 || status > 499) return `${said}: not a 4xx`;
  return data ? `${said}: a ${status} that still carries ${data}` : undefined;
}

/** The check a request's credentials are the rule of, on its path's scheme. */
function presentationRule(e: ExchangeSeen): AuthRuleName | undefined {
  const { presentation, against } = e.request;
  const scheme = e.request.op.auth;
  if (against !== undefined && (derivedPresentations(scheme) as readonly PresentationId[]).includes(against))
    return 'derived';
  if (presentation === 'no-credentials') return 'missing';
  if (presentation === 'malformed') return 'malformed';
  if (presentation === 'other-scheme') return 'other-scheme';
  return against === 'unknown-credentials' ? 'wrong' : undefined;
}

type AuthRuleName = 'missing' | 'malformed' | 'wrong' | 'other-scheme' | 'derived';

function refused(name: AuthRuleName) {
  return (e: ExchangeSeen): Verdict => {
    if (presentationRule(e) !== name) return undefined;
    const op = e.request.op.id;
    // A refusal streamed or listed is not read whole: only its status is judged.
    const problem = rejectionProblem(op, e.status, e.json, e.text ?? '');
    if (problem === undefined) return GATEWAY_STATUSES.has(e.status) ? undefined : 'held';
    const shown = e.request.against ?? e.request.presentation;
    return { expected: `${PRESENTATION_LABELS[shown]}: a 4xx answer with no data (§5)`, actual: problem };
  };
}

/** One rejection rule of §5 for every operation. */
function rejection(name: AuthRuleName, check: string, what: (op: OperationId) => string, needs: string): Rule {
  return {
    side: 'server',
    id: `auth.${check}.{op}`,
    section: '§5',
    level: 'MUST',
    requirement: (op) =>
      `${label(op)} rejects ${what(op)} with a 4xx and returns no data (§5: ${operation(op).auth} authentication${name === 'derived' ? ' with the credentials of its family' : ''}).`,
    needs,
    slot: 'exchange',
    judge: refused(name),
  };
}

export const AUTH_RULES = {
  missing: rejection(
    'missing',
    'rejects-missing-credentials',
    () => 'a request without an Authorization header',
    'a request without an Authorization header',
  ),
  malformed: rejection(
    'malformed',
    'rejects-malformed-credentials',
    () => 'a malformed Authorization header',
    'a request with a malformed Authorization header',
  ),
  wrong: rejection(
    'wrong',
    'rejects-wrong-credentials',
    () => 'wrong credentials in the right scheme',
    'made-up credentials in the right scheme (known as made up when the proxy was given the real ones: --token, --basic)',
  ),
  otherScheme: rejection(
    'other-scheme',
    'rejects-other-scheme',
    () => "the other operation family's scheme (basic on /v1, bearer on /v2)",
    "a request in the other family's scheme",
  ),
  derived: rejection(
    'derived',
    'rejects-derived-credentials',
    (op) =>
      `credentials derived from the real ones (${derivedPresentations(operation(op).auth)
        .map((p) => PRESENTATION_LABELS[p])
        .join('; ')})`,
    'credentials derived from the real ones (the proxy told them: --token, --basic)',
  ),
  answers401: {
    side: 'server',
    id: 'auth.answers-401.{op}',
    section: '§5',
    level: 'SHOULD',
    convention: 'RFC 9110 401 for missing or invalid credentials',
    requirement: (op) =>
      `${label(op)} answers 401 Unauthorized to missing, malformed, wrong or other-scheme credentials.`,
    needs: 'a request refused for its credentials with a 4xx other than 404',
    slot: 'exchange',
    judge: (e) => {
      if (presentationRule(e) === undefined || e.status < 400 || e.status > 499) return undefined;
      // Whether the resource exists may be checked first: a 404 is not held against 401.
      const wrong = unauthorizedStatusBreach(e.status, true);
      return wrong
        ? {
            expected: 'HTTP 401 to a request refused for its credentials',
            actual: `${wrong}: ${excerpt(e.text ?? '', 120)}`,
          }
        : 'held';
    },
  },
} as const satisfies Record<string, Rule>;
